// The loops agents run all day (issue 8, "Quality bar"), each as one test in chromium against the whole stack:
// 1. a new customer message notifies, is accepted, answered with an image and a voice note, transferred,
//    resolved with the farewell and reopened;
// 2. an agent offline accepts and answers while a colleague online transfers another ticket and takes a third
//    one first: both converge when the first agent is back, and the lost accept names who holds the ticket.
// (The admin's loop — add a user, import contacts, tag — is pwa/e2e/admin.test.ts.)

import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { buildQueue, buildUser } from "@chatflow/core/testing/factories.ts";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { toInbox, until } from "./support.ts";

const world = browserStackForFile({
  chromiumArgs: ["--use-fake-device-for-media-stream", "--use-fake-ui-for-media-stream"],
});

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const FAREWELL = "Obrigado pelo contato, até logo!";

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await world.stack.core.db.pool.query(text, params)).rows as T[];

type TicketRow = { id: number; uuid: string; status: string; user_id: number | null; queue_id: number | null };
async function ticketOf(number: string): Promise<TicketRow | undefined> {
  const rows = await sql<TicketRow>(
    `SELECT t.id, t.uuid, t.status, t.user_id, t.queue_id FROM tickets t JOIN contacts c ON c.id = t.contact_id
     WHERE c.number = $1 AND c.company_id = 1 ORDER BY t.id DESC LIMIT 1`,
    [number],
  );
  return rows[0];
}

/** Moves a ticket at the server as another process would, recorded so every replica hears of it. */
async function setTicket(id: number, set: string, params: unknown[]) {
  await transaction(world.stack.core.db.pool, async (client) => {
    await client.query(`UPDATE tickets SET ${set} WHERE id = $1 AND company_id = 1`, [id, ...params]);
    await recordChanges(client, [{ companyId: 1, entity: "tickets", id }]);
  });
}

async function signIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await page.goto(`${world.stack.core.url}/login`);
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
  await toInbox(page);
  return page;
}

const assigned = (page: Page, text: string) =>
  until(`'${text}' in the header`, async () => (await page.getByTestId("ticket-assigned").textContent()) === text);

async function openTicket(page: Page, uuid: string) {
  await page.goto(`${world.stack.core.url}/tickets/${uuid}`);
  await page.getByTestId("ticket-header").waitFor();
}

/** Graph API requests of one kind to one number (the fake records every send). */
const sentTo = (to: string, type: string) =>
  world.stack.graph.requests.filter((r) => {
    const body = r.body as { to?: string; type?: string };
    return body.to === to && body.type === type;
  });

describe("an agent's working day", () => {
  it("a new message notifies; accepted, answered with an image and a voice note, transferred, resolved with farewell, reopened", async () => {
    const pool = world.stack.core.db.pool;
    const sales = (await buildQueue(pool, { companyId: 1, name: "Vendas", color: "#1e88e5" })).id;
    await buildQueue(pool, { companyId: 1, name: "Suporte", color: "#8e24aa" });
    const bruno = await buildUser(pool, { companyId: 1, profile: "user", name: "Bruno Agente" });
    await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, 1)", [bruno.id, sales]);
    const [admin] = await sql<{ id: number }>("SELECT id FROM users WHERE email = 'admin@chatflow.local'");
    await pool.query("UPDATE users SET farewell_message = $2 WHERE id = $1", [admin!.id, FAREWELL]);
    // Pending conversations notify too (showNotificationPending), set before the browser signs in.
    const { token } = await world.stack.core.login("admin@chatflow.local", "chatflow");
    const set = await world.stack.core.api("PUT", "/companySettings", {
      token,
      body: { column: "showNotificationPending", data: "true" },
    });
    expect(set.status).toBe(200);

    const page = await signIn(world.browser, "admin@chatflow.local", "chatflow");
    expect(await page.title()).toBe("Chat-flow");

    // A customer writes: the bell and the page title count it; the notification opens the conversation.
    const number = "5511955550001";
    expect(
      await world.stack.deliverInbound({
        from: number,
        name: "Marina",
        text: "Oi, quero um orçamento",
        id: "wamid.wd.1",
      }),
    ).toBe(200);
    await page.getByTestId("notifications-count").waitFor();
    expect(await page.getByTestId("notifications-count").textContent()).toBe("1");
    expect(await page.title()).toBe("(1) Chat-flow");
    await page.getByTestId("notifications-button").click();
    const item = page.getByTestId("notification-item").filter({ hasText: "Marina" });
    await item.getByRole("button").click();
    await page.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
    await page.getByTestId("message-bubble").filter({ hasText: "Oi, quero um orçamento" }).waitFor();

    // Accepted into a queue.
    await page.getByTestId("reply-gate-accept").click();
    await page.getByTestId("queue-choice-dialog").waitFor();
    await page.getByTestId("queue-choice-select").click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.getByTestId("queue-choice-submit").click();
    await page.getByTestId("message-input").waitFor();
    await assigned(page, "Atribuído à: Admin");
    const t = await until("the accept at the server", async () => {
      const row = await ticketOf(number);
      return row?.status === "open" && row.user_id === admin!.id && row.queue_id === sales ? row : undefined;
    });

    // Answered with a captioned image and a voice note: each reaches the channel once.
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("message-attach").click();
    await (await chooser).setFiles({ name: "orcamento.png", mimeType: "image/png", buffer: PNG });
    await page.getByTestId("media-preview").waitFor();
    await page.getByTestId("media-caption").fill("Segue o orçamento");
    await page.getByTestId("media-preview-send").click();
    await page.getByTestId("message-bubble").filter({ hasText: "Segue o orçamento" }).waitFor();
    await until("the image at the Graph API", () => sentTo(number, "image").length === 1);

    await page.getByTestId("record-start").click();
    await page.getByTestId("recording").waitFor();
    await page.waitForTimeout(1200); // a voice note needs some length; the fake microphone speaks meanwhile
    await page.getByTestId("record-stop").click();
    await until("the voice note at the Graph API", () => sentTo(number, "audio").length === 1);
    await until("both stored as media", async () => {
      const rows = await sql<{ media_type: string }>(
        "SELECT media_type FROM messages WHERE ticket_id = $1 AND company_id = 1 AND from_me ORDER BY created_at",
        [t.id],
      );
      return rows.map((r) => r.media_type).join() === "image,audio";
    });

    // Transferred to a colleague with a note: the screen goes back to the list.
    await page.getByTestId("ticket-more").click();
    await page.getByTestId("ticket-menu-transfer").click();
    await page.getByTestId("transfer-dialog").waitFor();
    await page.getByTestId("transfer-user").fill("Bru");
    await page.getByRole("option", { name: "Bruno Agente" }).click();
    await page.getByTestId("transfer-note").fill("Cliente quer desconto");
    await page.getByTestId("transfer-submit").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the transfer at the server", async () => (await ticketOf(number))?.user_id === bruno.id);

    // Resolved with the farewell (the admin steps in), then reopened.
    await openTicket(page, t.uuid);
    await assigned(page, "Atribuído à: Bruno Agente");
    await page.getByTestId("ticket-resolve").click();
    await page.getByTestId("ticket-resolve-farewell").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the ticket closed", async () => (await ticketOf(number))?.status === "closed");
    await until("the farewell at the Graph API", () =>
      sentTo(number, "text").some((r) => (r.body as { text?: { body?: string } }).text?.body === FAREWELL),
    );

    await openTicket(page, t.uuid);
    await page.getByTestId("reply-gate").waitFor();
    expect(await page.getByTestId("message-input").count()).toBe(0);
    await page.getByTestId("reply-gate-reopen").click();
    await page.getByTestId("message-input").waitFor();
    await until("the reopen at the server", async () => {
      const row = await ticketOf(number);
      return row?.status === "open" && row.user_id === admin!.id;
    });
    // Nothing went out twice along the way.
    expect(sentTo(number, "image")).toHaveLength(1);
    expect(sentTo(number, "audio")).toHaveLength(1);
    await page.context().close();
    await world.stack.core.api("PUT", "/companySettings", {
      token: (await world.stack.core.login("admin@chatflow.local", "chatflow")).token,
      body: { column: "showNotificationPending", data: "false" },
    });
  });

  it("an agent offline accepts and answers while a colleague transfers another ticket and takes a third first; both converge", async () => {
    const pool = world.stack.core.db.pool;
    const [sales] = await sql<{ id: number }>("SELECT id FROM queues WHERE company_id = 1 AND name = 'Vendas'");
    const [admin] = await sql<{ id: number }>("SELECT id FROM users WHERE email = 'admin@chatflow.local'");
    // A colleague in the same queue, signed in on her own device.
    const carla = await buildUser(pool, { companyId: 1, profile: "user", name: "Carla Agente" });
    await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, 1)", [
      carla.id,
      sales!.id,
    ]);

    // Three conversations: two waiting in Vendas, one Carla is attending.
    const waiting1 = "5511955550011";
    const held = "5511955550012";
    const waiting2 = "5511955550013";
    for (const [from, name, id] of [
      [waiting1, "Otávio", "wamid.wd.11"],
      [held, "Patrícia", "wamid.wd.12"],
      [waiting2, "Quitéria", "wamid.wd.13"],
    ] as const) {
      expect(await world.stack.deliverInbound({ from, name, text: `Olá, sou ${name}`, id })).toBe(200);
    }
    const t1 = (await until("ticket 1", () => ticketOf(waiting1)))!;
    const t2 = (await until("ticket 2", () => ticketOf(held)))!;
    const t3 = (await until("ticket 3", () => ticketOf(waiting2)))!;
    await setTicket(t1.id, "queue_id = $2", [sales!.id]);
    await setTicket(t2.id, "queue_id = $2, status = 'open', user_id = $3", [sales!.id, carla.id]);
    await setTicket(t3.id, "queue_id = $2", [sales!.id]);

    const adminPage = await signIn(world.browser, "admin@chatflow.local", "chatflow");
    const carlaPage = await signIn(world.browser, carla.email, carla.password);

    // The admin goes offline, accepts and answers ticket 1, and accepts ticket 3: all applied at once, queued.
    await openTicket(adminPage, t1.uuid);
    await adminPage.getByTestId("message-bubble").filter({ hasText: "Olá, sou Otávio" }).waitFor();
    await openTicket(adminPage, t3.uuid);
    await adminPage.getByTestId("message-bubble").filter({ hasText: "Olá, sou Quitéria" }).waitFor();
    await adminPage.context().setOffline(true);
    await adminPage.getByTestId("tickets-tab-pending").click();
    await adminPage.getByTestId("ticket-item").filter({ hasText: "Otávio" }).click();
    await adminPage.getByTestId("reply-gate-accept").click();
    await adminPage.getByTestId("message-input").waitFor();
    await adminPage.getByTestId("message-input").fill("Oi Otávio, já vejo seu pedido");
    await adminPage.getByTestId("message-send").click();
    await adminPage.getByTestId("message-bubble").filter({ hasText: "Oi Otávio, já vejo seu pedido" }).waitFor();
    await adminPage.getByTestId("tickets-tab-pending").click();
    await adminPage.getByTestId("ticket-item").filter({ hasText: "Quitéria" }).click();
    await adminPage.getByTestId("reply-gate-accept").click();
    await adminPage.getByTestId("message-input").waitFor();
    await assigned(adminPage, "Atribuído à: Admin");
    expect(Number((await adminPage.getByTestId("outbox-count").textContent())?.trim())).toBe(3);

    // Meanwhile Carla, online: transfers her ticket to the admin and takes ticket 3 first.
    await openTicket(carlaPage, t2.uuid);
    await carlaPage.getByTestId("ticket-more").click();
    await carlaPage.getByTestId("ticket-menu-transfer").click();
    await carlaPage.getByTestId("transfer-dialog").waitFor();
    await carlaPage.getByTestId("transfer-user").fill("Adm");
    await carlaPage.getByRole("option", { name: "Admin" }).click();
    await carlaPage.getByTestId("transfer-submit").click();
    await carlaPage.waitForURL((url) => url.pathname === "/tickets");
    await until("the transfer at the server", async () => (await ticketOf(held))?.user_id === admin!.id);
    await openTicket(carlaPage, t3.uuid);
    await carlaPage.getByTestId("reply-gate-accept").click();
    await carlaPage.getByTestId("message-input").waitFor();
    await until("Carla's accept at the server", async () => (await ticketOf(waiting2))?.user_id === carla.id);
    expect((await ticketOf(waiting1))?.status).toBe("pending");

    // The admin is back: the queue drains once; the lost accept names Carla; every screen converges.
    await adminPage.context().setOffline(false);
    const notice = adminPage.getByTestId("open-ticket-notice");
    await notice.waitFor();
    expect(await adminPage.getByTestId("open-ticket-notice-text").textContent()).toBe(
      "Este contato já está sendo atendido por Carla Agente na fila Vendas.",
    );
    await adminPage.getByTestId("open-ticket-notice-close").click();
    await assigned(adminPage, "Atribuído à: Carla Agente");
    await until(
      "the outbox drained",
      async () => (await adminPage.getByTestId("outbox-count").textContent())?.trim() === "0",
    );
    const row1 = await ticketOf(waiting1);
    expect(row1).toMatchObject({ status: "open", user_id: admin!.id });
    await until("the offline reply at the Graph API", () =>
      sentTo(waiting1, "text").some((r) =>
        ((r.body as { text?: { body?: string } }).text?.body ?? "").endsWith("Oi Otávio, já vejo seu pedido"),
      ),
    );
    expect(sentTo(waiting1, "text")).toHaveLength(1);
    expect((await ticketOf(waiting2))?.user_id).toBe(carla.id);

    // The admin's inbox now holds the transferred ticket; Carla's no longer waits on ticket 1.
    await adminPage.goto(`${world.stack.core.url}/tickets`);
    await adminPage.getByTestId("tickets-tab-open").click();
    await adminPage.getByTestId("ticket-item").filter({ hasText: "Patrícia" }).waitFor();
    await carlaPage.goto(`${world.stack.core.url}/tickets`);
    await carlaPage.getByTestId("tickets-tab-pending").click();
    await until(
      "ticket 1 gone from Carla's waiting list",
      async () => (await carlaPage.getByTestId("ticket-item").filter({ hasText: "Otávio" }).count()) === 0,
    );
    await carlaPage.getByTestId("tickets-tab-open").click();
    await carlaPage.getByTestId("ticket-item").filter({ hasText: "Quitéria" }).waitFor();
    await adminPage.context().close();
    await carlaPage.context().close();
  });
});
