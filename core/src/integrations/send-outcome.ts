// A bot step's outcome shown: its texts going out (decision 0056): the first at once (as a voice note when the prompt has a voice),
// each next one a `say` step due `delayMs` later, so the delay survives restarts and holds no transaction.
import type pg from "pg";
import { sendBotMessages } from "../bot/send-bot-message.ts";
import type { Change } from "../kernel/change-log.ts";
import type { StepOutcome, TicketContext } from "./step-context.ts";

export async function sendOutcomeTexts(
  client: pg.ClientBase,
  companyId: number,
  ticket: TicketContext,
  outcome: Pick<StepOutcome, "texts" | "delayMs" | "voiceUrl">,
  now: Date,
  changes: Change[],
): Promise<void> {
  const texts = outcome.texts;
  const delayMs = outcome.delayMs ?? 0;
  const now_ = delayMs > 0 ? texts.slice(0, 1) : texts;
  await sendBotMessages(
    client,
    now_.map((body, i) => ({
      companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId,
      queueId: ticket.queueId,
      body,
      ...(i === 0 && outcome.voiceUrl ? { media: { mediaType: "audio", mediaUrl: outcome.voiceUrl } } : {}),
    })),
    changes,
  );
  const later = delayMs > 0 ? texts.slice(1) : [];
  if (later.length > 0) {
    // Each later text is a step of its own, due after the delay: it goes out once, in order, even across restarts.
    await client.query(
      `INSERT INTO integration_steps (company_id, ticket_id, kind, body, next_attempt_at)
       SELECT $1, $2, 'say', b, $3::timestamptz + make_interval(secs => n * $4::float8 / 1000)
       FROM unnest($5::text[]) WITH ORDINALITY AS x(b, n)`,
      [companyId, ticket.id, now, delayMs, later],
    );
  }
}

/**
 * useIntegration shows the agents that a bot holds the conversation (spec 1 §3 Ticket): set from the step's outcome,
 * the ticket's change recorded only when it flipped.
 */
export async function showBotHolds(
  client: pg.ClientBase,
  companyId: number,
  ticket: Pick<TicketContext, "id">,
  outcome: Pick<StepOutcome, "handover">,
  changes: Change[],
): Promise<void> {
  const { rowCount } = await client.query(
    "UPDATE tickets SET use_integration = $3, updated_at = now() WHERE company_id = $1 AND id = $2 AND use_integration <> $3",
    [companyId, ticket.id, !outcome.handover],
  );
  if (rowCount) changes.push({ companyId, entity: "tickets", id: ticket.id });
}
