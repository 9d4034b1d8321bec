import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n.ts";
import {
  connectionRequest,
  importResetsSession,
  newConnectionForm,
  tabOfField,
  validateConnectionForm,
} from "./connection-form.ts";

const NOW = new Date("2026-11-24T12:00:00Z");
const ctx = { userRating: false, withHours: false, now: NOW };
const valid = () => ({ ...newConnectionForm("whatsapp", true), name: "Loja" });

describe("connection form rules (spec 2 §5)", () => {
  it("checks the name: required, 2 to 50 characters, in the spec's words", async () => {
    await i18n.changeLanguage("en");
    expect(validateConnectionForm({ ...valid(), name: "" }, ctx).name).toBe("Required");
    expect(validateConnectionForm({ ...valid(), name: "A" }, ctx).name).toBe("Too Short!");
    expect(validateConnectionForm({ ...valid(), name: "A".repeat(51) }, ctx).name).toBe("Too Long!");
    expect(validateConnectionForm(valid(), ctx)).toEqual({});
  });

  it("asks for the rating question and a non-zero expiry when the company uses ratings", () => {
    const errors = validateConnectionForm(valid(), { ...ctx, userRating: true });
    expect(Object.keys(errors).sort()).toEqual(["expiresTicketNPS", "ratingMessage"]);
    expect(tabOfField("ratingMessage")).toBe("messages");
    expect(tabOfField("expiresTicketNPS")).toBe("assessments");
    expect(
      validateConnectionForm(
        { ...valid(), ratingMessage: "Nota?", expiresTicketNPS: "10" },
        { ...ctx, userRating: true },
      ),
    ).toEqual({});
  });

  it("ties the redirect queue and its time together", () => {
    expect(Object.keys(validateConnectionForm({ ...valid(), timeSendQueue: "5" }, ctx))).toEqual(["sendIdQueue"]);
    expect(Object.keys(validateConnectionForm({ ...valid(), sendIdQueue: 3 }, ctx))).toEqual(["timeSendQueue"]);
    expect(tabOfField("sendIdQueue")).toBe("chatbot");
  });

  it("needs both vacation dates with a vacation message, the end not before the start", () => {
    const f = { ...valid(), collectiveVacationMessage: "Férias" };
    expect(Object.keys(validateConnectionForm(f, ctx)).sort()).toEqual([
      "collectiveVacationEnd",
      "collectiveVacationStart",
    ]);
    const backwards = { ...f, collectiveVacationStart: "2026-12-20", collectiveVacationEnd: "2026-12-10" };
    expect(validateConnectionForm(backwards, ctx).collectiveVacationEnd).toBe("The end comes before the start");
  });

  it("needs the import queue and dates within two years, not in the future", () => {
    const f = { ...valid(), importOldMessages: "2026-01-01" };
    expect(Object.keys(validateConnectionForm(f, ctx))).toEqual(["queueIdImportMessages"]);
    expect(tabOfField("queueIdImportMessages")).toBe("import");
    const old = { ...f, queueIdImportMessages: 1, importOldMessages: "2024-11-23" };
    expect(Object.keys(validateConnectionForm(old, ctx))).toEqual(["importOldMessages"]);
    const recent = { ...f, queueIdImportMessages: 1, importRecentMessages: "2025-12-31" };
    expect(Object.keys(validateConnectionForm(recent, ctx))).toEqual(["importRecentMessages"]);
    expect(validateConnectionForm({ ...f, queueIdImportMessages: 1, importRecentMessages: "2026-11-24" }, ctx)).toEqual(
      {},
    );
  });

  it("needs a greeting with more than one queue", () => {
    expect(Object.keys(validateConnectionForm({ ...valid(), queueIds: [1, 2] }, ctx))).toEqual(["greetingMessage"]);
  });

  it("flags a count that is not a whole number", () => {
    expect(Object.keys(validateConnectionForm({ ...valid(), maxUseBotQueues: "2.5" }, ctx))).toEqual([
      "maxUseBotQueues",
    ]);
  });
});

describe("connection request", () => {
  it("sends import options only for WhatsApp by QR, Cloud API secrets only when typed, hours only when used", () => {
    const qr = connectionRequest(valid(), { withHours: false });
    expect(qr).toHaveProperty("importOldMessages", null);
    expect(qr).not.toHaveProperty("schedules");
    expect(qr).not.toHaveProperty("accessToken");
    const cloud = connectionRequest(
      { ...newConnectionForm("whatsappapi", false), name: "API", accessToken: " EAAG " },
      { withHours: true },
    );
    expect(cloud).not.toHaveProperty("importOldMessages");
    expect(cloud).toMatchObject({ accessToken: "EAAG", channel: "whatsappapi" });
    expect(cloud).not.toHaveProperty("appSecret");
    expect(cloud.schedules).toHaveLength(7);
    // The WhatsApp Business Account is shown back, so it goes as it stands: typed, or emptied to clear it.
    expect(cloud).toHaveProperty("businessAccountId", null);
    const waba = { ...newConnectionForm("whatsappapi", false), name: "API", businessAccountId: " 1234 " };
    expect(connectionRequest(waba, { withHours: false })).toHaveProperty("businessAccountId", "1234");
    expect(qr).not.toHaveProperty("businessAccountId");
  });

  it("warns that the session resets only when a connected session's import options change", () => {
    const existing = {
      channel: "whatsapp",
      status: "CONNECTED",
      importOldMessages: null,
      importRecentMessages: null,
      importOldMessagesGroups: false,
      closedTicketsPostImported: false,
      queueIdImportMessages: null,
    } as unknown as Parameters<typeof importResetsSession>[1];
    const turnedOn = { ...valid(), importOldMessages: "2026-01-01", queueIdImportMessages: 1 };
    expect(importResetsSession(turnedOn, existing)).toBe(true);
    expect(importResetsSession(valid(), existing)).toBe(false);
    expect(importResetsSession(turnedOn, { ...existing!, status: "DISCONNECTED" })).toBe(false);
    expect(importResetsSession(turnedOn, null)).toBe(false);
  });
});

describe("connection default flow tab (decision 0054)", () => {
  it("sends the LGPD labels (blank texts as none), refuses a link that is not a web address, and renews the token only when asked", async () => {
    await i18n.changeLanguage("en");
    const f = {
      ...valid(),
      lgpdLink: " https://loja.example/lgpd ",
      lgpdMessage: "  ",
      lgpdObfuscateDeleted: true,
      lgpdAlwaysConfirm: true,
    };
    const body = connectionRequest(f, { withHours: false });
    expect(body).toMatchObject({
      lgpdLink: "https://loja.example/lgpd",
      lgpdMessage: null,
      lgpdObfuscateDeleted: true,
      lgpdAlwaysConfirm: true,
    });
    expect(body).not.toHaveProperty("token");
    expect(connectionRequest({ ...f, regenerateToken: true }, { withHours: false }).token).toBeNull();
    const errors = validateConnectionForm({ ...f, lgpdLink: "loja.example" }, ctx);
    expect(Object.keys(errors)).toEqual(["lgpdLink"]);
    expect(errors.lgpdLink).toBe("Enter an address starting with http:// or https://");
    expect(tabOfField("lgpdLink")).toBe("messages");
    expect(validateConnectionForm(f, ctx)).toEqual({});
  });

  it("sends the welcome and not-matched flows, and opens their tab on their errors", () => {
    const body = connectionRequest({ ...valid(), flowIdWelcome: 7, flowIdNotPhrase: null }, { withHours: false });
    expect(body).toMatchObject({ flowIdWelcome: 7, flowIdNotPhrase: null });
    expect(tabOfField("flowIdWelcome")).toBe("flowbuilder");
    expect(tabOfField("flowIdNotPhrase")).toBe("flowbuilder");
  });
});
