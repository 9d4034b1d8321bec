// The keyboard shortcuts and the command palette (decision 0090) as an agent uses them, in chromium against the
// whole stack, with the keyboard only once signed in: Alt+K and Alt+J through the inbox, '/' to the search,
// Alt+L to the composer (a reply typed and sent, a '?' in it opening nothing), Alt+P to a private note, Alt+T to
// the transfer dialog, Alt+E to the two ways of resolving, '?' to the cheat sheet, and Ctrl+K to a conversation
// by its number, to a screen and to an action on the open ticket.
import { buildQueue, buildUser } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { acceptAsAdmin, serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

const CUSTOMERS = [
  { from: "5511911110001", name: "Maria Teclado" },
  { from: "5511911110002", name: "João Teclado" },
  { from: "5511911110003", name: "Ana Teclado" },
  { from: "5511911110004", name: "Pedro Teclado" },
];
let agent: { id: number; name: string };
let page: Page;

type TicketRow = { id: number; uuid: string; status: string; user_id: number | null };

async function ticketOf(number: string): Promise<TicketRow> {
  const { rows } = await world.stack.core.db.pool.query(
    `SELECT t.id, t.uuid, t.status, t.user_id FROM tickets t JOIN contacts c ON c.id = t.contact_id
     WHERE c.number = $1 ORDER BY t.id DESC LIMIT 1`,
    [number],
  );
  return rows[0] as TicketRow;
}

async function ticketByUuid(uuid: string): Promise<TicketRow> {
  const { rows } = await world.stack.core.db.pool.query(
    "SELECT id, uuid, status, user_id FROM tickets WHERE uuid = $1",
    [uuid],
  );
  return rows[0] as TicketRow;
}

async function stored(ticketId: number, body: string) {
  const { rows } = await world.stack.core.db.pool.query(
    "SELECT body, is_private FROM messages WHERE ticket_id = $1 AND body LIKE $2",
    [ticketId, `%${body}%`],
  );
  return rows as { body: string; is_private: boolean }[];
}

/** The uuids of the ticket list's rows, top to bottom. */
const listed = () =>
  page
    .locator("[data-testid=ticket-rows] a[data-testid=ticket-item]")
    .evaluateAll((rows) => rows.map((r) => (r.getAttribute("href") ?? "").split("/").pop() ?? ""));

const path = () => new URL(page.url()).pathname;
const focusedTestId = () => page.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? null);

/** Presses a chord and waits for the conversation `by` rows from the open one, as the list stands before the press. */
async function step(chord: string, by: 1 | -1) {
  const rows = await listed();
  const current = path().split("/").pop()!;
  const at = rows.indexOf(current);
  expect(at).toBeGreaterThanOrEqual(0);
  const next = rows[at + by];
  expect(next).toBeDefined();
  const from = path();
  await page.keyboard.press(chord);
  // The row `by` away as the list stood before the press, or as it stands after (opening a conversation reads it,
  // and the list may move it meanwhile).
  await until(`the conversation ${by > 0 ? "below" : "above"}`, async () => {
    if (path() === from) return false;
    const now = await listed();
    return path() === `/tickets/${next}` || path() === `/tickets/${now[now.indexOf(current) + by]}`;
  });
  await page.getByTestId("ticket-header").waitFor();
}

/**
 * Moves the palette's marked row down to the one with this key (`ticket:<uuid>`, `screen:/path`, `action:<id>`) with
 * the arrow keys, and runs it with Enter. (A contact may have more than one conversation: the key says which.)
 * The marked row is the one the list shows as focused; the box names it in aria-activedescendant, which react-aria
 * sets up to 500 ms after the row was marked by typing (so a screen reader's echo of the typed letter is not cut
 * off), and an arrow key on the last row moves nothing that would set it sooner: the name is waited for, not raced.
 */
async function choose(key: string) {
  const item = page.locator(`[data-testid=palette-item][data-key="${key}"]`);
  await item.waitFor();
  const want = await item.getAttribute("id");
  const input = page.getByTestId("palette-input");
  for (let i = 0; i < 20 && (await item.getAttribute("data-focused")) !== "true"; i++) {
    await page.keyboard.press("ArrowDown");
  }
  await until(
    "the marked row named by the box",
    async () => (await input.getAttribute("aria-activedescendant")) === want,
    5_000,
  );
  await page.keyboard.press("Enter");
}

/** Presses Tab until the element with this test id has the keyboard (a dialog's fields, in their order). */
async function tabTo(testId: string, most = 12) {
  for (let i = 0; i < most; i++) {
    if ((await focusedTestId()) === testId) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${testId}`);
}

forFile(async () => {
  const pool = world.stack.core.db.pool;
  const sales = (await buildQueue(pool, { companyId: 1, name: "Vendas", color: "#1e88e5" })).id;
  const built = await buildUser(pool, { companyId: 1, profile: "user", name: "Bruno Agente" });
  agent = { id: built.id, name: "Bruno Agente" };
  await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, 1)", [agent.id, sales]);
  await pool.query("UPDATE users SET farewell_message = 'Até logo!' WHERE email = 'admin@chatflow.local'");
  // Four conversations the admin attends, so they stand in the 'Atendendo' tab with their composers.
  for (const [i, c] of CUSTOMERS.entries()) {
    expect(await world.stack.deliverInbound({ ...c, text: "Olá, preciso de ajuda", id: `wamid.kb${i}` })).toBe(200);
    const t = await until(`${c.name}'s ticket`, () => ticketOf(c.from));
    expect(await acceptAsAdmin(world.stack.core.url, t.id, sales)).toBe(200);
  }

  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
  await page.getByTestId("tickets-tab-open").click();
  await until("the four conversations listed", async () => (await listed()).length === 4);
});

describe("keyboard shortcuts", () => {
  it("moves through the inbox, replies, writes a note, transfers and resolves with the keyboard", async () => {
    // Alt+K from no open conversation opens the first row; again, the one below; Alt+J the one above. (Opening
    // a conversation reads it, which may move it in the list: each step is checked against the list as it stands.)
    const first = (await listed())[0]!;
    await page.keyboard.press("Alt+K");
    await until("the first conversation", () => path() === `/tickets/${first}`);
    await page.getByTestId("ticket-header").waitFor();
    await step("Alt+K", 1);
    await step("Alt+J", -1);
    const current = path().split("/").pop()!;

    // '/' takes the keyboard to the list's search; in there, Alt+L types nothing and moves nowhere.
    await page.keyboard.press("/");
    expect(await focusedTestId()).toBe("ticket-search");
    await page.keyboard.press("Alt+L");
    expect(await focusedTestId()).toBe("ticket-search");
    expect(await page.getByTestId("ticket-search").inputValue()).toBe("");
    // Out of the field (Tab), Alt+L reaches the composer: a reply is typed and sent; its '?' opens no sheet.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Alt+L");
    expect(await focusedTestId()).toBe("message-input");
    await page.keyboard.type("Olá pelo teclado, tudo bem?");
    expect(await page.getByTestId("cheat-sheet").count()).toBe(0);
    await page.keyboard.press("Enter");
    const open = await ticketByUuid(current);
    await until("the reply stored", async () => (await stored(open.id, "Olá pelo teclado")).length === 1);
    expect((await stored(open.id, "Olá pelo teclado"))[0]!.is_private).toBe(false);

    // Alt+P: private-note mode, keyboard in the box (from inside the composer it does not fire: Tab out first).
    await page.keyboard.press("Tab");
    await page.keyboard.press("Alt+P");
    expect(await page.getByTestId("composer").getAttribute("data-private")).toBe("true");
    expect(await focusedTestId()).toBe("message-input");
    await page.keyboard.type("Nota pelo teclado");
    await page.keyboard.press("Enter");
    await until("the note stored", async () => (await stored(open.id, "Nota pelo teclado")).length === 1);
    expect((await stored(open.id, "Nota pelo teclado"))[0]!.is_private).toBe(true);
    // Alt+L brings the reply mode back.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Alt+L");
    expect(await page.getByTestId("composer").getAttribute("data-private")).toBe("false");
    await page.keyboard.press("Tab");

    // Alt+O opens the contact's details beside the conversation, and closes them again.
    await page.keyboard.press("Alt+O");
    await page.getByTestId("contact-drawer").waitFor();
    await page.keyboard.press("Alt+O");
    await until("the details closed", async () => (await page.getByTestId("contact-drawer").count()) === 0);

    // Alt+T: the header's transfer dialog; the colleague chosen by typing, the transfer sent with Enter.
    await page.keyboard.press("Alt+T");
    await page.getByTestId("transfer-dialog").waitFor();
    await tabTo("transfer-user");
    await page.keyboard.type("Bru");
    await page.getByRole("option", { name: agent.name }).waitFor();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    expect(await page.getByTestId("transfer-user").inputValue()).toBe(agent.name);
    await tabTo("transfer-submit");
    await page.keyboard.press("Enter");
    await until("back to the list", () => path() === "/tickets");
    await until("the transfer at the server", async () => (await ticketByUuid(current)).user_id === agent.id);

    // Alt+E on the next conversation: the farewell is a choice, so the palette offers the two ways.
    await page.keyboard.press("Alt+K");
    await until("a conversation open", () => path().startsWith("/tickets/") && path() !== "/tickets/");
    const resolving = path().split("/").pop()!;
    await page.getByTestId("ticket-header").waitFor();
    await page.keyboard.press("Alt+E");
    const palette = page.getByTestId("command-palette");
    await palette.waitFor();
    const ways = await page.getByTestId("palette-item").allTextContents();
    expect(ways).toEqual(["Resolver com mensagem de despedida", "Resolver sem mensagem de despedida"]);
    await page.keyboard.type("sem");
    await page.keyboard.press("Enter");
    await until("back to the list", () => path() === "/tickets");
    await until("the ticket resolved", async () => (await ticketByUuid(resolving)).status === "closed");
  });

  it("shows the cheat sheet on '?' with this platform's keys, and closes it with Escape", async () => {
    await page.goto(`${world.stack.core.url}/tickets`);
    await page.getByTestId("ticket-rows").waitFor();
    await page.keyboard.press("?");
    const sheet = page.getByTestId("cheat-sheet");
    await sheet.waitFor();
    // Chromium on Linux: Alt and Ctrl (a Mac shows ⌥ and ⌘, keys.test.ts).
    expect(await page.getByTestId("cheat-sheet-nextConversation").textContent()).toContain("Alt+K");
    expect(await page.getByTestId("cheat-sheet-palette").textContent()).toContain("Ctrl+K");
    expect(await page.getByTestId("cheat-sheet-resolve").textContent()).toContain("Resolver o ticket aberto");
    // Another shortcut does nothing while the sheet owns the keys.
    await page.keyboard.press("Alt+C");
    expect(path()).toBe("/tickets");
    await page.keyboard.press("Escape");
    await until("the sheet closed", async () => (await sheet.count()) === 0);
  });

  it("goes with Ctrl+K to a conversation by its number, to a screen, and runs an action on the open ticket", async () => {
    // One of the conversations the first test left with the admin (it transferred one and resolved another).
    let target: (typeof CUSTOMERS)[number] | undefined;
    for (const c of CUSTOMERS) {
      const t = await ticketOf(c.from);
      if (!target && t.status === "open" && t.user_id !== agent.id) target = c;
    }
    if (!target) throw new Error("no conversation left open");
    const chosen = await ticketOf(target.from);
    await page.goto(`${world.stack.core.url}/tickets`);
    await page.getByTestId("ticket-rows").waitFor();
    const palette = page.getByTestId("command-palette");

    // A conversation by (part of) the contact's number.
    await page.keyboard.press("Control+K");
    await palette.waitFor();
    expect(await focusedTestId()).toBe("palette-input");
    await page.keyboard.type(target.from.slice(4));
    await choose(`ticket:${chosen.uuid}`);
    await until("the conversation found", () => path() === `/tickets/${chosen.uuid}`);
    await until("the palette closed", async () => (await palette.count()) === 0);
    await page.getByTestId("ticket-header").waitFor();

    // An action on the open ticket: its actions come first, named after the contact.
    await page.keyboard.press("Control+K");
    await palette.waitFor();
    await page.getByRole("group", { name: `Ticket de ${target.name}` }).waitFor();
    await page.keyboard.type("retornar");
    await page.keyboard.press("Enter");
    await until("back to the list", () => path() === "/tickets");
    await until("the ticket back in the queue", async () => {
      const t = await ticketByUuid(chosen.uuid);
      return t.status === "pending" && t.user_id === null;
    });

    // A screen by its name, accents not needed; Ctrl+K works from inside a field too.
    await page.keyboard.press("/");
    expect(await focusedTestId()).toBe("ticket-search");
    await page.keyboard.press("Control+K");
    await palette.waitFor();
    await page.keyboard.type("relatorios");
    await page.getByTestId("palette-item").filter({ hasText: "Relatórios" }).waitFor();
    await page.keyboard.press("Enter");
    await until("the reports screen", () => path() === "/reports");

    // Escape closes it; the same chord toggles it.
    await page.keyboard.press("Control+K");
    await palette.waitFor();
    await page.keyboard.press("Escape");
    await until("the palette closed", async () => (await palette.count()) === 0);
    await page.keyboard.press("Control+K");
    await palette.waitFor();
    await page.keyboard.press("Control+K");
    await until("the palette closed again", async () => (await palette.count()) === 0);

    // Alt+C back to the inbox.
    await page.keyboard.press("Alt+C");
    await until("the inbox", () => path() === "/tickets");
  });

  it("finds a conversation this device holds and opens a screen with no network", async () => {
    const ana = await ticketOf("5511911110003");
    await page.goto(`${world.stack.core.url}/tickets`);
    await page.getByTestId("ticket-rows").waitFor();
    await serviceWorkerInControl(page);
    await page.context().setOffline(true);
    try {
      const palette = page.getByTestId("command-palette");
      await page.keyboard.press("Control+K");
      await palette.waitFor();
      await page.keyboard.type("ana tecl");
      await choose(`ticket:${ana.uuid}`);
      await until("Ana's conversation, offline", () => path() === `/tickets/${ana.uuid}`);
      await page.getByTestId("ticket-header").waitFor();

      await page.keyboard.press("Control+K");
      await palette.waitFor();
      await page.keyboard.type("contatos");
      await page.getByTestId("palette-item").filter({ hasText: "Contatos" }).first().waitFor();
      await page.keyboard.press("Enter");
      await until("the contacts screen, offline", () => path() === "/contacts");
    } finally {
      await page.context().setOffline(false);
    }
  });
});
