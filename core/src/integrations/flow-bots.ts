// A flow's TypeBot and OpenAI nodes (decision 0061): when a run reaches one, the conversation is that bot's until
// it is done, then the flow goes on from the node's output. The bot's turns are integration steps of kind flowBot
// (decision 0056's worker: one transaction per step, the outside call once, its outcome written with the step
// marked done), each keyed by the run and the run's step it was written at: a turn whose run moved on, ended or
// was closed meanwhile writes nothing. The node's own settings are the bot's (spec 2 §3: typebotIntegration),
// through the same runtime as queue integrations and prompts: Typebot's startChat/continueChat with the finish and
// restart keywords, the unknown-answer text and the delay; Chat Completions with the history, maxMessages and the
// hand-over action.
import type pg from "pg";
import type { FlowSnapshot } from "../contract/flows.ts";
import { continueAfterBot, scheduleFlowResume } from "../flows/runtime/flow-runs.ts";
import type { FlowBot } from "../flows/runtime/flow-walk.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { type PromptRow, runOpenAi } from "./openai-step.ts";
import type { OutboundOptions } from "./outbound-http.ts";
import { sendOutcomeTexts, showBotHolds } from "./send-outcome.ts";
import { botMaySpeak, type StepOutcome, type StepRow, type TicketContext } from "./step-context.ts";
import { runTypebot, type TypebotIntegration } from "./typebot-step.ts";

export type FlowBotConfig = OutboundOptions & { openaiBaseUrl: string; ttsBaseUrl: string; dataDir?: string };

type BotSession = { sessionId: string; choices: string[] | null; updatedAt: string };

type WaitingRun = {
  id: number;
  nodeId: string;
  waitingFor: FlowBot;
  step: number;
  botSession: BotSession | null;
  flow: FlowSnapshot | null;
};

/** The run the step belongs to, if it still waits on its bot at the step's step. */
async function waitingRun(client: pg.ClientBase, step: StepRow, lock: boolean): Promise<WaitingRun | undefined> {
  const { rows } = await client.query<WaitingRun>(
    `SELECT r.id, r.node_id AS "nodeId", r.waiting_for AS "waitingFor", r.step, r.bot_session AS "botSession",
       CASE WHEN f.active THEN f.flow END AS flow
     FROM flow_runs r LEFT JOIN flows f ON f.id = r.flow_id AND f.company_id = r.company_id
     WHERE r.company_id = $1 AND r.id = $2 AND r.ticket_id = $3 AND r.status = 'running' AND r.step = $4
       AND r.waiting_for IN ('typebot', 'openai')
     ${lock ? "FOR UPDATE OF r" : ""}`,
    [step.companyId, step.flowRunId, step.ticketId, step.flowStep],
  );
  return rows[0];
}

/** The node's bot settings, or undefined when the flow or the node is gone (the run then ends as the walk says). */
function nodeSettings(run: WaitingRun): Record<string, unknown> | undefined {
  const node = run.flow?.nodes.find((n) => n.id === run.nodeId);
  if (!node || node.type !== run.waitingFor) return undefined;
  return (node.data as { typebotIntegration?: Record<string, unknown> }).typebotIntegration;
}

const GONE: StepOutcome = { texts: [], handover: true };

/**
 * The bot's turn: its outside call, made without holding the ticket (ingest must not wait on it). Answers
 * undefined when there is nothing to do (the run moved on or ended; an agent has the ticket).
 */
export async function callFlowBot(
  client: pg.ClientBase,
  step: StepRow,
  ticket: TicketContext,
  config: FlowBotConfig,
  now: Date,
): Promise<StepOutcome | undefined> {
  const run = await waitingRun(client, step, false);
  if (!run || !botMaySpeak(ticket)) return undefined;
  const settings = nodeSettings(run);
  // The flow was switched off or re-saved without the node: the walk ends the run (flowGone, missingNode).
  if (!settings) return GONE;
  const opts = { allowPrivateTargets: config.allowPrivateTargets, timeoutMs: config.timeoutMs };
  if (run.waitingFor === "typebot") {
    const integration: TypebotIntegration = {
      id: 0,
      urlN8N: String(settings.urlN8N ?? ""),
      typebotSlug: String(settings.typebotSlug ?? ""),
      typebotExpires: Number(settings.typebotExpires ?? 1),
      typebotDelayMessage: Number(settings.typebotDelayMessage ?? 1000),
      typebotKeywordFinish: (settings.typebotKeywordFinish as string) || null,
      typebotKeywordRestart: (settings.typebotKeywordRestart as string) || null,
      typebotRestartMessage: (settings.typebotRestartMessage as string) || null,
      typebotUnknownMessage: (settings.typebotUnknownMessage as string) || null,
    };
    const s = run.botSession;
    const session = s
      ? {
          queueId: ticket.queueId,
          integrationId: 0,
          sessionId: s.sessionId,
          choices: s.choices,
          finished: false,
          updatedAt: new Date(s.updatedAt),
        }
      : undefined;
    return runTypebot(step, ticket, integration, session, opts, now);
  }
  // A contact who wrote several messages in a row gets one answer, to the last (the history carries the rest).
  const { rowCount } = await client.query(
    `SELECT 1 FROM integration_steps WHERE company_id = $1 AND ticket_id = $2 AND kind = 'flowBot'
       AND state = 'pending' AND id > $3 LIMIT 1`,
    [step.companyId, step.ticketId, step.id],
  );
  if (rowCount) return undefined;
  const prompt: PromptRow = {
    id: 0,
    prompt: String(settings.prompt ?? ""),
    voice: String(settings.voice || "texto"),
    voiceKey: (settings.voiceKey as string) || null,
    voiceRegion: (settings.voiceRegion as string) || null,
    apiKey: String(settings.apiKey ?? ""),
    maxTokens: Number(settings.maxTokens ?? 100),
    temperature: Number(settings.temperature ?? 1),
    maxMessages: Number(settings.maxMessages ?? 10),
  };
  return runOpenAi(client, step.companyId, ticket, prompt, {
    ...opts,
    openaiBaseUrl: config.openaiBaseUrl,
    ttsBaseUrl: config.ttsBaseUrl,
    dataDir: config.dataDir,
  });
}

/**
 * Writes the bot's turn, in the step's transaction, if the run still waits there at that step (the ticket locked
 * first, then the run, as ingest does): its texts; while it talks, its session on the run; when it is done, its
 * texts at once and the walk from the node's output. Answers whether anything was written.
 */
export async function applyFlowBot(
  client: pg.ClientBase,
  step: StepRow,
  ticket: TicketContext,
  outcome: StepOutcome,
  now: Date,
): Promise<boolean> {
  await client.query("SELECT 1 FROM tickets WHERE company_id = $1 AND id = $2 FOR UPDATE", [
    step.companyId,
    step.ticketId,
  ]);
  const run = await waitingRun(client, step, true);
  if (!run) return false;
  const changes: Change[] = [];
  const companyId = step.companyId;
  // The bot is done but has several last texts to say at its pace (Typebot's delay between messages): the first goes
  // now, the others each a delay later, and the flow goes on one delay after the last. Until then the run waits on
  // the node as on an interval, so what the contact writes meanwhile stays in the conversation, no bot turn.
  const paced = outcome.handover && (outcome.delayMs ?? 0) > 0 && outcome.texts.length > 1;
  if (outcome.handover && !paced) {
    // The bot is done: what it said last goes out now, before the flow's next messages.
    await sendOutcomeTexts(client, companyId, ticket, { ...outcome, delayMs: 0 }, now, changes);
  } else if (paced) {
    await sendOutcomeTexts(client, companyId, ticket, outcome, now, changes);
  } else {
    await sendOutcomeTexts(client, companyId, ticket, outcome, now, changes);
    if (outcome.session !== undefined) {
      const s = outcome.session;
      const kept: BotSession | null =
        s === "clear" || !s.sessionId
          ? null
          : { sessionId: s.sessionId, choices: s.choices, updatedAt: now.toISOString() };
      await client.query(
        "UPDATE flow_runs SET bot_session = $3, updated_at = now() WHERE company_id = $1 AND id = $2",
        [companyId, run.id, kept === null ? null : JSON.stringify(kept)],
      );
    }
  }
  await showBotHolds(client, companyId, ticket, outcome, changes);
  await recordChanges(client, changes);
  if (paced) {
    await client.query(
      `UPDATE flow_runs SET bot_session = NULL, waiting_for = 'interval', step = step + 1, updated_at = now()
       WHERE company_id = $1 AND id = $2`,
      [companyId, run.id],
    );
    const key = { companyId, ticketId: ticket.id, runId: run.id, step: run.step + 1 };
    await scheduleFlowResume(client, key, (outcome.texts.length * (outcome.delayMs ?? 0)) / 1000);
  } else if (outcome.handover) {
    await client.query("UPDATE flow_runs SET bot_session = NULL WHERE company_id = $1 AND id = $2", [
      companyId,
      run.id,
    ]);
    await continueAfterBot(client, { companyId, ticketId: ticket.id, runId: run.id, step: run.step }, now);
  }
  return true;
}
