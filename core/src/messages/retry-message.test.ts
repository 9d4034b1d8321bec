// The retryMessage push mutation: the author's failed message goes back to the outbound
// queue once (a replayed or repeated retry queues nothing more); nobody else's, and no
// message that did not fail, is touched.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { failScheduledSends } from "../schedules/scheduled-send-outcome.ts";
import { buildInbox, buildMessage } from "../testing/messages-factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";

const core = coreForFile();
const s = forFile(() => buildInbox(core));
const other = forFile(() => buildInbox(core));

async function failed(o: { userId?: number; isPrivate?: boolean; sendState?: string } = {}) {
  const m = await buildMessage(core.db.pool, {
    companyId: s.company.id,
    ticketId: s.ticket.id,
    fromMe: true,
    userId: o.userId ?? s.admin.id,
    isPrivate: o.isPrivate,
    sendState: o.sendState ?? "failed",
  });
  await core.db.pool.query("UPDATE messages SET ack = -1, error_code = 'ERR_SENDING_WAPP_MSG' WHERE id = $1", [m.id]);
  return m;
}

const row = async (id: string) =>
  (await core.db.pool.query("SELECT send_state, ack, error_code FROM messages WHERE id = $1", [id])).rows[0];

async function push(token: string, ids: string[], clientId = `client-${randomUUID()}`) {
  const body = { clientId, mutations: ids.map((id, i) => ({ id: i + 1, name: "retryMessage", args: { id } })) };
  const res = await core.api("POST", "/sync/push", { token, body });
  expect(res.status).toBe(200);
  return res.body.results as { ok: boolean; error?: { error: string } }[];
}

describe("#sync.push retryMessage", () => {
  it("puts the author's failed message back in the queue with ack 0 and no error", async () => {
    const m = await failed();
    expect(await push(s.adminToken, [m.id])).toEqual([{ id: 1, ok: true }]);
    expect(await row(m.id)).toEqual({ send_state: "queued", ack: 0, error_code: null });
    const logged = await core.db.pool.query(
      "SELECT count(*)::int AS n FROM change_log WHERE entity = 'messages' AND entity_id = $1",
      [m.id],
    );
    expect(logged.rows[0].n).toBe(1);
  });

  it("drops the platform's reason for the last failure with it, keeping the rest of the message's data", async () => {
    const m = await failed();
    const reason = {
      kind: "undeliverable",
      retry: false,
      code: 131026,
      subcode: null,
      title: "",
      message: "",
      details: "",
    };
    await core.db.pool.query("UPDATE messages SET data_json = $2 WHERE id = $1", [
      m.id,
      JSON.stringify({ card: "kept", deliveryFailure: reason }),
    ]);
    await push(s.adminToken, [m.id]);
    const { rows } = await core.db.pool.query("SELECT data_json FROM messages WHERE id = $1", [m.id]);
    expect(rows[0].data_json).toEqual({ card: "kept" });
  });

  it("queues it once: a second retry after the worker took it changes nothing", async () => {
    const m = await failed();
    await push(s.adminToken, [m.id]);
    await core.db.pool.query("UPDATE messages SET send_state = 'sent', ack = 1 WHERE id = $1", [m.id]);
    expect(await push(s.adminToken, [m.id])).toEqual([{ id: 1, ok: true }]);
    expect(await row(m.id)).toMatchObject({ send_state: "sent", ack: 1 });
  });

  it("refuses another user's message and a private note; another company's message is not found", async () => {
    const colleague = await failed({ userId: s.agent.id });
    const [r1] = await push(s.adminToken, [colleague.id]);
    expect(r1?.error?.error).toBe("ERR_NO_PERMISSION");
    expect(await row(colleague.id)).toMatchObject({ send_state: "failed", ack: -1 });

    const note = await failed({ isPrivate: true });
    const [r2] = await push(s.adminToken, [note.id]);
    expect(r2?.error?.error).toBe("ERR_NO_PERMISSION");

    const foreign = await failed();
    const [r3] = await push(other.adminToken, [foreign.id]);
    expect(r3?.error?.error).toBe("ERR_NO_MESSAGE_FOUND");
    expect(await row(foreign.id)).toMatchObject({ send_state: "failed", ack: -1 });
  });
});

describe("#sync.push retryMessage on a scheduled send", () => {
  it("puts the schedule back where the send left it (ENVIADA, or PENDENTE with a repeat due), and a new refusal marks ERRO", async () => {
    const schedule = async (m: { id: string }, repeatLater: boolean) =>
      (
        await core.db.pool.query<{ id: number }>(
          `INSERT INTO schedules (company_id, contact_id, body, send_at, anchor_at, sent_at, sent_count, status,
             last_error, last_message_id)
           SELECT $1, t.contact_id, 'Lembrete', now() + make_interval(days => $3), now(), now() - interval '1 minute', 1,
             'ERRO', 'ERR_SENDING_WAPP_MSG', $4
           FROM tickets t WHERE t.id = $2 RETURNING id`,
          [s.company.id, s.ticket.id, repeatLater ? 1 : -1, m.id],
        )
      ).rows[0]!.id;
    const status = async (id: number) =>
      (await core.db.pool.query("SELECT status, last_error FROM schedules WHERE id = $1", [id])).rows[0];
    const once = await failed();
    const repeating = await failed();
    const a = await schedule(once, false);
    const b = await schedule(repeating, true);
    expect(await push(s.adminToken, [once.id, repeating.id])).toEqual([
      { id: 1, ok: true },
      { id: 2, ok: true },
    ]);
    expect(await status(a)).toEqual({ status: "ENVIADA", last_error: null });
    expect(await status(b)).toEqual({ status: "PENDENTE", last_error: null });
    const logged = await core.db.pool.query(
      "SELECT count(*)::int AS n FROM change_log WHERE entity = 'schedules' AND entity_id = ANY($1::text[])",
      [[String(a), String(b)]],
    );
    expect(logged.rows[0].n).toBe(2);
    // The channel refuses the retried send too: ERRO again, with its reason.
    await transaction(core.db.pool, (c) =>
      failScheduledSends(c, [{ id: once.id, company_id: s.company.id }], "ERR_SENDING_WAPP_MSG"),
    );
    expect(await status(a)).toEqual({ status: "ERRO", last_error: "ERR_SENDING_WAPP_MSG" });
  });
});
