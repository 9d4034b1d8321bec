// The one look that tells ingest which rules can act on a batch (decision 0080): each flag turns on from the
// configuration (or ticket state) its rule reads and from nothing else, and a company that uses no rule costs
// ingest none of the rules' reads.
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { transaction } from "../kernel/transaction.ts";
import { buildCompany, buildContact, buildQueue, buildTicket, buildWhatsapp } from "../testing/factories.ts";
import { testDbForFile } from "../testing/test-world.ts";
import { type RuleFlags, type RuleName, rulesInPlay, ticketsFor } from "./inbound-rules.ts";
import { type InboundMessage, ingest } from "./ingest.ts";

const db = testDbForFile();

const NONE: RuleFlags = {
  ratings: false,
  gate: false,
  flows: false,
  bot: false,
  integrationFlows: false,
  integrationSteps: false,
};

type World = { companyId: number; whatsappId: number; ticketId: number };

/** A company with one connection and one pending ticket; `setUp` adds what one rule reads. */
async function world(status = "pending"): Promise<World> {
  const companyId = (await buildCompany(db.pool)).id;
  const whatsappId = (await buildWhatsapp(db.pool, { companyId })).id;
  const contactId = (await buildContact(db.pool, { companyId })).id;
  const ticketId = (await buildTicket(db.pool, { companyId, contactId, whatsappId, status })).id;
  return { companyId, whatsappId, ticketId };
}

async function flowOf(companyId: number): Promise<number> {
  const { rows } = await db.pool.query<{ id: number }>(
    "INSERT INTO flows (company_id, name) VALUES ($1, 'Flow') RETURNING id",
    [companyId],
  );
  return rows[0]!.id;
}

const flagsOf = async (w: World) =>
  (
    await rulesInPlay(
      db.pool as unknown as pg.ClientBase,
      new Map([[w.ticketId, { companyId: w.companyId, body: "oi" }]]),
    )
  ).get(w.companyId);

/** Each case: the rule it turns on, and the least configuration that does. */
const CASES: [string, RuleName, (w: World) => Promise<unknown>, string?][] = [
  ["a ticket waiting for its rating", "ratings", async () => {}, "nps"],
  [
    "service hours by company",
    "gate",
    (w) =>
      db.pool.query("INSERT INTO settings (company_id, key, value) VALUES ($1, 'scheduleType', 'company')", [
        w.companyId,
      ]),
  ],
  [
    "LGPD consent switched on",
    "gate",
    (w) =>
      db.pool.query("INSERT INTO settings (company_id, key, value) VALUES ($1, 'enableLGPD', 'enabled')", [
        w.companyId,
      ]),
  ],
  [
    "a collective vacation text",
    "gate",
    (w) => db.pool.query("UPDATE whatsapps SET collective_vacation_message = 'Férias' WHERE id = $1", [w.whatsappId]),
  ],
  ["a ticket waiting for consent", "gate", async () => {}, "lgpd"],
  [
    "a welcome flow on a connection",
    "flows",
    async (w) =>
      db.pool.query("UPDATE whatsapps SET flow_id_welcome = $2 WHERE id = $1", [
        w.whatsappId,
        await flowOf(w.companyId),
      ]),
  ],
  [
    "an active flow campaign",
    "flows",
    async (w) =>
      db.pool.query("INSERT INTO flow_campaigns (company_id, name, flow_id, phrase) VALUES ($1, 'C', $2, 'oi')", [
        w.companyId,
        await flowOf(w.companyId),
      ]),
  ],
  [
    "a ticket walking a flow",
    "flows",
    (w) =>
      db.pool.query(
        "INSERT INTO flow_runs (company_id, ticket_id, started_by, node_id) VALUES ($1, $2, 'welcome', 'n')",
        [w.companyId, w.ticketId],
      ),
  ],
  [
    "a connection that offers queues",
    "bot",
    async (w) =>
      db.pool.query("INSERT INTO whatsapp_queues (whatsapp_id, queue_id, company_id) VALUES ($1, $2, $3)", [
        w.whatsappId,
        (await buildQueue(db.pool, { companyId: w.companyId })).id,
        w.companyId,
      ]),
  ],
  [
    "a prompt",
    "integrationSteps",
    (w) =>
      db.pool.query("INSERT INTO prompts (company_id, name, prompt, api_key) VALUES ($1, 'P', 'be kind', 'k')", [
        w.companyId,
      ]),
  ],
];

describe("#inbound rules", () => {
  it("tells no rule for a company that uses none", async () => {
    expect(await flagsOf(await world())).toEqual(NONE);
  });

  for (const [what, rule, setUp, status] of CASES) {
    it(`turns ${rule} on for ${what}, and nothing else`, async () => {
      const w = await world(status);
      await setUp(w);
      expect(await flagsOf(w)).toEqual({ ...NONE, [rule]: true });
    });
  }

  it("turns both integration rules on for a flowbuilder integration naming a flow, steps alone for a webhook", async () => {
    const w = await world();
    await db.pool.query(
      "INSERT INTO queue_integrations (company_id, type, name, signing_secret, flow_id) VALUES ($1, 'flowbuilder', 'F', 's', $2)",
      [w.companyId, await flowOf(w.companyId)],
    );
    expect(await flagsOf(w)).toEqual({ ...NONE, integrationFlows: true, integrationSteps: true });
    const hook = await world();
    await db.pool.query(
      "INSERT INTO queue_integrations (company_id, type, name, signing_secret) VALUES ($1, 'webhook', 'W', 's')",
      [hook.companyId],
    );
    expect(await flagsOf(hook)).toEqual({ ...NONE, integrationSteps: true });
  });

  it("answers per company, and a rule's tickets are those of the companies it names", async () => {
    const plain = await world();
    const nps = await world("nps");
    const bodies = new Map([
      [plain.ticketId, { companyId: plain.companyId, body: "a" }],
      [nps.ticketId, { companyId: nps.companyId, body: "5" }],
    ]);
    const rules = await rulesInPlay(db.pool as unknown as pg.ClientBase, bodies);
    expect(rules.get(plain.companyId)).toEqual(NONE);
    expect(rules.get(nps.companyId)).toEqual({ ...NONE, ratings: true });
    expect([...ticketsFor(bodies, rules, "ratings").keys()]).toEqual([nps.ticketId]);
    expect(ticketsFor(bodies, rules, "bot").size).toBe(0);
  });

  it("spares ingest every rule's read for a company that uses none", async () => {
    const { companyId, whatsappId } = await world();
    const events: InboundMessage[] = Array.from({ length: 3 }, (_, i) => ({
      kind: "message",
      companyId,
      whatsappId,
      channel: "whatsappapi",
      remoteId: `wamid.rules.${companyId}.${i}`,
      from: `55119${String(companyId).padStart(4, "0")}${i}0000`,
      body: "oi",
      mediaType: "chat",
      timestamp: new Date(),
    }));
    const seen: string[] = [];
    await transaction(db.pool, async (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const first = args[0];
        seen.push(typeof first === "string" ? first : String((first as { text?: string }).text));
        return query(...args);
      };
      try {
        return await ingest(client, events);
      } finally {
        (client as { query: unknown }).query = query;
      }
    });
    const sql = seen.join("\n");
    expect(sql).toContain("queue_integrations qi WHERE qi.company_id = co.company_id"); // the one look ran
    // Distinctive texts of the rating, gate, flows, bot and integration reads: none ran.
    for (const read of [
      "WHERE t.status = 'nps' FOR UPDATE",
      '"lgpdDeleteMessage"',
      'w.flow_id_welcome AS "flowIdWelcome"',
      'AS "menuDue"',
      'qi.flow_id AS "integrationFlowId"',
      'i.type AS "integrationType"',
    ])
      expect(sql).not.toContain(read);
    const { rows } = await db.pool.query("SELECT count(*)::int AS n FROM messages WHERE company_id = $1", [companyId]);
    expect(rows[0].n).toBe(3);
  });
});
