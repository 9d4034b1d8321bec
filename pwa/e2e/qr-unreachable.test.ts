// WhatsApp by QR code with no route to WhatsApp (issue 22; decision 0093), in chromium against the whole stack whose
// worker runs Baileys' own socket pointed at a closed port on loopback: the socket fails as it would without a
// network (Baileys reports a 408 carrying the socket's ECONNREFUSED). The QR dialog shows its progress, then within
// 20 s the plain reason, and one retry button that starts again; the row offers what a down session allows.

import AxeBuilder from "@axe-core/playwright";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baileysSocketAt } from "../../channel-worker/src/adapters/whatsapp-baileys-socket.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { freePort } from "../../test/free-port.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile({
  baileysSocket: async () => baileysSocketAt(`ws://127.0.0.1:${await freePort()}/ws/chat`),
});
let page: Page;
const SHOTS = process.env.SCREENSHOT_DIR;

async function shot(name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
  const axe = await new AxeBuilder({ page })
    .exclude("[data-live-announcer]")
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${name} ${v.id}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

let connectionId: number;

forFile(async () => {
  // Made through the API before the browser signs in (a login ends the user's other session).
  const { core } = world.stack;
  const admin = await core.login("admin@chatflow.local", "chatflow");
  const created = await core.api("POST", "/whatsapp", {
    token: admin.token,
    body: { name: "Loja sem rede", channel: "whatsapp" },
  });
  expect(created.status).toBe(201);
  connectionId = created.body.id;
  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

describe("QR code without a route to WhatsApp", () => {
  it("the dialog shows progress, then within 20 s why WhatsApp cannot be reached, and one retry", async () => {
    const { core } = world.stack;
    await page.goto(`${core.url}/connections`);
    const row = page.getByTestId("connection-row").filter({ hasText: "Loja sem rede" });
    await row.getByTestId("connection-newQr").click();
    const dialog = page.getByTestId("qr-dialog");
    await dialog.waitFor();
    const asked = Date.now();
    // Within about 20 s (Baileys' own connect timeout is 20 s; a refused connect fails at once).
    const failed = dialog.getByTestId("qr-failed");
    await failed.waitFor({ timeout: 20_000 });
    expect(Date.now() - asked).toBeLessThan(20_000);
    expect(await failed.getAttribute("data-reason")).toBe("whatsapp-unreachable");
    expect(await failed.textContent()).toContain(
      "Não foi possível obter o QR Code: não foi possível alcançar o WhatsApp (sem rede ou bloqueado).",
    );
    expect(await dialog.getByTestId("qr-retry").count()).toBe(1);
    const stored = await core.db.pool.query("SELECT status, status_reason FROM whatsapps WHERE id = $1", [
      connectionId,
    ]);
    expect(stored.rows[0].status_reason.detail).toContain("ECONNREFUSED");
    await shot("qr-unreachable-desk");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot("qr-unreachable-phone");
    await page.setViewportSize({ width: 1366, height: 800 });

    // One retry: the session starts again at once (its progress), and fails again for the same reason.
    const before = (
      await core.db.pool.query("SELECT status_reason->>'since' AS since FROM whatsapps WHERE id = $1", [connectionId])
    ).rows[0].since;
    await dialog.getByTestId("qr-retry").click();
    await until("core to clear the reason for the new try", async () => {
      const r = await core.db.pool.query("SELECT status_reason FROM whatsapps WHERE id = $1", [connectionId]);
      return r.rows[0].status_reason === null || r.rows[0].status_reason.since !== before;
    });
    await dialog.getByTestId("qr-failed").waitFor({ timeout: 20_000 });
    await page.keyboard.press("Escape");
    // The row offers what a down session allows: try again and a new QR code, nothing else.
    await row.getByText("Desconectado", { exact: true }).waitFor();
    expect(await row.getByTestId("connection-reason").textContent()).toContain("não foi possível alcançar o WhatsApp");
    expect(await row.getByTestId("connection-retry").count()).toBe(1);
    expect(await row.getByTestId("connection-newQr").count()).toBe(1);
    expect(await row.getByTestId("connection-disconnect").count()).toBe(0);
  });
});
