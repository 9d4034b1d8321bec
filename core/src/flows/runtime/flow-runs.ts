// The flow runtime's database side (decision 0054): which tickets start a flow or feed the one they walk (inside the
// ingest transaction, after the inbound gate and before the queue bot), the interval job's resume, and the end of
// a run when an agent accepts the ticket. A run's place, variables and wait are a flow_runs row; an interval is an
// agenda job row written in the same transaction, keyed by the run's step, so a retried job does nothing twice.
import type pg from "pg";
import { z } from "zod";
import type { HoldingRule } from "../../bot/inbound-batch.ts";
import { type BotMessage, sendBotMessages } from "../../bot/send-bot-message.ts";
import type { FlowSnapshot } from "../../contract/flows.ts";
import { joinById } from "../../db/join-by-id.ts";
import { type Change, recordChanges } from "../../kernel/change-log.ts";
import { renderVariables } from "../../message-variables/render-variables.ts";
import { fillAnswers, fold, type RunState, rollOf, startState, type WalkResult, walkFlow } from "./flow-walk.ts";

/** The agenda job that resumes a run after an interval (channel-worker/src/jobs/timed-jobs.ts runs it). */
export const FLOW_RESUME_JOB = "flows:resume";

/** What the resume job carries: the run and the step it was written at (checked when the worker reads it). */
export const ZFlowResumeKey = z.object({
  companyId: z.number().int().positive(),
  ticketId: z.number().int().positive(),
  runId: z.number().int().positive(),
  step: z.number().int().nonnegative(),
});
export type FlowResumeKey = z.infer<typeof ZFlowResumeKey>;

type StartedBy = "welcome" | "notPhrase" | "campaign" | "integration";

type TicketRow = {
  id: number;
  companyId: number;
  contactId: number;
  whatsappId: number;
  queueId: number | null;
  /**
   * Pending, no agent, no group, bot not disabled, and no queue yet (or, for a run a queue's flowbuilder integration
   * started, still that queue): a flow may run on it.
   */
  eligible: boolean;
  protocol: string | null;
  createdAt: Date;
  contactName: string;
  connectionName: string;
  queueName: string | null;
  runId: number | null;
  runFlowId: number | null;
  nodeId: string | null;
  element: number;
  waitingFor: RunState["waitingFor"];
  variables: Record<string, string> | null;
  step: number;
};

const TICKET_COLUMNS = `t.id, t.company_id AS "companyId", t.contact_id AS "contactId", t.whatsapp_id AS "whatsappId",
  t.queue_id AS "queueId", t.protocol, t.created_at AS "createdAt", c.name AS "contactName",
  w.name AS "connectionName", q.name AS "queueName",
  (t.status = 'pending' AND t.user_id IS NULL AND NOT t.is_group AND NOT c.is_group AND NOT c.disable_bot
    AND CASE WHEN r.started_by = 'integration' THEN t.queue_id IS NOT DISTINCT FROM r.queue_id
      ELSE t.queue_id IS NULL END) AS eligible,
  r.id AS "runId", r.flow_id AS "runFlowId", r.node_id AS "nodeId", COALESCE(r.element, 0) AS element,
  r.waiting_for AS "waitingFor", r.variables, COALESCE(r.step, 0) AS step`;

/** The ticket's contact, connection and queue, each by its id (join-by-id.ts says why). */
const TICKET_JOINS = `${joinById("contacts", "c", "t.contact_id", "t.company_id")}
  ${joinById("whatsapps", "w", "t.whatsapp_id", "t.company_id")}
  ${joinById("queues", "q", "t.queue_id", "t.company_id", { left: true })}`;

/** The batch's tickets, by id: `i(id, co)` from two arrays, each ticket read by its primary key. */
const BATCH_TICKETS = `unnest($1::int[], $2::int[]) AS i(id, co) ${joinById("tickets", "t", "i.id", "i.co")}`;

/** A run to start or go on with, and the walk's outcome. */
type Move = {
  ticket: TicketRow;
  flowId: number;
  start?: { startedBy: StartedBy; campaignId: number | null; queueId?: number | null };
  result: WalkResult;
};

/**
 * Inside ingest: `lastBodies` maps each ticket of the batch to its last inbound text. Answers the tickets a flow
 * holds (the queue bot leaves them alone): those that started a flow or walk one. The first query is the only cost
 * for companies that use no flow.
 */
export const runFlows: HoldingRule = async (client, lastBodies, changes, now) => {
  const held = new Set<number>();
  if (lastBodies.size === 0) return held;
  const { rows } = await client.query<
    TicketRow & {
      hadFlow: boolean;
      flowIdWelcome: number | null;
      flowIdNotPhrase: number | null;
    }
  >(
    `SELECT ${TICKET_COLUMNS}, w.flow_id_welcome AS "flowIdWelcome", w.flow_id_not_phrase AS "flowIdNotPhrase",
       EXISTS (SELECT 1 FROM flow_runs p WHERE p.company_id = t.company_id AND p.ticket_id = t.id) AS "hadFlow"
     FROM ${BATCH_TICKETS}
     ${TICKET_JOINS}
     LEFT JOIN flow_runs r ON r.company_id = t.company_id AND r.ticket_id = t.id AND r.status = 'running'
     WHERE r.id IS NOT NULL
        OR (t.queue_id IS NULL AND (w.flow_id_welcome IS NOT NULL OR w.flow_id_not_phrase IS NOT NULL
          OR EXISTS (SELECT 1 FROM flow_campaigns fc WHERE fc.company_id = t.company_id AND fc.status
            AND (fc.whatsapp_id IS NULL OR fc.whatsapp_id = t.whatsapp_id))))`,
    [[...lastBodies.keys()], [...lastBodies.values()].map((b) => b.companyId)],
  );
  if (rows.length === 0) return held;
  const campaigns = await loadCampaigns(
    client,
    rows.filter((t) => t.runId === null && t.eligible).map((t) => t.companyId),
  );

  type Plan = { ticket: TicketRow; flowId: number; input: string | null; start?: Move["start"] };
  const plans: Plan[] = [];
  const left: { ticket: TicketRow; reason: string }[] = [];
  /** Runs waiting on a TypeBot or OpenAI node: the contact's words go to that bot, through the worker. */
  const botTurns: { ticket: TicketRow; body: string }[] = [];
  /** Eligible tickets of connections with a welcome flow: that flow replaces the queue bot there. */
  const welcomed: { ticket: TicketRow; flowId: number }[] = [];
  for (const t of rows) {
    const body = lastBodies.get(t.id)?.body ?? "";
    if (t.runId !== null) {
      // The ticket left the bot's hands some other way (closed, given a queue by an agent or the redirect): its
      // run ends here.
      if (!t.eligible) left.push({ ticket: t, reason: "left" });
      else {
        held.add(t.id);
        // During an interval the contact's words are kept in the conversation; the run goes on when it is due.
        if (t.waitingFor === "menu" || t.waitingFor === "question") {
          plans.push({ ticket: t, flowId: t.runFlowId ?? 0, input: body });
        } else if (t.waitingFor === "typebot" || t.waitingFor === "openai") {
          botTurns.push({ ticket: t, body });
        }
      }
      continue;
    }
    if (!t.eligible) continue;
    if (t.flowIdWelcome !== null) welcomed.push({ ticket: t, flowId: t.flowIdWelcome });
    const phrase = fold(body);
    const campaign = phrase
      ? campaigns
          .get(t.companyId)
          ?.find((c) => (c.whatsappId === null || c.whatsappId === t.whatsappId) && c.phrase === phrase)
      : undefined;
    const start = (flowId: number, startedBy: StartedBy, campaignId: number | null = null) =>
      plans.push({ ticket: t, flowId, input: null, start: { startedBy, campaignId } });
    // A matching phrase first; then the welcome flow on a ticket that never walked one; then the not-matched flow.
    if (campaign) start(campaign.flowId, "campaign", campaign.id);
    else if (!t.hadFlow && t.flowIdWelcome !== null) start(t.flowIdWelcome, "welcome");
    else if (t.flowIdNotPhrase !== null) start(t.flowIdNotPhrase, "notPhrase");
  }
  await endRuns(client, left);
  await enqueueBotTurns(
    client,
    botTurns.map((b) => ({ ticket: b.ticket, runId: b.ticket.runId!, step: b.ticket.step, body: b.body })),
  );
  const flows = await loadFlows(client, [
    ...plans.map((p) => ({ companyId: p.ticket.companyId, flowId: p.flowId })),
    ...welcomed.map((w) => ({ companyId: w.ticket.companyId, flowId: w.flowId })),
  ]);
  for (const w of welcomed) if (flows.has(flowKey(w.ticket.companyId, w.flowId))) held.add(w.ticket.id);
  const moves: Move[] = [];
  const gone: { ticket: TicketRow; reason: string }[] = [];
  for (const p of plans) {
    const flow = flows.get(flowKey(p.ticket.companyId, p.flowId));
    if (!flow) {
      // A flow switched off, deleted or never published starts nothing; a run on it ends.
      if (!p.start) gone.push({ ticket: p.ticket, reason: "flowGone" });
      continue;
    }
    held.add(p.ticket.id);
    const from = p.start ? startState() : stateOf(p.ticket);
    moves.push({
      ticket: p.ticket,
      flowId: p.flowId,
      start: p.start,
      result: walk(flow, p.ticket, from, p.input, now),
    });
  }
  await endRuns(client, gone);
  await applyMoves(client, moves, changes);
  return held;
};

/** The interval job for `key`, due `seconds` from now (in the caller's transaction: it exists once the move does). */
export async function scheduleFlowResume(client: pg.ClientBase, key: FlowResumeKey, seconds: number): Promise<void> {
  await client.query(
    `INSERT INTO agenda_jobs (name, type, priority, next_run_at, data)
     VALUES ($1, 'normal', 0, clock_timestamp() + make_interval(secs => $2), $3)`,
    [FLOW_RESUME_JOB, seconds, JSON.stringify(key)],
  );
}

/**
 * The interval job: goes on with the run if it still stands where the job was written (same step, still waiting
 * on the interval); a retried or late job finds the step moved on and does nothing. Answers 1 when it moved.
 */
export function resumeFlowRun(client: pg.ClientBase, key: FlowResumeKey, now: Date = new Date()): Promise<number> {
  return resumeRun(client, key, ["interval"], now);
}

/**
 * The TypeBot or OpenAI node's bot is done (flow-bots.ts, in the worker's step transaction): the run leaves the
 * node by its output, if it still waits there at that step. Answers 1 when it moved.
 */
export function continueAfterBot(client: pg.ClientBase, key: FlowResumeKey, now: Date = new Date()): Promise<number> {
  return resumeRun(client, key, ["typebot", "openai"], now);
}

async function resumeRun(client: pg.ClientBase, key: FlowResumeKey, waits: string[], now: Date): Promise<number> {
  // The ticket first, as ingest locks it, then the run: the two never wait on each other in opposite orders.
  await client.query("SELECT 1 FROM tickets WHERE id = $1 AND company_id = $2 FOR UPDATE", [
    key.ticketId,
    key.companyId,
  ]);
  const { rows } = await client.query<TicketRow>(
    `SELECT ${TICKET_COLUMNS}
     FROM tickets t ${TICKET_JOINS}
     JOIN flow_runs r ON r.company_id = t.company_id AND r.ticket_id = t.id AND r.status = 'running'
     WHERE t.id = $1 AND t.company_id = $2 AND r.id = $3 AND r.step = $4 AND r.waiting_for = ANY($5::text[])
     FOR UPDATE OF r`,
    [key.ticketId, key.companyId, key.runId, key.step, waits],
  );
  const ticket = rows[0];
  if (!ticket) return 0;
  const changes: Change[] = [];
  if (!ticket.eligible) {
    await endRuns(client, [{ ticket, reason: "left" }]);
    return 1;
  }
  const flow = (await loadFlows(client, [{ companyId: key.companyId, flowId: ticket.runFlowId ?? 0 }])).get(
    flowKey(key.companyId, ticket.runFlowId ?? 0),
  );
  if (!flow) await endRuns(client, [{ ticket, reason: "flowGone" }]);
  else {
    const result = walk(flow, ticket, stateOf(ticket), null, now);
    await applyMoves(client, [{ ticket, flowId: ticket.runFlowId!, result }], changes);
  }
  await recordChanges(client, changes);
  return 1;
}

/** An agent took the ticket: the flow it walked ends (its pending interval job will find nothing to do). */
export async function endFlowOnAccept(client: pg.ClientBase, companyId: number, ticketId: number): Promise<void> {
  await client.query(
    `UPDATE flow_runs SET status = 'ended', end_reason = 'accepted', waiting_for = NULL, step = step + 1,
       updated_at = now()
     WHERE company_id = $1 AND ticket_id = $2 AND status = 'running'`,
    [companyId, ticketId],
  );
}

type Campaign = { id: number; flowId: number; whatsappId: number | null; phrase: string };

/** The campaigns that are on, per company, with their phrases folded; read once per batch (at most 500 each). */
async function loadCampaigns(client: pg.ClientBase, companyIds: number[]): Promise<Map<number, Campaign[]>> {
  const out = new Map<number, Campaign[]>();
  if (companyIds.length === 0) return out;
  const { rows } = await client.query<Campaign & { companyId: number }>(
    `SELECT id, company_id AS "companyId", flow_id AS "flowId", whatsapp_id AS "whatsappId", phrase
     FROM flow_campaigns WHERE company_id = ANY($1::int[]) AND status ORDER BY id`,
    [[...new Set(companyIds)]],
  );
  for (const { companyId, ...c } of rows) {
    const list = out.get(companyId) ?? [];
    list.push({ ...c, phrase: fold(c.phrase) });
    out.set(companyId, list);
  }
  return out;
}

const flowKey = (companyId: number, flowId: number) => `${companyId}:${flowId}`;

/** The published snapshots of active flows, each read on its own company only. */
async function loadFlows(
  client: pg.ClientBase,
  wanted: { companyId: number; flowId: number }[],
): Promise<Map<string, FlowSnapshot>> {
  const pairs = [...new Map(wanted.map((w) => [flowKey(w.companyId, w.flowId), w])).values()];
  const { rows } = await client.query<{ id: number; companyId: number; flow: FlowSnapshot }>(
    `SELECT f.id, f.company_id AS "companyId", f.flow FROM unnest($1::int[], $2::int[]) AS i(id, c)
     JOIN flows f ON f.id = i.id AND f.company_id = i.c WHERE f.active AND f.flow IS NOT NULL`,
    [pairs.map((p) => p.flowId), pairs.map((p) => p.companyId)],
  );
  return new Map(rows.map((r) => [flowKey(r.companyId, r.id), r.flow]));
}

const stateOf = (t: TicketRow): RunState => ({
  nodeId: t.nodeId ?? "",
  element: t.element,
  waitingFor: t.waitingFor,
  variables: t.variables ?? {},
});

function walk(flow: FlowSnapshot, t: TicketRow, from: RunState, input: string | null, now: Date): WalkResult {
  const ctx = {
    contact: { name: t.contactName },
    ticket: { id: t.id, protocol: t.protocol, createdAt: t.createdAt },
    connection: { name: t.connectionName },
    queue: t.queueName ? { name: t.queueName } : null,
  };
  return walkFlow(flow, from, input, {
    // The message variables first, then the answers: what a contact typed is never read as a variable.
    render: (text, variables) => fillAnswers(renderVariables(text, ctx, now), variables),
    // Keyed by the ticket, the run's step and the node: a retried step takes the same way.
    roll: (nodeId) => rollOf(`${t.id}:${t.runId ?? "new"}:${t.step}:${nodeId}`),
  });
}

/** Writes each move: the run's new place (or its end), its messages, its interval job, the ticket's queue. */
async function applyMoves(client: pg.ClientBase, moves: Move[], changes: Change[]): Promise<void> {
  if (moves.length === 0) return;
  const messages: BotMessage[] = [];
  const logs: { ticket: TicketRow; type: "chatBot" | "queue"; queueId: number | null }[] = [];
  for (const m of moves) {
    const { ticket, result } = m;
    let runId = ticket.runId;
    let step = ticket.step + 1;
    // The run's place and whether it ended, in the order of both statements' placeholders (insert and update alike).
    const place = [
      result.state.nodeId,
      result.state.element,
      result.state.waitingFor,
      JSON.stringify(result.state.variables),
      result.end ? "ended" : "running",
      result.end?.reason ?? null,
    ];
    if (m.start) {
      const { rows } = await client.query<{ id: number }>(
        `INSERT INTO flow_runs (company_id, ticket_id, flow_id, started_by, campaign_id, node_id, element, waiting_for,
           variables, step, status, end_reason, queue_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 1, $10, $11, $12) RETURNING id`,
        [
          ticket.companyId,
          ticket.id,
          m.flowId,
          m.start.startedBy,
          m.start.campaignId,
          ...place,
          m.start.queueId ?? null,
        ],
      );
      runId = rows[0]!.id;
      step = 1;
      logs.push({ ticket, type: "chatBot", queueId: null });
    } else {
      await client.query(
        `UPDATE flow_runs SET node_id = $3, element = $4, waiting_for = $5, variables = $6, step = step + 1,
           status = $7, end_reason = $8, updated_at = now()
         WHERE id = $1 AND company_id = $2`,
        [runId, ticket.companyId, ...place],
      );
    }
    // A TypeBot or OpenAI node just reached: its bot's first turn is a step for the worker (no outside call here).
    if (result.handover !== null && !result.end) {
      await enqueueBotTurns(client, [{ ticket, runId: runId!, step, body: "" }]);
    }
    if (result.intervalSeconds !== null && !result.end) {
      const key: FlowResumeKey = { companyId: ticket.companyId, ticketId: ticket.id, runId: runId!, step };
      await scheduleFlowResume(client, key, result.intervalSeconds);
    }
    let queueId = ticket.queueId;
    if (result.end?.reason === "ticket") {
      const moved = await moveToQueue(client, ticket, result.end.queue.id);
      if (moved) {
        queueId = moved;
        logs.push({ ticket, type: "queue", queueId: moved });
        changes.push({ companyId: ticket.companyId, entity: "tickets", id: ticket.id });
      }
    }
    for (const s of result.sends) {
      messages.push({
        companyId: ticket.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        queueId,
        body: s.body,
        media: s.media,
      });
    }
  }
  await insertLogs(client, logs);
  await sendBotMessages(client, messages, changes);
}

/** The ticket node: the ticket waits in the queue (of its company; a queue deleted since 'Salvar' moves nothing). */
async function moveToQueue(client: pg.ClientBase, ticket: TicketRow, queueId: number): Promise<number | null> {
  const { rows } = await client.query<{ id: number }>(
    `UPDATE tickets t SET queue_id = q.id, is_bot = false, queue_option_id = NULL, updated_at = now()
     FROM queues q WHERE t.id = $1 AND t.company_id = $2 AND q.id = $3 AND q.company_id = t.company_id
     RETURNING q.id`,
    [ticket.id, ticket.companyId, queueId],
  );
  return rows[0]?.id ?? null;
}

async function endRuns(client: pg.ClientBase, ended: { ticket: TicketRow; reason: string }[]): Promise<void> {
  if (ended.length === 0) return;
  await client.query(
    `UPDATE flow_runs r SET status = 'ended', end_reason = i.reason, waiting_for = NULL, step = r.step + 1,
       updated_at = now()
     FROM unnest($1::int[], $2::int[], $3::text[]) AS i(id, c, reason)
     WHERE r.id = i.id AND r.company_id = i.c AND r.status = 'running'`,
    [ended.map((e) => e.ticket.runId), ended.map((e) => e.ticket.companyId), ended.map((e) => e.reason)],
  );
}

async function insertLogs(
  client: pg.ClientBase,
  logs: { ticket: TicketRow; type: "chatBot" | "queue"; queueId: number | null }[],
): Promise<void> {
  if (logs.length === 0) return;
  await client.query(
    `INSERT INTO ticket_logs (company_id, ticket_id, type, queue_id)
     SELECT * FROM unnest($1::int[], $2::int[], $3::text[], $4::int[])`,
    [
      logs.map((l) => l.ticket.companyId),
      logs.map((l) => l.ticket.id),
      logs.map((l) => l.type),
      logs.map((l) => l.queueId),
    ],
  );
}

/** The integration step kind of a flow's TypeBot or OpenAI node (core/src/flows/runtime/flow-bots.ts does it). */
export const FLOW_BOT_STEP = "flowBot";

/** Leaves the worker a step for the bot a run waits on, keyed by the run and its step (a later move voids it). */
async function enqueueBotTurns(
  client: pg.ClientBase,
  turns: { ticket: TicketRow; runId: number; step: number; body: string }[],
): Promise<void> {
  if (turns.length === 0) return;
  await client.query(
    `INSERT INTO integration_steps (company_id, ticket_id, kind, flow_run_id, flow_step, body)
     SELECT c, t, $5, r, s, b FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $6::text[]) AS x(c, t, r, s, b)`,
    [
      turns.map((x) => x.ticket.companyId),
      turns.map((x) => x.ticket.id),
      turns.map((x) => x.runId),
      turns.map((x) => x.step),
      FLOW_BOT_STEP,
      turns.map((x) => x.body),
    ],
  );
}

/**
 * Inside ingest, after the queue bot: a ticket that waits in a queue whose integration (or whose chatbot option's
 * integration) is of type flowbuilder starts that integration's flow (active and published), once per queue
 * (decision 0061). Answers the tickets a flow now holds.
 */
export const startIntegrationFlows: HoldingRule = async (client, lastBodies, changes, now) => {
  const held = new Set<number>();
  if (lastBodies.size === 0) return held;
  const { rows } = await client.query<TicketRow & { integrationFlowId: number }>(
    `SELECT ${TICKET_COLUMNS}, qi.flow_id AS "integrationFlowId"
     FROM ${BATCH_TICKETS}
     ${TICKET_JOINS}
     LEFT JOIN chatbots b ON b.id = t.queue_option_id AND b.company_id = t.company_id AND b.queue_type = 'integration'
     JOIN queue_integrations qi ON qi.company_id = t.company_id AND qi.type = 'flowbuilder'
       AND qi.id = COALESCE(b.opt_integration_id, q.integration_id) AND qi.flow_id IS NOT NULL
     LEFT JOIN flow_runs r ON r.company_id = t.company_id AND r.ticket_id = t.id AND r.status = 'running'
     WHERE r.id IS NULL AND t.status = 'pending' AND t.user_id IS NULL AND NOT t.is_bot AND NOT t.is_group
       AND NOT c.is_group AND NOT c.disable_bot
       AND NOT EXISTS (SELECT 1 FROM flow_runs o WHERE o.company_id = t.company_id AND o.ticket_id = t.id
         AND o.started_by = 'integration' AND o.queue_id = t.queue_id)`,
    [[...lastBodies.keys()], [...lastBodies.values()].map((b) => b.companyId)],
  );
  if (rows.length === 0) return held;
  const plans = rows.map((t) => ({ ticket: t, flowId: t.integrationFlowId }));
  const flows = await loadFlows(
    client,
    plans.map((p) => ({ companyId: p.ticket.companyId, flowId: p.flowId })),
  );
  const moves: Move[] = [];
  for (const p of plans) {
    const flow = flows.get(flowKey(p.ticket.companyId, p.flowId));
    if (!flow) continue;
    held.add(p.ticket.id);
    moves.push({
      ticket: p.ticket,
      flowId: p.flowId,
      start: { startedBy: "integration", campaignId: null, queueId: p.ticket.queueId },
      result: walk(flow, p.ticket, startState(), null, now),
    });
  }
  await applyMoves(client, moves, changes);
  return held;
};
