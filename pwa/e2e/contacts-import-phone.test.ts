// "Importar do telefone" (spec 1 §2 contacts' import menu; decision 0112) in chromium against the whole stack, the
// channel worker's Baileys adapter on a stand-in socket: the phone's address book arrives as Baileys itself emits it
// (a `contactAction` app-state mutation, encoded with Baileys' `proto` and run through its processContactAction),
// the worker keeps those contacts, and the menu's dialog imports them: created and ignored counted, a number already
// saved ignored, the Cloud API connection not offered. Reached from the keyboard; looked at (axe, nothing past the
// right edge) at 360, 390 and 1366 px, light and dark.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import { proto } from "@whiskeysockets/baileys";
import { emitSyncActionResults, processContactAction } from "@whiskeysockets/baileys/lib/Utils/sync-action-utils.js";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openStandInConnection } from "../../channel-worker/src/testing/open-stand-in.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { ADMIN, LOOK_SIZES, looked, signIn, until } from "./support.ts";

const world = browserStackForFile({ baileys: true });

/** The phone's address book: two new people and one the company has already. */
const ADDRESS_BOOK: [string, proto.SyncActionValue.IContactAction][] = [
  ["5511976541001@s.whatsapp.net", { fullName: "Helena Telefone", lidJid: "70001@lid" }],
  ["5511976541002@s.whatsapp.net", { firstName: "Igor" }],
  ["5511976541003@s.whatsapp.net", { fullName: "Júlia da Agenda" }],
];

forFile(async () => {
  const { pool } = world.stack.core.db;
  const login = await fetch(`${world.stack.core.url}/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await login.json()) as { token: string };
  const auth = { "Content-Type": "application/json", Authorization: `Bearer ${token}` };
  const created = await fetch(`${world.stack.core.url}/whatsapp`, {
    method: "POST",
    headers: auth,
    body: JSON.stringify({ name: "Celular da loja", channel: "whatsapp" }),
  });
  expect(created.status).toBe(201);
  const whatsappId = ((await created.json()) as { id: number }).id;
  const start = await fetch(`${world.stack.core.url}/whatsappsession/${whatsappId}`, {
    method: "POST",
    headers: auth,
    body: "{}",
  });
  expect(start.status).toBe(200);
  const s = await openStandInConnection(
    pool,
    world.stack.baileys!,
    { companyId: 1, whatsappId },
    { user: "5511999990000:3@s.whatsapp.net", timeoutMs: 20_000 },
  );
  for (const [jid, action] of ADDRESS_BOOK) {
    const bytes = proto.SyncActionValue.ContactAction.encode(
      proto.SyncActionValue.ContactAction.fromObject(action),
    ).finish();
    emitSyncActionResults(s.ev, processContactAction(proto.SyncActionValue.ContactAction.decode(bytes), jid));
  }
  await pool.query(
    "INSERT INTO contacts (company_id, name, number) VALUES (1, 'Júlia já cadastrada', '5511976541003')",
  );
  await until("the phone's contacts kept", async () => {
    const r = await pool.query("SELECT 1 FROM phone_contacts WHERE company_id = 1 AND whatsapp_id = $1", [whatsappId]);
    return r.rowCount === 3 ? true : undefined;
  });
});

async function openPhoneImport(page: Page) {
  await page.goto(`${world.stack.core.url}/contacts`);
  const menu = page.getByTestId("contacts-io-menu");
  await menu.waitFor();
  // From the keyboard: the menu button, then the first item.
  await menu.focus();
  await page.keyboard.press("Enter");
  const item = page.getByRole("menuitem", { name: "Importar do telefone" });
  await item.waitFor();
  await item.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByTestId("import-phone-dialog");
  await dialog.waitFor();
  return dialog;
}

describe("contacts import from the phone", () => {
  it("imports the contacts the WhatsApp connection knows, the saved number ignored, at every size", async () => {
    const problems: string[] = [];
    for (const [i, size] of LOOK_SIZES.entries()) {
      const theme = i === 1 ? "dark" : "light";
      const context = await world.browser.newContext({
        viewport: { width: size.width, height: size.height },
        colorScheme: theme,
      });
      const page = await context.newPage();
      page.on("pageerror", (e) => console.error("page error:", e.message));
      await signIn(page, world.stack.core.url);
      const dialog = await openPhoneImport(page);
      // The one QR connection is chosen; the Cloud API connection of the stack is not offered.
      await dialog.getByTestId("import-phone-connection").getByText("Celular da loja").waitFor();
      await dialog.getByTestId("import-phone-connection").click();
      expect(await page.getByRole("option").allInnerTexts()).toEqual(["Celular da loja"]);
      await page.keyboard.press("Escape");
      problems.push(...(await looked(page, `import-phone-${size.name}-${theme}`)));

      await dialog.getByTestId("import-phone-start").focus();
      await page.keyboard.press("Enter");
      await dialog.getByTestId("import-phone-result").waitFor();
      const first = i === 0;
      expect(await dialog.getByTestId("import-phone-created").textContent()).toBe(
        first ? "2 contatos criados" : "0 contatos criados",
      );
      expect(await dialog.getByTestId("import-phone-ignored").textContent()).toBe(
        first ? "1 contatos ignorados (já cadastrados)" : "3 contatos ignorados (já cadastrados)",
      );
      problems.push(...(await looked(page, `import-phone-result-${size.name}-${theme}`)));
      await dialog.getByTestId("import-phone-close").click();
      await dialog.waitFor({ state: "detached" });
      if (first) {
        // The new contacts reach the list through the replica's pull.
        await page.getByText("Helena Telefone").first().waitFor();
        await page.getByText("Igor").first().waitFor();
      }
      await context.close();
    }
    const { rows } = await world.stack.core.db.pool.query(
      "SELECT name, number FROM contacts WHERE company_id = 1 AND number LIKE '55119765410%' ORDER BY number",
    );
    expect(rows).toEqual([
      { name: "Helena Telefone", number: "5511976541001" },
      { name: "Igor", number: "5511976541002" },
      { name: "Júlia já cadastrada", number: "5511976541003" },
    ]);
    expect(problems).toEqual([]);
  });
});
