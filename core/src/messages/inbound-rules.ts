// Which of the rules that follow an inbound insert (rating answers, the gate, flows, the queue bot, integration
// flows, integration steps) can act on a batch, told by one statement per batch (decision 0080). Most companies
// use few of them, and each rule's own read joins several tables: planned on every batch (decision 0057), those
// reads cost PostgreSQL more than the insert itself. Each flag is a superset of what its rule would find, so a
// rule skipped here would have found nothing to do.
import type pg from "pg";
import type { BatchBodies } from "../bot/inbound-batch.ts";

export type RuleFlags = {
  /** A ticket of the batch waits for a rating ('nps'): applyRatings. */
  ratings: boolean;
  /** Service hours, LGPD consent or a collective vacation are set, or a ticket of the batch waits for consent. */
  gate: boolean;
  /** A ticket of the batch walks a flow, or a connection of the company starts one (welcome, no phrase, campaign). */
  flows: boolean;
  /** A connection of the batch offers queues: the queue bot may speak. */
  bot: boolean;
  /** The company has a flowbuilder integration that names a flow. */
  integrationFlows: boolean;
  /** The company has an integration or a prompt: steps for the channel worker. */
  integrationSteps: boolean;
};

export type RuleName = keyof RuleFlags;

/**
 * The flags of each company of `b` (a batch's tickets: id, company_id, whatsapp_id, status) and `co` (their distinct
 * company_id), as a query over those two names: run on its own (RULES_SQL) or as the tail of ingest's statement that
 * stores the batch (STORE_BATCH_SQL, decision 0126). Every look is an EXISTS through an index led by company_id, so
 * the plan stays cheap to make and to run at any size.
 */
export const RULE_FLAGS_SELECT = `SELECT co.company_id AS "companyId",
    EXISTS (SELECT 1 FROM b WHERE b.company_id = co.company_id AND b.status = 'nps') AS ratings,
    (EXISTS (SELECT 1 FROM settings s WHERE s.company_id = co.company_id
        AND ((s.key = 'scheduleType' AND s.value IN ('company', 'connection', 'queue'))
          OR (s.key = 'enableLGPD' AND s.value = 'enabled')))
      OR EXISTS (SELECT 1 FROM whatsapps w WHERE w.company_id = co.company_id
        AND btrim(COALESCE(w.collective_vacation_message, '')) <> '')
      OR EXISTS (SELECT 1 FROM b WHERE b.company_id = co.company_id AND b.status = 'lgpd')) AS gate,
    (EXISTS (SELECT 1 FROM b JOIN flow_runs r ON r.company_id = b.company_id AND r.ticket_id = b.id
        AND r.status = 'running' WHERE b.company_id = co.company_id)
      OR EXISTS (SELECT 1 FROM whatsapps w WHERE w.company_id = co.company_id
        AND (w.flow_id_welcome IS NOT NULL OR w.flow_id_not_phrase IS NOT NULL))
      OR EXISTS (SELECT 1 FROM flow_campaigns fc WHERE fc.company_id = co.company_id AND fc.status)) AS flows,
    EXISTS (SELECT 1 FROM b JOIN whatsapp_queues wq ON wq.whatsapp_id = b.whatsapp_id
      AND wq.company_id = b.company_id WHERE b.company_id = co.company_id) AS bot,
    EXISTS (SELECT 1 FROM queue_integrations qi WHERE qi.company_id = co.company_id
      AND qi.type = 'flowbuilder' AND qi.flow_id IS NOT NULL) AS "integrationFlows",
    (EXISTS (SELECT 1 FROM queue_integrations qi WHERE qi.company_id = co.company_id)
      OR EXISTS (SELECT 1 FROM prompts p WHERE p.company_id = co.company_id)) AS "integrationSteps"
  FROM co`;

/** Planned on each batch like the rules' own reads (decision 0057), when ingest asks on its own (blocked contacts). */
const RULES_SQL = `
  WITH b AS (
    SELECT t.id, t.company_id, t.whatsapp_id, t.status
    FROM unnest($1::int[], $2::int[]) AS i(id, c)
    JOIN tickets t ON t.id = i.id AND t.company_id = i.c
  ), co AS (SELECT DISTINCT company_id FROM b)
  ${RULE_FLAGS_SELECT}`;

/** Each company of the batch with the rules that may act on its tickets (a company absent has no ticket here). */
export async function rulesInPlay(client: pg.ClientBase, bodies: BatchBodies): Promise<Map<number, RuleFlags>> {
  if (bodies.size === 0) return new Map();
  const { rows } = await client.query<RuleFlags & { companyId: number }>(RULES_SQL, [
    [...bodies.keys()],
    [...bodies.values()].map((b) => b.companyId),
  ]);
  return new Map(rows.map(({ companyId, ...flags }) => [companyId, flags]));
}

/** The tickets of `bodies` whose company may meet `rule` (a new map; `bodies` is left as it is). */
export function ticketsFor(bodies: BatchBodies, rules: Map<number, RuleFlags>, rule: RuleName): BatchBodies {
  const picked: BatchBodies = new Map();
  for (const [id, b] of bodies) if (rules.get(b.companyId)?.[rule]) picked.set(id, b);
  return picked;
}
