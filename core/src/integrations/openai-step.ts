// An AI prompt answering the contacts waiting in its queue (spec 2 §3 Prompt; decision 0056): the prompt text as
// the system message, the ticket's latest maxMessages messages as the conversation, maxTokens and temperature as
// set, through OpenAI's Chat Completions API. When the contact asks for a person the assistant answers the
// hand-over action (HANDOVER_ACTION), and the ticket is left to the queue's agents.
import type pg from "pg";
import { HANDOVER_ACTION } from "../contract/prompts.ts";
import { assertOk, OutboundError, type OutboundOptions, postJson } from "./outbound-http.ts";
import type { StepOutcome, TicketContext } from "./step-context.ts";
import { synthesize } from "./text-to-speech.ts";

export const CHAT_MODEL = "gpt-4o-mini";

export type PromptRow = {
  id: number;
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  prompt: string;
  apiKey: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
};

export type ChatMessage = { role: "system" | "user" | "assistant"; content: string };

/** The instructions sent with every question: the admin's prompt, then the rule that hands over. */
export function systemMessage(prompt: PromptRow, ticket: TicketContext): string {
  return [
    prompt.prompt,
    `O nome do cliente é ${ticket.contactName}.`,
    `Responda em no máximo ${prompt.maxTokens} tokens.`,
    `Se o cliente pedir para falar com um atendente humano, responda apenas: "${HANDOVER_ACTION}".`,
  ].join("\n");
}

/** The ticket's latest `limit` texts, oldest first: the contact's as user, ours as assistant. */
export async function history(
  client: pg.ClientBase,
  companyId: number,
  ticketId: number,
  limit: number,
): Promise<ChatMessage[]> {
  const { rows } = await client.query<{ body: string; fromMe: boolean }>(
    `SELECT body, from_me AS "fromMe" FROM messages
     WHERE company_id = $1 AND ticket_id = $2 AND btrim(COALESCE(body, '')) <> ''
     ORDER BY created_at DESC, id DESC LIMIT $3`,
    [companyId, ticketId, limit],
  );
  return rows.reverse().map((m) => ({ role: m.fromMe ? "assistant" : "user", content: m.body }));
}

export async function runOpenAi(
  client: pg.ClientBase,
  companyId: number,
  ticket: TicketContext,
  prompt: PromptRow,
  opts: OutboundOptions & { openaiBaseUrl: string; ttsBaseUrl: string; dataDir?: string },
): Promise<StepOutcome> {
  const messages: ChatMessage[] = [
    { role: "system", content: systemMessage(prompt, ticket) },
    ...(await history(client, companyId, ticket.id, prompt.maxMessages)),
  ];
  // The API root is the platform's configuration, not a tenant's input: no address check on it.
  const answer = await postJson(
    `${opts.openaiBaseUrl.replace(/\/+$/, "")}/chat/completions`,
    { model: CHAT_MODEL, messages, max_tokens: prompt.maxTokens, temperature: prompt.temperature },
    { authorization: `Bearer ${prompt.apiKey}` },
    { ...opts, allowPrivateTargets: true },
  );
  assertOk(answer, "OpenAI");
  let content: string;
  try {
    const parsed = JSON.parse(answer.body) as { choices?: { message?: { content?: string | null } }[] };
    content = parsed.choices?.[0]?.message?.content?.trim() ?? "";
  } catch {
    throw new OutboundError("OpenAI answered something that is not JSON", true);
  }
  if (content.includes(HANDOVER_ACTION)) {
    const rest = content.replace(HANDOVER_ACTION, "").trim();
    return { texts: rest ? [rest] : [], handover: true };
  }
  const session = { integrationId: null, sessionId: null, choices: null };
  if (!content) return { texts: [], session };
  const voiceUrl = await voiceOf(prompt, content, companyId, opts);
  return { texts: [content], ...(voiceUrl ? { voiceUrl } : {}), session };
}

/** The answer as a voice note when the prompt has a voice; a failed synthesis falls back to the text. */
async function voiceOf(
  prompt: PromptRow,
  text: string,
  companyId: number,
  opts: OutboundOptions & { ttsBaseUrl: string; dataDir?: string },
): Promise<string | undefined> {
  if (prompt.voice === "texto" || !prompt.voiceKey || !prompt.voiceRegion || !opts.dataDir) return undefined;
  try {
    return await synthesize(
      { voice: prompt.voice, key: prompt.voiceKey, region: prompt.voiceRegion, text, companyId },
      { ...opts, dataDir: opts.dataDir },
    );
  } catch {
    return undefined;
  }
}
