import { describe, expect, it } from "vitest";
import { recordChanges } from "../kernel/change-log.ts";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildQueue } from "../testing/factories.ts";
import { setForTest } from "../testing/flags.ts";
import { coreForFile } from "../testing/test-world.ts";
import { buildAgent, salesAndSupport, seedTickets, visibilityCases } from "../testing/ticket-list-factories.ts";
import { foldTicketCounts } from "./ticket-counts.ts";
import { canSeeTicket, type VisibilityActor, type VisibleTicketFields, visibleTicketSql } from "./visibility.ts";

const core = coreForFile();

const STATUSES = ["pending", "open", "group", "closed", "lgpd", "nps"];
const onOff = (b: boolean) => (b ? "enabled" : "disabled");

describe("#tickets.visibility", () => {
  it("answers the same in canSeeTicket and in SQL, on tickets and on the counters, for every case", async () => {
    const pool = core.db.pool;
    const { company, mine, me, cases } = await visibilityCases(pool, STATUSES);
    await seedTickets(pool, company.id, cases);
    await foldTicketCounts(pool, company.id);

    let checked = 0;
    for (const profile of ["admin", "user"] as const)
      for (let bits = 0; bits < 32; bits++) {
        const actor: VisibilityActor = {
          id: me.id,
          profile,
          queueIds: bits & 16 ? [mine.id] : [],
          allTicket: onOff(Boolean(bits & 1)),
          allowGroup: Boolean(bits & 2),
          allHistoric: onOff(Boolean(bits & 4)),
          allUserChat: onOff(Boolean(bits & 8)),
        };
        const params: unknown[] = [company.id];
        const sql = visibleTicketSql(actor, params, "t");
        const { rows } = await pool.query<VisibleTicketFields & { visible: boolean }>(
          `SELECT t.user_id AS "userId", t.queue_id AS "queueId", t.is_group AS "isGroup", t.status,
             ${sql} AS visible FROM tickets t WHERE t.company_id = $1`,
          params,
        );
        expect(rows).toHaveLength(cases.length);
        for (const row of rows) {
          expect({ actor, row, visible: row.visible }).toEqual({ actor, row, visible: canSeeTicket(actor, row) });
          checked++;
        }
        // The counters are keyed by the same columns: the same rule counts the same tickets.
        const countParams: unknown[] = [company.id];
        const countSql = visibleTicketSql(actor, countParams, "c");
        const counted = await pool.query<{ n: number }>(
          `SELECT COALESCE(sum(n), 0)::int AS n FROM ticket_counts c WHERE c.company_id = $1 AND ${countSql}`,
          countParams,
        );
        expect(counted.rows[0]!.n).toBe(rows.filter((r) => canSeeTicket(actor, r)).length);
      }
    expect(checked).toBe(64 * cases.length);
  });

  it("follows spec 1 §6 case by case", () => {
    const agent: VisibilityActor = {
      id: 10,
      profile: "user",
      queueIds: [1],
      allTicket: "disabled",
      allowGroup: false,
      allHistoric: "disabled",
      allUserChat: "disabled",
    };
    const t = (o: Partial<VisibleTicketFields>): VisibleTicketFields => ({
      userId: null,
      queueId: 1,
      isGroup: false,
      status: "pending",
      ...o,
    });
    const cases: [string, VisibilityActor, VisibleTicketFields, boolean][] = [
      ["a pending ticket of my queue", agent, t({}), true],
      ["a pending ticket of my queue someone holds", agent, t({ userId: 11 }), true],
      ["my own open ticket in another queue", agent, t({ status: "open", userId: 10, queueId: 2 }), true],
      ["another user's open ticket in my queue", agent, t({ status: "open", userId: 11 }), false],
      ["… with allUserChat", { ...agent, allUserChat: "enabled" }, t({ status: "open", userId: 11 }), true],
      [
        "another user's open ticket in another queue, even with allUserChat",
        { ...agent, allUserChat: "enabled" },
        t({ status: "open", userId: 11, queueId: 2 }),
        false,
      ],
      ["a closed ticket of my queue", agent, t({ status: "closed", userId: 11 }), true],
      ["a pending ticket of another queue", agent, t({ queueId: 2 }), false],
      ["a closed ticket of another queue", agent, t({ status: "closed", queueId: 2 }), false],
      ["… with allHistoric", { ...agent, allHistoric: "enabled" }, t({ status: "closed", queueId: 2 }), true],
      [
        "an open ticket of another queue with allHistoric",
        { ...agent, allHistoric: "enabled" },
        t({ status: "open", queueId: 2 }),
        false,
      ],
      ["a ticket without queue", agent, t({ queueId: null }), false],
      ["… with allTicket", { ...agent, allTicket: "enabled" }, t({ queueId: null }), true],
      ["a group ticket of my queue", agent, t({ isGroup: true, status: "group" }), false],
      ["my own group ticket without allowGroup", agent, t({ isGroup: true, status: "group", userId: 10 }), false],
      [
        "a group ticket without queue, with allowGroup",
        { ...agent, allowGroup: true },
        t({ isGroup: true, queueId: null }),
        true,
      ],
      [
        "any ticket, as admin",
        { ...agent, profile: "admin" },
        t({ isGroup: true, status: "open", userId: 11, queueId: 2 }),
        true,
      ],
    ];
    for (const [name, actor, ticket, expected] of cases)
      expect({ name, seen: canSeeTicket(actor, ticket) }).toEqual({ name, seen: expected });
  });

  it("lets an agent open only the tickets the rule shows them (GET /tickets/u/{uuid})", async () => {
    const pool = core.db.pool;
    const { company, sales, support, agent, colleague } = await salesAndSupport(pool);
    const ids = await seedTickets(pool, company.id, [
      { status: "pending", queueId: sales.id },
      { status: "open", queueId: sales.id, userId: colleague.id },
      { status: "pending", queueId: support.id },
      { status: "closed", queueId: support.id },
    ]);
    const uuids = await pool.query<{ id: number; uuid: string }>("SELECT id, uuid FROM tickets WHERE id = ANY($1)", [
      ids,
    ]);
    const uuidOf = (id: number) => uuids.rows.find((r) => r.id === id)!.uuid;
    const { token } = await core.login(agent.email, agent.password);
    const statusOf = async (id: number) => (await core.api("GET", `/tickets/u/${uuidOf(id)}`, { token })).status;
    expect(await Promise.all(ids.map(statusOf))).toEqual([200, 404, 404, 404]);

    await setForTest(pool, "users", agent.id, { all_user_chat: "enabled", all_historic: "enabled" });
    expect(await Promise.all(ids.map(statusOf))).toEqual([200, 200, 404, 200]);
    const seen = await core.api("GET", `/tickets/u/${uuidOf(ids[1]!)}`, { token });
    expect(seen.body).toMatchObject({ id: ids[1], status: "open", user: { id: colleague.id } });
  });
});

describe("#sync.pull visibility", () => {
  async function agentWithReplica() {
    const pool = core.db.pool;
    const company = await buildCompany(pool);
    const sales = await buildQueue(pool, { companyId: company.id });
    const support = await buildQueue(pool, { companyId: company.id });
    const agent = await buildAgent(pool, { companyId: company.id, queueIds: [sales.id] });
    const colleague = await buildAgent(pool, { companyId: company.id, queueIds: [sales.id, support.id] });
    const [ticketId] = await seedTickets(pool, company.id, [{ status: "pending", queueId: sales.id }]);
    const { token } = await core.login(agent.email, agent.password);
    const boot = await core.api("GET", "/sync/pull", { token });
    expect(boot.body.put.tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    const change = (sql: string, params: unknown[]) =>
      transaction(pool, async (client) => {
        await client.query(sql, params);
        await recordChanges(client, [{ companyId: company.id, entity: "tickets", id: ticketId! }]);
      });
    const pullAfter = () => core.api("GET", `/sync/pull?cursor=${boot.body.cursor}`, { token });
    return { pool, agent, colleague, sales, support, ticketId: ticketId!, change, pullAfter };
  }

  it("removes a ticket transferred out of the agent's queues from their replica", async () => {
    const s = await agentWithReplica();
    await s.change("UPDATE tickets SET queue_id = $2 WHERE id = $1", [s.ticketId, s.support.id]);
    const next = await s.pullAfter();
    expect(next.body.del.tickets).toEqual([s.ticketId]);
    expect(next.body.put.tickets).toEqual([]);
  });

  it("removes a ticket a colleague accepted, unless the agent may see other users' chats", async () => {
    const s = await agentWithReplica();
    await s.change("UPDATE tickets SET status = 'open', user_id = $2 WHERE id = $1", [s.ticketId, s.colleague.id]);
    expect((await s.pullAfter()).body.del.tickets).toEqual([s.ticketId]);

    await setForTest(s.pool, "users", s.agent.id, { all_user_chat: "enabled" });
    const next = await s.pullAfter();
    expect(next.body.del.tickets).toEqual([]);
    expect(next.body.put.tickets).toMatchObject([{ id: s.ticketId, status: "open", userId: s.colleague.id }]);
  });
});
