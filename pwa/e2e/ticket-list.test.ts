// The ticket list of the inbox (spec 1 §2 Tickets screen, issue 8 "Tickets → List") in chromium:
// tabs with their counts (the closed tab's from core: the replica holds only the latest REPLICA_BOOT_LIMITS.closed),
// the item's tags, unread badge and rating, a tag filter, the 500 ms search that also finds
// tickets beyond the replica, paging past the replica, a new ticket from the list and close-all.
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page, Request } from "playwright-core";
import { describe, expect, it } from "vitest";
import { REPLICA_BOOT_LIMITS } from "../../core/src/contract/sync.ts";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile();
const CLOSED = REPLICA_BOOT_LIMITS.closed + 30;

async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await world.stack.core.db.pool.query(text, params)).rows as T[];
}

const tabLabel = (page: Page, tab: string) => page.getByTestId(`tickets-tab-${tab}`);
const item = (page: Page, name: string) =>
  page
    .getByTestId("ticket-item")
    .filter({ has: page.getByTestId("ticket-item-name").getByText(name, { exact: true }) });

forFile(async () => {
  const wa = world.stack.whatsappId;
  const adminId = (await sql<{ id: number }>("SELECT id FROM users WHERE email = 'admin@chatflow.local'"))[0]!.id;
  await sql("INSERT INTO queues (company_id, name, color) VALUES (1, 'Vendas', '#E53935'), (1, 'Suporte', '#43A047')");
  const tagId = (
    await sql<{ id: number }>(
      "INSERT INTO tags (company_id, name, color, kanban) VALUES (1, 'Urgente', '#FF9800', 0) RETURNING id",
    )
  )[0]!.id;
  // Contacts: three waiting, two attended by the admin, the closed history, one with no ticket yet.
  const contact = async (name: string, n: number) =>
    (
      await sql<{ id: number }>(
        `INSERT INTO contacts (company_id, name, number, whatsapp_id, channel) VALUES (1, $1, $2, $3, 'whatsappapi') RETURNING id`,
        [name, `55119770${String(n).padStart(5, "0")}`, wa],
      )
    )[0]!.id;
  const ticket = async (
    contactId: number,
    status: string,
    o: { userId?: number; unread?: number; minutesAgo?: number } = {},
  ) =>
    (
      await sql<{ id: number }>(
        `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, channel, unread_messages, last_message, updated_at)
         VALUES (1, $1, $2, $3, $4, 'whatsappapi', $5, 'Olá, preciso de ajuda', now() - make_interval(mins => $6)) RETURNING id`,
        [contactId, wa, status, o.userId ?? null, o.unread ?? 0, o.minutesAgo ?? 0],
      )
    )[0]!.id;
  const urgent = await ticket(await contact("Pendente Um", 1), "pending", { unread: 2 });
  await sql("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, 1)", [urgent, tagId]);
  await ticket(await contact("Pendente Dois", 2), "pending", { minutesAgo: 1 });
  await ticket(await contact("Pendente Três", 3), "pending", { minutesAgo: 2 });
  await ticket(await contact("Aberto Um", 4), "open", { userId: adminId });
  await ticket(await contact("Aberto Dois", 5), "open", { userId: adminId, minutesAgo: 1 });
  await sql(
    `WITH c AS (
       INSERT INTO contacts (company_id, name, number, whatsapp_id, channel)
       SELECT 1, 'Antigo ' || lpad(i::text, 4, '0'), '55118880' || lpad(i::text, 5, '0'), $1, 'whatsappapi'
       FROM generate_series(1, $2::int) i RETURNING id, name)
     INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, channel, last_message, updated_at)
     SELECT 1, c.id, $1, 'closed', 'whatsappapi', 'Obrigado!', now() - make_interval(hours => substr(c.name, 8)::int)
     FROM c`,
    [wa, CLOSED],
  );
  await sql(
    `INSERT INTO user_ratings (company_id, ticket_id, rate)
     SELECT 1, t.id, 5 FROM tickets t JOIN contacts c ON c.id = t.contact_id WHERE c.name = 'Antigo 0001'`,
  );
  await contact("Novo Cliente", 9);
});

describe("ticket list", () => {
  it("counts, filters, searches past the replica, pages past it, starts a ticket and closes all", async () => {
    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    const searches: string[] = [];
    page.on("request", (r: Request) => {
      const url = new URL(r.url());
      if (url.pathname === "/tickets" && url.searchParams.has("searchParam")) {
        searches.push(url.searchParams.get("searchParam")!);
      }
    });
    await signIn(page, world.stack.core.url);

    // --- Tabs with counts: in progress from the replica, closed from core (beyond the replica's limit).
    await tabLabel(page, "open").getByText("Atendendo (2)").waitFor();
    await tabLabel(page, "pending").getByText("Aguardando (3)").waitFor();
    await tabLabel(page, "closed").getByText(`Resolvidos (${CLOSED})`).waitFor();
    await item(page, "Aberto Um").waitFor();

    // --- The pending tab: the tag and the unread badge on the item; a tag filter narrows it.
    await tabLabel(page, "pending").click();
    const urgent = item(page, "Pendente Um");
    await urgent.getByTestId("ticket-item-tag").getByText("Urgente").waitFor();
    expect(await urgent.getByTestId("ticket-item-unread").textContent()).toContain("2");
    expect(await page.getByTestId("ticket-item").count()).toBe(3);
    await page.getByTestId("ticket-filters").click();
    await page.getByTestId("ticket-filter-tags").click();
    await page.getByRole("option", { name: "Urgente" }).click();
    await page.keyboard.press("Escape");
    await tabLabel(page, "pending").getByText("Aguardando (1)").waitFor();
    await until("one pending ticket listed", async () => (await page.getByTestId("ticket-item").count()) === 1);
    await page.keyboard.press("Escape");
    await page.getByTestId("ticket-filters").click();
    await page.getByRole("button", { name: "Limpar filtros" }).click();
    await page.getByTestId("ticket-filters-panel").waitFor({ state: "detached" });
    await tabLabel(page, "pending").getByText("Aguardando (3)").waitFor();

    // --- Search, debounced: one request for the whole text, and it finds tickets the replica lacks.
    await page.getByTestId("ticket-search").pressSequentially("Antigo 202", { delay: 60 });
    await item(page, "Antigo 2025").waitFor();
    await expect.poll(() => page.getByTestId("ticket-item").count()).toBe(10);
    expect(await tabLabel(page, "search").getAttribute("aria-selected")).toBe("true");
    expect(searches).toEqual(["antigo 202"]);
    expect(await item(page, "Antigo 2025").getAttribute("data-remote")).toBe("true");
    await page.getByTestId("ticket-search").fill("");

    // --- Closed: newest first, the rating emoji; scrolling pages past the replica to the oldest.
    await tabLabel(page, "closed").click();
    await item(page, "Antigo 0001").getByTestId("ticket-item-rating").waitFor();
    const rows = page.getByTestId("ticket-rows");
    await until(
      "the oldest closed ticket",
      async () => {
        await rows.evaluate((el) => el.scrollTo(0, el.scrollHeight));
        return (await item(page, `Antigo ${CLOSED}`).count()) === 1;
      },
      90_000,
    );
    expect(await item(page, `Antigo ${CLOSED}`).getAttribute("data-remote")).toBe("true");
    const listed = await rows.evaluate((el) => el.querySelector(".virtual-list-space")!.clientHeight);
    // Every closed ticket once: local rows, then only those core has beyond them.
    expect(listed).toBe(CLOSED * 84);

    // --- New ticket: contact found from 3 letters, the queue is required, then the ticket opens.
    await tabLabel(page, "open").click();
    await page.getByTestId("ticket-new").click();
    await page.getByTestId("new-ticket-contact").pressSequentially("Nov", { delay: 30 });
    await page.getByRole("option", { name: /Novo Cliente/ }).click();
    await page.getByTestId("start-ticket-submit").click();
    await page.getByText("Selecione uma fila").waitFor();
    await page.getByTestId("start-ticket-queue").click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.getByTestId("start-ticket-submit").click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    const [created] = await sql<{ uuid: string; status: string; queue: string }>(
      `SELECT t.uuid, t.status, q.name AS queue FROM tickets t JOIN contacts c ON c.id = t.contact_id
       JOIN queues q ON q.id = t.queue_id WHERE c.name = 'Novo Cliente'`,
    );
    expect(created).toMatchObject({ status: "open", queue: "Vendas" });
    expect(page.url()).toContain(created!.uuid);
    await tabLabel(page, "open").getByText("Atendendo (3)").waitFor();

    // --- Close all, after the confirmation: every pending ticket closes.
    await tabLabel(page, "pending").click();
    await page.getByTestId("ticket-close-all").click();
    await page.getByTestId("ticket-close-all-dialog").getByRole("button", { name: "Fechar todos" }).click();
    await until(
      "the pending tickets closed",
      async () => (await sql("SELECT 1 FROM tickets WHERE company_id = 1 AND status = 'pending'")).length === 0,
    );
    await tabLabel(page, "pending").getByText("Aguardando (0)").waitFor();
    await context.close();
  });
});
