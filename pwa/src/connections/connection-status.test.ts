import { IMPORT_CLOSE_READY } from "@chatflow/core/contract/whatsapps.ts";
import { describe, expect, it } from "vitest";
import { importReading, preparingEndsAt, qrDialogShouldClose, sessionButtons } from "./connection-status.ts";

const wa = (status: string, more: Partial<Parameters<typeof sessionButtons>[0]> = {}) => ({
  channel: "whatsapp" as const,
  status,
  statusImportMessages: null,
  importOldMessages: null,
  ...more,
});

describe("session buttons (spec 2 §4)", () => {
  it("offers exactly the buttons each status allows", () => {
    expect(sessionButtons(wa("qrcode"))).toEqual(["qrcode"]);
    expect(sessionButtons(wa("DISCONNECTED"))).toEqual(["retry", "newQr"]);
    for (const s of ["CONNECTED", "PAIRING", "TIMEOUT"]) expect(sessionButtons(wa(s)), s).toEqual(["disconnect"]);
    expect(sessionButtons(wa("OPENING"))).toEqual(["connecting"]);
  });

  it("offers a Graph API connection only a re-check while down, and Facebook/Instagram a reconnect for a dead token", () => {
    expect(sessionButtons({ ...wa("CONNECTED"), channel: "whatsappapi" })).toEqual([]);
    expect(sessionButtons({ ...wa("DISCONNECTED"), channel: "whatsappapi" })).toEqual(["retry"]);
    const dead = { reason: "token-expired" as const, detail: "", since: "", retryAt: null };
    expect(sessionButtons({ ...wa("DISCONNECTED"), channel: "whatsappapi", statusReason: dead })).toEqual(["retry"]);
    expect(sessionButtons({ ...wa("DISCONNECTED"), channel: "facebook", statusReason: dead })).toEqual([
      "reconnect",
      "retry",
    ]);
    const blip = { ...dead, reason: "graph-unreachable" as const };
    expect(sessionButtons({ ...wa("DISCONNECTED"), channel: "instagram", statusReason: blip })).toEqual(["retry"]);
    expect(sessionButtons({ ...wa("CONNECTED"), channel: "facebook" })).toEqual([]);
  });

  it("adds close-imported once the import says so, and 'preparing' for 35 s after the import's start", () => {
    expect(sessionButtons(wa("CONNECTED", { statusImportMessages: IMPORT_CLOSE_READY }))).toEqual([
      "disconnect",
      "closeImported",
    ]);
    const started = 1_000_000;
    const importing = wa("CONNECTED", { statusImportMessages: String(started), importOldMessages: "2026-01-01" });
    expect(sessionButtons(importing, started + 34_999)).toEqual(["disconnect", "preparing"]);
    expect(preparingEndsAt(importing, started + 1)).toBe(started + 35_000);
    expect(sessionButtons(importing, started + 35_000)).toEqual(["disconnect"]);
    // Without import enabled the timestamp means nothing.
    expect(sessionButtons({ ...importing, importOldMessages: null }, started + 1)).toEqual(["disconnect"]);
    // Not while disconnected.
    expect(sessionButtons({ ...importing, status: "DISCONNECTED" }, started + 1)).toEqual(["retry", "newQr"]);
  });
});

describe("import progress card", () => {
  it("reads -1 as preparing, otherwise processed of all", () => {
    expect(importReading(null)).toBeNull();
    expect(importReading({ this: -1, all: 0, date: "2026-01-01" })).toEqual({ preparing: true });
    expect(importReading({ this: 40, all: 100, date: "2026-01-01" })).toEqual({ processed: 40, total: 100 });
  });
});

describe("QR dialog", () => {
  it("closes when the code it showed is gone, not while still waiting for the first", () => {
    expect(qrDialogShouldClose(null, null)).toBe(false);
    expect(qrDialogShouldClose(null, "2@abc")).toBe(false);
    expect(qrDialogShouldClose("2@abc", "2@def")).toBe(false);
    expect(qrDialogShouldClose("2@abc", null)).toBe(true);
    expect(qrDialogShouldClose("2@abc", "")).toBe(true);
  });
});
