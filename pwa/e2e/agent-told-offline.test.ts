// What an agent is told when the network is away (issue 21), in chromium against the whole stack: a save that is
// only in this device's outbox says so, and turns into the success once the server has it; a message shows which of
// three places it is in (this device, the server waiting for the channel, the channel), by icon and by name.
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { buildQueue } from "@chatflow/core/testing/factories.ts";
import { describe, expect, it } from "vitest";
import { browserStackForFile } from "../../test/browser-stack-for-file.ts";
import { adminsOpenTicket, serviceWorkerInControl, signIn, until } from "./support.ts";

const world = browserStackForFile();

const sql = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
  (await world.stack.core.db.pool.query(text, params)).rows as T[];

/** A message of the admin stored at the server as another device of theirs would, recorded for every replica. */
async function storedReply(o: {
  ticketId: number;
  contactId: number;
  body: string;
  ack: number;
  whatsappId: number | null;
}) {
  await transaction(world.stack.core.db.pool, async (client) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me, read, ack,
         send_state, media_type)
       VALUES (gen_random_uuid(), 1, $1, $2, $3, (SELECT id FROM users WHERE email = 'admin@chatflow.local'), $4,
         true, true, $5, $6, 'chat') RETURNING id`,
      [o.ticketId, o.contactId, o.whatsappId, o.body, o.ack, o.ack === 0 ? "queued" : "sent"],
    );
    await recordChanges(client, [{ companyId: 1, entity: "messages", id: rows[0]!.id }]);
  });
}

describe("what an agent is told offline", () => {
  it("'Salvo neste dispositivo, enviando…' turns into the success after reconnecting; three message states", async () => {
    const pool = world.stack.core.db.pool;
    const queue = await buildQueue(pool, { companyId: 1, name: "Vendas" });
    const { contact, ticket, whatsappId } = await adminsOpenTicket(
      pool,
      { name: "Olívia Estados", number: "5511955570001" },
      { queueId: queue.id },
    );
    // At the server, waiting for the channel (on no connection, so no worker takes it): the clock.
    await storedReply({
      ticketId: ticket.id,
      contactId: contact.id,
      body: "Na fila do servidor",
      ack: 0,
      whatsappId: null,
    });
    // Sent by the channel: the tick.
    await storedReply({
      ticketId: ticket.id,
      contactId: contact.id,
      body: "Já enviada",
      ack: 1,
      whatsappId: whatsappId,
    });

    const context = await world.browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    page.on("pageerror", (e) => console.error("page error:", e.message));
    await signIn(page, world.stack.core.url);
    await page.goto(`${world.stack.core.url}/tickets/${ticket.uuid}`);
    const bubble = (text: string) => page.getByTestId("message-bubble").filter({ hasText: text });
    await bubble("Já enviada").waitFor();
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await page.getByTestId("message-input").fill("Escrita sem rede");
    await page.getByTestId("message-send").click();
    const mark = (text: string) => bubble(text).getByTestId("ack-mark");
    await until(
      "the offline reply in the outbox",
      async () => (await mark("Escrita sem rede").getAttribute("data-state")) === "queued",
    );
    expect(await mark("Na fila do servidor").getAttribute("data-state")).toBe("accepted");
    expect(await mark("Já enviada").getAttribute("data-state")).toBe("sent");
    // By name (a screen reader) and by sight (each its own icon).
    await bubble("Escrita sem rede")
      .getByRole("img", { name: "Neste aparelho, aguardando envio ao servidor" })
      .waitFor();
    await bubble("Na fila do servidor").getByRole("img", { name: "No servidor, aguardando o canal" }).waitFor();
    await bubble("Já enviada").getByRole("img", { name: "Enviada" }).waitFor();
    const shapes = await Promise.all(
      ["Escrita sem rede", "Na fila do servidor", "Já enviada"].map((t) => mark(t).locator("svg").innerHTML()),
    );
    expect(new Set(shapes).size).toBe(3);

    // A tag saved offline is only on this device: the toast says so, not that it was saved.
    await page.getByRole("link", { name: "Tags" }).first().click();
    await page.waitForURL(/\/tags/);
    await page.getByTestId("tags-add").click();
    await page.getByTestId("tag-name").fill("Retorno amanhã");
    await page.getByTestId("tag-save").click();
    const pending = page.locator(".toast-pending").filter({ hasText: "Salvo neste dispositivo, enviando…" });
    await pending.waitFor();
    expect(await page.getByText("Tag salva com sucesso!").count()).toBe(0);

    await context.setOffline(false);
    await page.getByText("Tag salva com sucesso!").waitFor({ timeout: 30_000 });
    await pending.waitFor({ state: "detached" });
    expect(await sql("SELECT 1 FROM tags WHERE company_id = 1 AND name = 'Retorno amanhã'")).toHaveLength(1);

    // The reply reached the server: no longer on this device alone.
    await page.goto(`${world.stack.core.url}/tickets/${ticket.uuid}`);
    await until("the reply past the outbox", async () => {
      const state = await mark("Escrita sem rede").getAttribute("data-state");
      return state !== null && state !== "queued";
    });
    await context.close();
  });
});
