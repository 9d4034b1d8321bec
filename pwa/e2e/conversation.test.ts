// The conversation's loops as an agent runs them, in chromium against the whole stack: a pending
// ticket is accepted (choosing a queue), transferred to a colleague, resolved with the farewell and
// reopened; an accept made offline that another agent beat shows who holds the ticket once back
// online; and the contact drawer takes a note, a new tag and a block.

import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { buildQueue, buildUser } from "@chatflow/core/testing/factories.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { signIn, until } from "./support.ts";

const world = browserStackForFile();

const FAREWELL = "Obrigado pelo contato, até logo!";
let sales: number;
let agent: { id: number; email: string; password: string };
let adminId: number;
let page: Page;

async function ticketOf(number: string) {
  const { rows } = await world.stack.core.db.pool.query(
    `SELECT t.id, t.uuid, t.status, t.user_id, t.queue_id FROM tickets t JOIN contacts c ON c.id = t.contact_id
     WHERE c.number = $1 ORDER BY t.id DESC LIMIT 1`,
    [number],
  );
  return rows[0] as { id: number; uuid: string; status: string; user_id: number | null; queue_id: number | null };
}

async function openTicket(uuid: string) {
  await page.goto(`${world.stack.core.url}/tickets/${uuid}`);
  await page.getByTestId("ticket-header").waitFor();
}

/** The header's 'assigned to' line reads `text` (it follows the replica, so it may take a moment). */
const assigned = (text: string) =>
  until(`'${text}' in the header`, async () => (await page.getByTestId("ticket-assigned").textContent()) === text);

forFile(async () => {
  const pool = world.stack.core.db.pool;
  sales = (await buildQueue(pool, { companyId: 1, name: "Vendas", color: "#1e88e5" })).id;
  await buildQueue(pool, { companyId: 1, name: "Suporte", color: "#8e24aa" });
  agent = { ...(await buildUser(pool, { companyId: 1, profile: "user", name: "Bruno Agente" })) };
  await pool.query("INSERT INTO user_queues (user_id, queue_id, company_id) VALUES ($1, $2, 1)", [agent.id, sales]);
  const admin = await pool.query("SELECT id FROM users WHERE email = 'admin@chatflow.local'");
  adminId = admin.rows[0].id;
  await pool.query("UPDATE users SET farewell_message = $2 WHERE id = $1", [adminId, FAREWELL]);

  const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await context.newPage();
  page.on("pageerror", (e) => console.error("page error:", e.message));
  await signIn(page, world.stack.core.url);
});

describe("conversation", () => {
  it("accepts a pending ticket through the queue dialog, transfers it, resolves it with farewell and reopens it", async () => {
    expect(
      await world.stack.deliverInbound({
        from: "5511911112222",
        name: "Maria",
        text: "Oi, quero comprar",
        id: "wamid.c1",
      }),
    ).toBe(200);
    const t = await until("the inbound ticket", () => ticketOf("5511911112222"));
    await openTicket(t.uuid);

    // Pending: no reply box, 'Aceitar' first.
    await page.getByTestId("reply-gate").waitFor();
    expect(await page.getByTestId("message-input").count()).toBe(0);
    await page.getByTestId("reply-gate-accept").click();
    const dialog = page.getByTestId("queue-choice-dialog");
    await dialog.waitFor();
    // Without a queue the dialog refuses, in the spec's words.
    await page.getByTestId("queue-choice-submit").click();
    await dialog.getByText("Selecione uma fila").waitFor();
    await page.getByTestId("queue-choice-select").click();
    await page.getByRole("option", { name: "Vendas" }).click();
    await page.getByTestId("queue-choice-submit").click();

    await page.getByTestId("message-input").waitFor();
    await assigned("Atribuído à: Admin");
    await until("the accept at the server", async () => {
      const row = await ticketOf("5511911112222");
      return row.status === "open" && row.user_id === adminId && row.queue_id === sales;
    });

    // Transfer to a colleague: the screen goes back to the list.
    // With the list beside it the conversation is narrow: transfer sits in the 'more' menu.
    await page.getByTestId("ticket-more").click();
    await page.getByTestId("ticket-menu-transfer").click();
    await page.getByTestId("transfer-dialog").waitFor();
    await page.getByTestId("transfer-user").fill("Bru");
    await page.getByRole("option", { name: "Bruno Agente" }).click();
    await page.getByTestId("transfer-note").fill("Cliente quer desconto");
    await page.getByTestId("transfer-submit").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the transfer at the server", async () => (await ticketOf("5511911112222")).user_id === agent.id);

    // An admin steps in and resolves with the farewell.
    await openTicket(t.uuid);
    await assigned("Atribuído à: Bruno Agente");
    await page.getByTestId("ticket-resolve").click();
    await page.getByTestId("ticket-resolve-farewell").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the ticket closed", async () => (await ticketOf("5511911112222")).status === "closed");
    await until("the farewell at the Graph API", () =>
      world.stack.graph.requests.some((r) => (r.body as { text?: { body?: string } }).text?.body === FAREWELL),
    );

    // Closed: 'Reabrir' instead of a reply box.
    await openTicket(t.uuid);
    await page.getByTestId("reply-gate").waitFor();
    expect(await page.getByTestId("message-input").count()).toBe(0);
    await page.getByTestId("reply-gate-reopen").click();
    await page.getByTestId("message-input").waitFor();
    await until("the reopen at the server", async () => {
      const row = await ticketOf("5511911112222");
      return row.status === "open" && row.user_id === adminId;
    });
  });

  it("shows who holds the ticket when an accept made offline lost to another agent's", async () => {
    expect(
      await world.stack.deliverInbound({ from: "5511933334444", name: "João", text: "Alguém aí?", id: "wamid.c2" }),
    ).toBe(200);
    const t = await until("the inbound ticket", () => ticketOf("5511933334444"));
    // Into the agent's queue, still waiting, recorded so every replica hears of it. (Not through
    // the API as admin: a second sign-in of the admin would end the browser's session.)
    await transaction(world.stack.core.db.pool, async (client) => {
      await client.query("UPDATE tickets SET queue_id = $2 WHERE id = $1", [t.id, sales]);
      await recordChanges(client, [{ companyId: 1, entity: "tickets", id: t.id }]);
    });
    await openTicket(t.uuid);
    await until("the queue in the header", async () =>
      (await page.getByTestId("ticket-header").textContent())?.includes("Vendas"),
    );
    await page.getByTestId("reply-gate-accept").waitFor();

    await page.context().setOffline(true);
    await page.getByTestId("reply-gate-accept").click();
    // Applied here at once, waiting in the outbox.
    await page.getByTestId("message-input").waitFor();
    await assigned("Atribuído à: Admin");
    expect(await page.getByTestId("outbox-count").textContent()).toBe("1");

    const { token: agentToken } = await world.stack.core.login(agent.email, agent.password);
    const taken = await world.stack.core.api("PUT", `/tickets/${t.id}`, {
      token: agentToken,
      body: { status: "open", userId: agent.id },
    });
    expect(taken.status).toBe(200);

    await page.context().setOffline(false);
    const notice = page.getByTestId("open-ticket-notice");
    await notice.waitFor({ timeout: 20_000 });
    expect(await page.getByTestId("open-ticket-notice-text").textContent()).toBe(
      "Este contato já está sendo atendido por Bruno Agente na fila Vendas.",
    );
    await page.getByTestId("open-ticket-notice-close").click();
    // The replica follows the server: the agent's ticket, which the admin may read and step into.
    await assigned("Atribuído à: Bruno Agente");
    expect((await ticketOf("5511933334444")).user_id).toBe(agent.id);
  });

  it("says in the header when the ticket's connection is down", async () => {
    const t = await ticketOf("5511911112222");
    await openTicket(t.uuid);
    const setStatus = (status: string) =>
      transaction(world.stack.core.db.pool, async (client) => {
        await client.query("UPDATE whatsapps SET status = $2 WHERE id = $1 AND company_id = 1", [
          world.stack.whatsappId,
          status,
        ]);
        await recordChanges(client, [{ companyId: 1, entity: "whatsapps", id: world.stack.whatsappId }]);
      });
    await setStatus("DISCONNECTED");
    const notice = page.getByTestId("connection-down");
    await notice.waitFor();
    expect(await notice.textContent()).toBe(
      "A conexão WhatsApp Cloud está desconectada: as mensagens aguardam na fila até ela voltar.",
    );
    await setStatus("CONNECTED");
    await notice.waitFor({ state: "detached" });
  });

  it("takes a note, a new tag and a block in the contact drawer", async () => {
    const t = await ticketOf("5511911112222");
    await openTicket(t.uuid);
    await page.getByTestId("contact-drawer-toggle").click();
    const drawer = page.getByTestId("contact-drawer");
    await drawer.waitFor();
    expect(await page.getByTestId("contact-drawer-name").textContent()).toBe("Maria");

    // A note of one character is refused in the spec's words, then a real one is kept.
    await page.getByTestId("contact-note-input").fill("x");
    await page.getByTestId("contact-note-add").click();
    await drawer.getByText("Too Short!").waitFor();
    await page.getByTestId("contact-note-input").fill("Prefere contato à tarde");
    await page.getByTestId("contact-note-add").click();
    await page.getByTestId("contact-notes").getByText("Prefere contato à tarde").waitFor();
    await until("the note at the server", async () => {
      const { rows } = await world.stack.core.db.pool.query("SELECT note FROM ticket_notes WHERE ticket_id = $1", [
        t.id,
      ]);
      return rows.some((r) => r.note === "Prefere contato à tarde");
    });
    // Once the server has it, the note can be deleted (it has its server id).
    await page.getByTestId("contact-note-delete").waitFor();

    await page.getByTestId("contact-tag-input").fill("Cliente VIP");
    await page.getByRole("option", { name: 'Criar tag "Cliente VIP"' }).click();
    await page.getByTestId("contact-tags").getByText("Cliente VIP").waitFor();
    await until("the tag at the server", async () => {
      const { rows } = await world.stack.core.db.pool.query(
        `SELECT tg.name FROM contact_tags ct JOIN tags tg ON tg.id = ct.tag_id JOIN contacts c ON c.id = ct.contact_id
         WHERE c.number = '5511911112222'`,
      );
      return rows.some((r) => r.name === "Cliente VIP");
    });

    await page.getByTestId("contact-block").click();
    await page.getByTestId("contact-blocked-badge").waitFor();
    expect(await page.getByTestId("contact-block").textContent()).toContain("Desbloquear contato");
    await until("the block at the server", async () => {
      const { rows } = await world.stack.core.db.pool.query(
        "SELECT active FROM contacts WHERE number = '5511911112222'",
      );
      return rows[0]?.active === false;
    });

    // The chatbot switch, the edit dialog and the ticket log.
    await page.getByTestId("contact-disable-bot").click();
    await page.getByTestId("contact-edit").click();
    await page.getByTestId("contact-edit-name").fill("Maria Souza");
    await page.getByTestId("contact-edit-save").click();
    await page.getByTestId("contact-edit-dialog").waitFor({ state: "detached" });
    await until("the header's new name", async () =>
      (await page.getByTestId("ticket-header").textContent())?.includes("Maria Souza"),
    );
    await until("the edit and the switch at the server", async () => {
      const { rows } = await world.stack.core.db.pool.query(
        "SELECT name, disable_bot FROM contacts WHERE number = '5511911112222'",
      );
      return rows[0]?.name === "Maria Souza" && rows[0]?.disable_bot === true;
    });
    await page.getByTestId("ticket-log-open").click();
    const log = page.getByTestId("ticket-log");
    await log.waitFor();
    for (const entry of [
      "Ticket criado",
      "Atendimento iniciado",
      "Ticket transferido",
      "Ticket resolvido",
      "Ticket reaberto",
    ]) {
      await log.getByText(entry).first().waitFor();
    }
    await page.keyboard.press("Escape");
    await page.getByTestId("ticket-log-dialog").waitFor({ state: "detached" });

    // The note is deleted after confirming.
    await page.getByTestId("contact-note-delete").click();
    await page.getByTestId("confirm-dialog-confirm").click();
    await until("the note gone at the server", async () => {
      const { rows } = await world.stack.core.db.pool.query(
        "SELECT count(*)::int AS n FROM ticket_notes WHERE ticket_id = $1",
        [t.id],
      );
      return rows[0].n === 0;
    });
    await page.getByTestId("contact-notes").waitFor({ state: "detached" });

    // By keyboard: Enter on its button closes and opens the drawer; Escape inside closes it and
    // focus goes back to the button.
    await page.getByTestId("contact-drawer-toggle").focus();
    await page.getByTestId("contact-drawer-toggle").press("Enter");
    await page.getByTestId("contact-drawer-toggle").press("Enter");
    await drawer.waitFor();
    await page.getByTestId("contact-block").focus();
    await page.keyboard.press("Escape");
    await drawer.waitFor({ state: "detached" });
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
      "contact-drawer-toggle",
    );
  });

  it("returns a ticket to the queue, and an admin deletes one after confirming", async () => {
    const t = await ticketOf("5511911112222");
    await openTicket(t.uuid);
    await page.getByTestId("ticket-more").click();
    await page.getByTestId("ticket-menu-returnToQueue").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the ticket waiting again", async () => {
      const row = await ticketOf("5511911112222");
      return row.status === "pending" && row.user_id === null;
    });

    await openTicket(t.uuid);
    await page.getByTestId("ticket-more").click();
    await page.getByTestId("ticket-delete").click();
    const confirm = page.getByTestId("delete-ticket-dialog");
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Atenção! Todas as mensagens relacionadas ao ticket serão perdidas.");
    await page.getByTestId("confirm-dialog-confirm").click();
    await page.waitForURL((url) => url.pathname === "/tickets");
    await until("the ticket deleted at the server", async () => {
      const { rows } = await world.stack.core.db.pool.query("SELECT count(*)::int AS n FROM tickets WHERE id = $1", [
        t.id,
      ]);
      return rows[0].n === 0;
    });
  });
});
