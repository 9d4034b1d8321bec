// The channel worker's side of queue integrations and prompts (decision 0056): each due step is claimed with its
// row locked (SKIP LOCKED: one worker per step; a ticket's steps strictly in order), its outside service called,
// and its outcome (the bot's messages through the bot send path, the session, the hand-over) written in the same
// transaction that marks it done. A crash or a failed commit leaves it pending and sends nothing, so each step's
// messages go out exactly once however often it is retried. A failed call is retried with exponential backoff.
import path from "node:path";
import type pg from "pg";
import { backoffDelay } from "../kernel/backoff.ts";
import { type Change, recordChanges } from "../kernel/change-log.ts";
import { OPENAI_BASE_URL } from "../kernel/config.ts";
import { transaction } from "../kernel/transaction.ts";
import { DIALOGFLOW_BASE_URL, runDialogflow } from "./dialogflow-step.ts";
import { applyFlowBot, callFlowBot } from "./flow-bots.ts";
import { type PromptRow, runOpenAi } from "./openai-step.ts";
import { OutboundError } from "./outbound-http.ts";
import { sendOutcomeTexts, showBotHolds } from "./send-outcome.ts";
import {
  botMaySpeak,
  loadSession,
  loadTicketContext,
  type StepOutcome,
  type StepRow,
  type TicketContext,
} from "./step-context.ts";
import { TTS_BASE_URL } from "./text-to-speech.ts";
import { runTypebot, type TypebotIntegration } from "./typebot-step.ts";
import { postWebhook, type WebhookIntegration } from "./webhook-step.ts";

export type IntegrationRuntimeConfig = {
  /** Lets webhook, n8n and Typebot URLs point at loopback or private addresses (tests; off by default). */
  allowPrivateTargets: boolean;
  /** OpenAI's API root (tests point it at a stand-in). */
  openaiBaseUrl: string;
  /** Dialogflow's API root (tests point it at a stand-in). */
  dialogflowBaseUrl: string;
  /** Azure speech's root, `{region}` replaced by the prompt's region (tests point it at a stand-in). */
  ttsBaseUrl: string;
  /** Where voice notes are kept (the media store's DATA_DIR); without it prompts answer in text only. */
  dataDir?: string;
  timeoutMs: number;
  /** The first retry waits this long, each next one twice as long (capped at MAX_BACKOFF_MS). */
  backoffBaseMs: number;
  /** Calls made before a step is given up as failed. */
  maxAttempts: number;
};

export const MAX_BACKOFF_MS = 15 * 60_000;
/** Steps one run does at most; a full run is run again at once by the timed job. */
export const INTEGRATION_STEPS_BATCH = 20;

export function integrationRuntimeConfig(env: NodeJS.ProcessEnv = process.env): IntegrationRuntimeConfig {
  return {
    allowPrivateTargets: env.INTEGRATIONS_ALLOW_PRIVATE_TARGETS === "true",
    openaiBaseUrl: env.OPENAI_BASE_URL || OPENAI_BASE_URL,
    dialogflowBaseUrl: env.DIALOGFLOW_BASE_URL || DIALOGFLOW_BASE_URL,
    ttsBaseUrl: env.TTS_BASE_URL || TTS_BASE_URL,
    dataDir: path.resolve(env.DATA_DIR || ".data"),
    timeoutMs: 15_000,
    backoffBaseMs: 10_000,
    maxAttempts: 6,
  };
}

/** How long after its `attempts`-th failed call a step is tried again. */
export const backoffMs = (config: Pick<IntegrationRuntimeConfig, "backoffBaseMs">, attempts: number) =>
  backoffDelay(attempts, { baseMs: config.backoffBaseMs, maxMs: MAX_BACKOFF_MS });

type Claimed = { step: StepRow } | null;

/** The next due step, locked; "due" by the caller's clock or the database's, whichever is later (they differ). */
async function claim(client: pg.ClientBase, now: Date): Promise<Claimed> {
  const { rows } = await client.query<StepRow>(
    `SELECT s.id::int AS id, s.company_id AS "companyId", s.ticket_id AS "ticketId", s.kind,
       s.integration_id AS "integrationId", s.prompt_id AS "promptId", s.body, s.attempts, s.created_at AS "createdAt",
       s.flow_run_id AS "flowRunId", s.flow_step AS "flowStep"
     FROM integration_steps s
     WHERE s.state = 'pending' AND s.next_attempt_at <= GREATEST($1::timestamptz, now())
       AND NOT EXISTS (SELECT 1 FROM integration_steps e WHERE e.ticket_id = s.ticket_id
         AND e.company_id = s.company_id AND e.state = 'pending' AND e.id < s.id)
     ORDER BY s.next_attempt_at, s.id LIMIT 1
     FOR UPDATE OF s SKIP LOCKED`,
    [now],
  );
  return rows[0] ? { step: rows[0] } : null;
}

async function finish(client: pg.ClientBase, step: StepRow, state: "done" | "skipped"): Promise<void> {
  await client.query("UPDATE integration_steps SET state = $3, done_at = now() WHERE company_id = $1 AND id = $2", [
    step.companyId,
    step.id,
    state,
  ]);
}

async function loadIntegration(client: pg.ClientBase, step: StepRow) {
  const { rows } = await client.query<
    WebhookIntegration &
      TypebotIntegration & { projectName: string | null; jsonContent: string | null; language: string | null }
  >(
    `SELECT id, name, type, url_n8n AS "urlN8N", project_name AS "projectName", json_content AS "jsonContent", language, signing_secret AS "signingSecret", typebot_slug AS "typebotSlug",
       typebot_expires AS "typebotExpires", typebot_delay_message AS "typebotDelayMessage",
       typebot_keyword_finish AS "typebotKeywordFinish", typebot_keyword_restart AS "typebotKeywordRestart",
       typebot_restart_message AS "typebotRestartMessage", typebot_unknown_message AS "typebotUnknownMessage"
     FROM queue_integrations WHERE company_id = $1 AND id = $2`,
    [step.companyId, step.integrationId],
  );
  return rows[0];
}

async function loadPromptRow(client: pg.ClientBase, step: StepRow): Promise<PromptRow | undefined> {
  const { rows } = await client.query<PromptRow>(
    `SELECT id, prompt, voice, voice_key AS "voiceKey", voice_region AS "voiceRegion", api_key AS "apiKey", max_tokens AS "maxTokens", temperature, max_messages AS "maxMessages"
     FROM prompts WHERE company_id = $1 AND id = $2`,
    [step.companyId, step.promptId],
  );
  return rows[0];
}

async function laterStepOf(client: pg.ClientBase, step: StepRow): Promise<boolean> {
  const { rowCount } = await client.query(
    `SELECT 1 FROM integration_steps WHERE company_id = $1 AND ticket_id = $2 AND kind = $3 AND state = 'pending'
       AND id > $4 LIMIT 1`,
    [step.companyId, step.ticketId, step.kind, step.id],
  );
  return (rowCount ?? 0) > 0;
}

/** The step's outside call; undefined when it has nothing to do any more (the integration or ticket moved on). */
async function perform(
  client: pg.ClientBase,
  step: StepRow,
  ticket: TicketContext,
  config: IntegrationRuntimeConfig,
  now: Date,
): Promise<StepOutcome | undefined> {
  const opts = { allowPrivateTargets: config.allowPrivateTargets, timeoutMs: config.timeoutMs };
  switch (step.kind) {
    case "webhook": {
      const integration = await loadIntegration(client, step);
      if (!integration) return undefined;
      await postWebhook(step, ticket, integration, opts, now);
      return { texts: [] };
    }
    case "typebot": {
      const integration = await loadIntegration(client, step);
      if (!integration?.urlN8N || !integration.typebotSlug || !botMaySpeak(ticket)) return undefined;
      const session = await loadSession(client, step.companyId, ticket.id);
      return runTypebot(step, ticket, integration, session, opts, now);
    }
    case "dialogflow": {
      const integration = await loadIntegration(client, step);
      if (!integration || !botMaySpeak(ticket)) return undefined;
      return runDialogflow(step, ticket, integration, { ...opts, dialogflowBaseUrl: config.dialogflowBaseUrl }, now);
    }
    case "openai": {
      const prompt = await loadPromptRow(client, step);
      if (!prompt || !botMaySpeak(ticket)) return undefined;
      // A contact who wrote several messages in a row gets one answer, to the last: the history carries the rest
      // (and each call is paid for).
      if (await laterStepOf(client, step)) return undefined;
      return runOpenAi(client, step.companyId, ticket, prompt, {
        ...opts,
        openaiBaseUrl: config.openaiBaseUrl,
        ttsBaseUrl: config.ttsBaseUrl,
        dataDir: config.dataDir,
      });
    }
    case "say":
      return botMaySpeak(ticket) ? { texts: [step.body] } : undefined;
    case "flowBot":
      return undefined;
  }
}

async function apply(
  client: pg.ClientBase,
  step: StepRow,
  ticket: TicketContext,
  outcome: StepOutcome,
  now: Date,
): Promise<void> {
  const changes: Change[] = [];
  const companyId = step.companyId;
  await sendOutcomeTexts(client, companyId, ticket, outcome, now, changes);
  if (outcome.handover || (outcome.session && outcome.session !== "clear")) {
    const s = outcome.session && outcome.session !== "clear" ? outcome.session : null;
    await client.query(
      `INSERT INTO integration_sessions (company_id, ticket_id, queue_id, integration_id, session_id, choices, finished,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (company_id, ticket_id) DO UPDATE SET queue_id = EXCLUDED.queue_id,
         integration_id = EXCLUDED.integration_id, session_id = EXCLUDED.session_id, choices = EXCLUDED.choices,
         finished = EXCLUDED.finished, updated_at = EXCLUDED.updated_at`,
      [
        companyId,
        ticket.id,
        ticket.queueId,
        s?.integrationId ?? step.integrationId,
        outcome.handover ? null : (s?.sessionId ?? null),
        outcome.handover || !s?.choices ? null : JSON.stringify(s.choices),
        outcome.handover === true,
        now,
      ],
    );
  } else if (outcome.session === "clear") {
    await client.query("DELETE FROM integration_sessions WHERE company_id = $1 AND ticket_id = $2", [
      companyId,
      ticket.id,
    ]);
  }
  if (step.kind === "typebot" || step.kind === "dialogflow" || step.kind === "openai") {
    await showBotHolds(client, companyId, ticket, outcome, changes);
  }
  await recordChanges(client, changes);
}

async function recordFailure(
  client: pg.ClientBase,
  step: StepRow,
  err: unknown,
  config: IntegrationRuntimeConfig,
  now: Date,
): Promise<void> {
  const attempts = step.attempts + 1;
  const retryable = !(err instanceof OutboundError) || err.retryable;
  const giveUp = !retryable || attempts >= config.maxAttempts;
  await client.query(
    `UPDATE integration_steps SET attempts = $2, last_error = $3, state = $4,
       next_attempt_at = $5::timestamptz + make_interval(secs => $6::float8 / 1000),
       done_at = CASE WHEN $4 = 'failed' THEN now() ELSE NULL END
     WHERE id = $1 AND company_id = $7`,
    [
      step.id,
      attempts,
      (err instanceof Error ? err.message : String(err)).slice(0, 500),
      giveUp ? "failed" : "pending",
      now,
      backoffMs(config, attempts),
      step.companyId,
    ],
  );
}

export type DeliverOptions = {
  /** The clock due times are read and set by (tests pass their own). */
  now?: Date;
  batch?: number;
  /** Tests only: runs after the outside call and before the outcome is written (a crash there must send nothing). */
  afterCall?: (step: StepRow) => void;
};

/** Does the due steps, one transaction each; answers how many it finished (done, skipped or failed for good). */
export async function deliverIntegrationSteps(
  pool: pg.Pool,
  config: IntegrationRuntimeConfig,
  opts: DeliverOptions = {},
): Promise<number> {
  const batch = opts.batch ?? INTEGRATION_STEPS_BATCH;
  let handled = 0;
  for (let i = 0; i < batch; i++) {
    const now = opts.now ?? new Date();
    let current: StepRow | undefined;
    let claimed: StepRow | null;
    try {
      claimed = await transaction(pool, async (client) => {
        const c = await claim(client, now);
        if (!c) return null;
        const { step } = c;
        current = step;
        const ticket = await loadTicketContext(client, step.companyId, step.ticketId);
        let outcome: StepOutcome | undefined;
        try {
          if (step.kind === "flowBot")
            outcome = ticket ? await callFlowBot(client, step, ticket, config, now) : undefined;
          else outcome = ticket ? await perform(client, step, ticket, config, now) : undefined;
        } catch (err) {
          if (!(err instanceof OutboundError)) throw err;
          await recordFailure(client, step, err, config, now);
          return step;
        }
        opts.afterCall?.(step);
        if (step.kind === "flowBot") {
          // A flow's TypeBot or OpenAI node: the outcome is written only if the run still waits there at that step.
          const applied = outcome && ticket ? await applyFlowBot(client, step, ticket, outcome, now) : false;
          await finish(client, step, applied ? "done" : "skipped");
        } else if (!outcome || !ticket) await finish(client, step, "skipped");
        else {
          await apply(client, step, ticket, outcome, now);
          await finish(client, step, "done");
        }
        handled++;
        return step;
      });
    } catch (err) {
      // A fault of ours, not the service's: that transaction is gone, with anything it wrote; the attempt is
      // counted in a new one, so a step that always fails ends as failed instead of blocking its ticket.
      const step = current;
      if (!step) throw err;
      await transaction(pool, (client) => recordFailure(client, step, err, config, now));
      claimed = step;
    }
    if (claimed === null) break;
  }
  return handled;
}
