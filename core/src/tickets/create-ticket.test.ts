import pg from "pg";
import { describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildQueue, buildUser, buildWhatsapp } from "../testing/factories.ts";
import { coreForFile, forFile } from "../testing/test-world.ts";
import { buildTicketWorld, logTypes, ticketChanges, ticketRow } from "../testing/tickets-factories.ts";

const core = coreForFile();
const w = forFile(() => buildTicketWorld(core));
/** Another company's records. */
const foreign = forFile(async () => {
  const pool = core.db.pool;
  const company = await buildCompany(pool);
  return {
    companyId: company.id,
    contactId: (await buildContact(pool, { companyId: company.id })).id,
    whatsappId: (await buildWhatsapp(pool, { companyId: company.id })).id,
    queueId: (await buildQueue(pool, { companyId: company.id })).id,
    userId: (await buildUser(pool, { companyId: company.id })).id,
  };
});

const post = (token: string, body: unknown) => core.api("POST", "/tickets", { token, body });
const count = async (contactId: number) =>
  (await core.db.pool.query("SELECT count(*)::int AS n FROM tickets WHERE contact_id = $1", [contactId])).rows[0].n;

describe("#tickets.create", () => {
  it("opens a ticket owned by the caller by default, logged and change-logged", async () => {
    const c = await w.contact();
    const res = await post(w.agent.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "open",
      userId: w.agent.id,
      queueId: w.sales.id,
      whatsappId: w.wa.id,
      contactId: c.id,
      companyId: w.company.id,
      channel: "whatsapp",
      user: { id: w.agent.id, name: w.agent.name },
      queue: { id: w.sales.id },
      contact: { id: c.id, name: "Maria Souza" },
    });
    expect(await logTypes(w.pool, res.body.id)).toEqual(["create", "open"]);
    expect(await ticketChanges(w.pool, w.company.id, res.body.id)).toBe(1);
  });

  it("creates a waiting ticket with no owner when asked for pending", async () => {
    const c = await w.contact();
    const res = await post(w.admin.token, {
      contactId: c.id,
      queueId: w.sales.id,
      whatsappId: w.wa.id,
      userId: w.admin.id,
      status: "pending",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "pending", userId: null, user: null });
    expect(await logTypes(w.pool, res.body.id)).toEqual(["create"]);
  });

  it("opens a group contact's ticket as a group ticket", async () => {
    const c = await w.contact({ isGroup: true });
    const res = await post(w.admin.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: "group", isGroup: true, userId: w.admin.id });
  });

  it("assigns the ticket to the user named, in the caller's company whatever companyId says", async () => {
    const c = await w.contact();
    const res = await post(w.admin.token, {
      contactId: c.id,
      queueId: w.sales.id,
      whatsappId: w.wa.id,
      userId: w.other.id,
      companyId: foreign.companyId,
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: w.other.id, companyId: w.company.id });
  });

  it("requires a queue ('Selecione uma fila') and a connection, creating nothing", async () => {
    const c = await w.contact();
    const noQueue = await post(w.agent.token, { contactId: c.id, whatsappId: w.wa.id });
    expect(noQueue.status).toBe(400);
    expect(noQueue.body).toMatchObject({ error: "ERR_VALIDATION", fields: { queueId: "Selecione uma fila" } });
    const noConnection = await post(w.agent.token, { contactId: c.id, queueId: w.sales.id });
    expect(noConnection.status).toBe(400);
    expect(noConnection.body.fields.whatsappId).toBeDefined();
    expect(await count(c.id)).toBe(0);
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET naming the holder when the contact has a ticket in progress", async () => {
    const c = await w.contact();
    const first = await post(w.agent.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
    const again = await post(w.other.token, { contactId: c.id, queueId: w.support.id, whatsappId: w.wa.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      error: "ERR_OTHER_OPEN_TICKET",
      data: { userId: w.agent.id, userName: w.agent.name, queueName: `Sales ${w.company.id}`, status: "open" },
    });
    expect(again.body.data.uuid).toBe(first.body.uuid);
    expect(await count(c.id)).toBe(1);
  });

  it("lets a contact whose tickets are all closed get a new one", async () => {
    const c = await w.contact();
    const first = await post(w.agent.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
    await w.pool.query("UPDATE tickets SET status = 'closed' WHERE id = $1", [first.body.id]);
    const second = await post(w.agent.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
    expect(second.status).toBe(201);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it("maps the database's one-ticket-in-progress rule to the same 409 when a race slips past the check", async () => {
    const c = await w.contact();
    // Another transaction holds an uncommitted ticket for the contact: the request's
    // pre-check cannot see it, so its insert waits on the unique index and then fails.
    const racer = new pg.Client({ connectionString: core.databaseUrl });
    await racer.connect();
    try {
      await racer.query("BEGIN");
      const held = await racer.query<{ uuid: string }>(
        `INSERT INTO tickets (company_id, contact_id, whatsapp_id, queue_id, user_id, status, channel)
         VALUES ($1, $2, $3, $4, $5, 'open', 'whatsapp') RETURNING uuid`,
        [w.company.id, c.id, w.wa.id, w.sales.id, w.other.id],
      );
      const request = post(w.agent.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
      // The request's insert waits on the racer's uncommitted row: wait until PostgreSQL says so.
      const racerPid = (await racer.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]!.pid;
      for (let i = 0; ; i++) {
        const { rows } = await racer.query("SELECT 1 FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [
          racerPid,
        ]);
        if (rows.length > 0) break;
        if (i > 500) throw new Error("the request never waited on the racer's ticket");
        await new Promise((r) => setTimeout(r, 10));
      }
      await racer.query("COMMIT");
      const res = await request;
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({
        error: "ERR_OTHER_OPEN_TICKET",
        data: { userId: w.other.id, userName: w.other.name, status: "open", uuid: held.rows[0]!.uuid },
      });
    } finally {
      await racer.end();
    }
    expect(await count(c.id)).toBe(1);
  });

  it("creates exactly one ticket when the same contact is started many times at once", async () => {
    const c = await w.contact();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        post(w.admin.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await count(c.id)).toBe(1);
  });

  it("refuses a blocked contact with 403 ERR_NO_PERMISSION", async () => {
    const c = await w.contact({ active: false });
    const res = await post(w.admin.token, { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe("ERR_NO_PERMISSION");
    expect(await count(c.id)).toBe(0);
  });

  it("answers 404 for another company's contact, connection, queue or user and creates nothing", async () => {
    const c = await w.contact();
    const base = { contactId: c.id, queueId: w.sales.id, whatsappId: w.wa.id };
    const cases: [Record<string, number>, string][] = [
      [{ contactId: foreign.contactId }, "ERR_NO_CONTACT_FOUND"],
      [{ whatsappId: foreign.whatsappId }, "ERR_NO_WAPP_FOUND"],
      [{ queueId: foreign.queueId }, "ERR_NO_QUEUE_FOUND"],
      [{ userId: foreign.userId }, "ERR_NO_USER_FOUND"],
    ];
    for (const [change, code] of cases) {
      const res = await post(w.admin.token, { ...base, ...change });
      expect(res.status, code).toBe(404);
      expect(res.body.error).toBe(code);
    }
    expect(await count(c.id)).toBe(0);
    expect(await count(foreign.contactId)).toBe(0);
    const row = await ticketRow(w.pool, 0);
    expect(row).toBeUndefined();
  });
});
