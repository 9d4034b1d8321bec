// Typebot integrations (spec 2 §3 Integration, §9; decision 0056): the ticket's conversation runs on the Typebot
// API (startChat, then continueChat with the session id). The finish keyword hands the ticket over to a person,
// the restart keyword starts over (after typebotRestartMessage), a session idle for typebotExpires minutes starts
// over, and a message the bot cannot take (a file, an answer its question does not offer) gets
// typebotUnknownMessage. The bot's messages go out typebotDelayMessage ms apart.
import type { QueueIntegrationDTO } from "../contract/integrations.ts";
import { assertOk, OutboundError, type OutboundOptions, postJson } from "./outbound-http.ts";
import type { SessionRow, StepOutcome, StepRow, TicketContext } from "./step-context.ts";

/** What a Typebot conversation reads of its integration (a flow's Typebot node fills the same fields). */
export type TypebotIntegration = Pick<
  QueueIntegrationDTO,
  | "id"
  | "urlN8N"
  | "typebotSlug"
  | "typebotExpires"
  | "typebotDelayMessage"
  | "typebotKeywordFinish"
  | "typebotKeywordRestart"
  | "typebotRestartMessage"
  | "typebotUnknownMessage"
>;

type RichText = { text?: string; children?: RichText[] };
type TypebotMessage = { type: string; content?: { richText?: RichText[]; markdown?: string; url?: string } };
type TypebotInput = { type: string; items?: { content?: string }[] };
type TypebotAnswer = { sessionId?: string; messages?: TypebotMessage[]; input?: TypebotInput | null };

const normalize = (s: string) => s.trim().toLowerCase();

function plain(nodes: RichText[] | undefined): string {
  if (!nodes) return "";
  return nodes
    .map((n) => (n.children ? plain(n.children) : (n.text ?? "")))
    .join(nodes.some((n) => n.children) ? "\n" : "");
}

/** One Typebot message as the text the contact gets (media as its link). */
export function messageText(m: TypebotMessage): string {
  if (m.type === "text") return (m.content?.markdown ?? plain(m.content?.richText)).trim();
  return m.content?.url ?? "";
}

function root(integration: TypebotIntegration): string {
  return integration.urlN8N!.replace(/\/+$/, "");
}

async function call(url: string, body: unknown, opts: OutboundOptions): Promise<TypebotAnswer> {
  const answer = await postJson(url, body, {}, opts);
  assertOk(answer, "Typebot");
  try {
    return JSON.parse(answer.body) as TypebotAnswer;
  } catch {
    throw new OutboundError("Typebot answered something that is not JSON", true);
  }
}

/** The answer's texts and its question's choices, numbered so the contact can answer with a digit. */
function outcomeOf(integration: TypebotIntegration, answer: TypebotAnswer, sessionId: string): StepOutcome {
  const texts = (answer.messages ?? []).map(messageText).filter((t) => t !== "");
  const choices = (answer.input?.items ?? []).map((i) => i.content ?? "").filter((c) => c !== "");
  if (choices.length > 0) texts.push(choices.map((c, i) => `[${i + 1}] ${c}`).join("\n"));
  const delayMs = integration.typebotDelayMessage;
  // No input awaited: the bot's conversation is over, and the ticket waits for a person.
  if (!answer.input) return { texts, delayMs, handover: true };
  return {
    texts,
    delayMs,
    session: { integrationId: integration.id, sessionId, choices: choices.length ? choices : null },
  };
}

export async function runTypebot(
  step: StepRow,
  ticket: TicketContext,
  integration: TypebotIntegration,
  session: SessionRow | undefined,
  opts: OutboundOptions,
  now: Date,
): Promise<StepOutcome> {
  const said = normalize(step.body);
  if (integration.typebotKeywordFinish && said === normalize(integration.typebotKeywordFinish)) {
    return { texts: [], handover: true };
  }
  if (integration.typebotKeywordRestart && said === normalize(integration.typebotKeywordRestart)) {
    return { texts: integration.typebotRestartMessage ? [integration.typebotRestartMessage] : [], session: "clear" };
  }
  const start = async (): Promise<StepOutcome> => {
    const answer = await call(
      `${root(integration)}/api/v1/typebots/${encodeURIComponent(integration.typebotSlug!)}/startChat`,
      { isStreamEnabled: false, prefilledVariables: { number: ticket.contactNumber, pushName: ticket.contactName } },
      opts,
    );
    if (!answer.sessionId) throw new OutboundError("Typebot answered no sessionId", true);
    return outcomeOf(integration, answer, answer.sessionId);
  };
  const expiresMs = integration.typebotExpires * 60_000;
  const live =
    session?.sessionId &&
    !session.finished &&
    session.integrationId === integration.id &&
    session.queueId === ticket.queueId &&
    (expiresMs === 0 || now.getTime() - session.updatedAt.getTime() < expiresMs);
  if (!live) return start();
  const unknown = { texts: integration.typebotUnknownMessage ? [integration.typebotUnknownMessage] : [] };
  if (said === "") return unknown;
  let reply = step.body.trim();
  if (session.choices?.length) {
    const byNumber = /^\d+$/.test(said) ? session.choices[Number(said) - 1] : undefined;
    const picked = byNumber ?? session.choices.find((c) => normalize(c) === said);
    if (!picked) return unknown;
    reply = picked;
  }
  try {
    const answer = await call(
      `${root(integration)}/api/v1/sessions/${encodeURIComponent(session.sessionId!)}/continueChat`,
      { message: reply },
      opts,
    );
    return outcomeOf(integration, answer, session.sessionId!);
  } catch (err) {
    // Typebot forgot the session (its own expiry): start over rather than fail the contact.
    if (err instanceof OutboundError && /answered 404/.test(err.message)) return start();
    throw err;
  }
}
