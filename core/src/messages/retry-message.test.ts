// The retryMessage push mutation: the author's failed message goes back to the outbound
// queue once (a replayed or repeated retry queues nothing more); nobody else's, and no
// message that did not fail, is touched.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
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
