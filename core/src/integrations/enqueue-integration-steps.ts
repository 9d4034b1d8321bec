// The inbound path's part in queue integrations and prompts (decision 0056): for each ticket of the batch waiting
// in a queue with no agent, the integration of its queue (or of the chatbot option that led it there) and the
// queue's prompt get a step, done later by the channel worker; a ticket waiting with no queue on a connection
// without queues, the connection's own integration and prompt (decision 0062). Only rows are written here, in the ingest
// transaction: no outside service is ever called on the inbound path. A message the queue bot answered this time (its
// menu, a choice, the queue's greeting) gets no prompt step: the prompt answers the contact's next one (decision 0105).
import type pg from "pg";
import type { BatchBodies } from "../bot/inbound-batch.ts";
import { joinById } from "../db/join-by-id.ts";

type Eligible = {
  id: number;
  companyId: number;
  body: string;
  integrationId: number | null;
  integrationType: string | null;
  promptId: number | null;
};

/** Which step an integration type gets: webhook and n8n are posts; flowbuilder belongs to the flow runtime. */
export function stepKindOf(type: string | null): "webhook" | "typebot" | "dialogflow" | null {
  if (type === "webhook" || type === "n8n") return "webhook";
  if (type === "typebot" || type === "dialogflow") return type;
  return null;
}

export async function enqueueIntegrationSteps(
  client: pg.ClientBase,
  lastBodies: BatchBodies,
  botAnswered: ReadonlySet<number> = new Set(),
): Promise<number> {
  if (lastBodies.size === 0) return 0;
  const entries = [...lastBodies.entries()];
  // Only tickets of companies with an integration or a prompt come here (inbound-rules.ts).
  // A ticket in a queue gets its queue's (or its chatbot option's) integration and the queue's prompt; a ticket with
  // no queue on a connection that offers no queues (so no queue bot speaks there) gets the connection's own
  // integration and prompt (decision 0062).
  const { rows } = await client.query<Eligible>(
    `SELECT t.id, t.company_id AS "companyId", x.body, i.id AS "integrationId", i.type AS "integrationType",
       pr.id AS "promptId"
     FROM unnest($1::int[], $2::int[], $3::text[]) AS x(id, c, body)
     ${joinById("tickets", "t", "x.id", "x.c")}
     ${joinById("queues", "q", "t.queue_id", "t.company_id", { left: true })}
     ${joinById("whatsapps", "w", "t.whatsapp_id", "t.company_id", {
       left: true,
       on: `t.queue_id IS NULL AND (w.integration_id IS NOT NULL OR w.prompt_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM whatsapp_queues wq WHERE wq.whatsapp_id = w.id AND wq.company_id = w.company_id)`,
     })}
     LEFT JOIN chatbots b ON b.id = t.queue_option_id AND b.company_id = t.company_id AND b.queue_type = 'integration'
     LEFT JOIN queue_integrations i ON i.company_id = t.company_id
       AND i.id = COALESCE(b.opt_integration_id, q.integration_id, w.integration_id)
     LEFT JOIN LATERAL (SELECT p.id FROM prompts p WHERE p.company_id = t.company_id
       AND ((q.id IS NOT NULL AND p.queue_id = q.id) OR p.id = w.prompt_id)
       ORDER BY p.id LIMIT 1) pr ON true
     WHERE t.status = 'pending' AND t.user_id IS NULL AND NOT t.is_bot AND NOT t.is_group
       AND (q.id IS NOT NULL OR w.id IS NOT NULL)
       AND (i.id IS NOT NULL OR pr.id IS NOT NULL)
       AND NOT EXISTS (SELECT 1 FROM integration_sessions s WHERE s.company_id = t.company_id AND s.ticket_id = t.id
         AND s.finished AND s.queue_id IS NOT DISTINCT FROM t.queue_id)`,
    [entries.map(([id]) => id), entries.map(([, b]) => b.companyId), entries.map(([, b]) => b.body)],
  );
  const steps: {
    companyId: number;
    ticketId: number;
    kind: string;
    integrationId: number | null;
    promptId: number | null;
    body: string;
  }[] = [];
  for (const t of rows) {
    const kind = stepKindOf(t.integrationType);
    if (kind)
      steps.push({
        companyId: t.companyId,
        ticketId: t.id,
        kind,
        integrationId: t.integrationId,
        promptId: null,
        body: t.body,
      });
    // One bot answers a ticket: a Typebot or Dialogflow agent in charge leaves the queue's prompt silent.
    if (t.promptId !== null && kind !== "typebot" && kind !== "dialogflow" && !botAnswered.has(t.id)) {
      steps.push({
        companyId: t.companyId,
        ticketId: t.id,
        kind: "openai",
        integrationId: null,
        promptId: t.promptId,
        body: t.body,
      });
    }
  }
  if (steps.length === 0) return 0;
  await client.query(
    `INSERT INTO integration_steps (company_id, ticket_id, kind, integration_id, prompt_id, body)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[], $5::int[], $6::text[])`,
    [
      steps.map((s) => s.companyId),
      steps.map((s) => s.ticketId),
      steps.map((s) => s.kind),
      steps.map((s) => s.integrationId),
      steps.map((s) => s.promptId),
      steps.map((s) => s.body),
    ],
  );
  return steps.length;
}
