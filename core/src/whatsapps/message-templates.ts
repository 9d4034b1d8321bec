// The approved message templates of a Cloud API connection (issue 10; decision 0053), read from the Graph API's
// message_templates edge of the connection's WhatsApp Business Account with the connection's own token, and kept
// a minute per connection so a picker opened by every agent costs Meta one call. Every member of the company may
// read them (agents send them); another company's connection answers ERR_NO_WAPP_FOUND.
import { createHash } from "node:crypto";
import type pg from "pg";
import { z } from "zod";
import type { Actor } from "../auth/authenticate.ts";
import {
  countVariables,
  type MessageTemplate,
  onlyPositionalVariables,
  type TemplateHeader,
} from "../contract/message-templates.ts";
import { AppError, whatsappNotFound, wrongState } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import type { GraphApi } from "../meta/graph-api.ts";

/** How long a connection's list is reused. */
export const TEMPLATES_CACHE_MS = 60_000;
/** Templates read per call: one page, Meta's largest. */
const PAGE_LIMIT = 250;
/** A larger answer is not read (a WABA's templates fit far below it). */
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const TIMEOUT_MS = 10_000;

const graphUnavailable = () =>
  new AppError("ERR_GRAPH_API_UNAVAILABLE", "The Graph API could not be reached to list the message templates");

/** One template of the edge's answer, read leniently: anything unknown is dropped, not refused. */
const ZGraphComponent = z
  .object({
    type: z.string().max(40),
    format: z.string().max(40).optional(),
    text: z.string().max(4096).optional(),
    buttons: z
      .array(z.object({ text: z.string().max(200).optional() }).loose())
      .max(20)
      .optional(),
  })
  .loose();
const ZGraphTemplate = z
  .object({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/),
    language: z.string().regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/),
    status: z.string().max(40),
    category: z.string().max(40).default(""),
    components: z.array(ZGraphComponent).max(20).default([]),
  })
  .loose();
const ZGraphAnswer = z.object({ data: z.array(z.unknown()).max(PAGE_LIMIT) });

/** A Graph API template as the picker reads it; null when it is not an approved one. */
export function toMessageTemplate(raw: unknown): MessageTemplate | null {
  const parsed = ZGraphTemplate.safeParse(raw);
  if (!parsed.success || parsed.data.status !== "APPROVED") return null;
  const t = parsed.data;
  const part = (type: string) => t.components.find((c) => c.type.toUpperCase() === type);
  const h = part("HEADER");
  const format = h?.format?.toUpperCase();
  let header: TemplateHeader | null = null;
  if (h && format === "TEXT") header = { format: "TEXT", text: h.text ?? "" };
  else if (h && (format === "IMAGE" || format === "VIDEO" || format === "DOCUMENT" || format === "LOCATION")) {
    header = { format };
  }
  const body = part("BODY")?.text ?? "";
  const headerText = header?.format === "TEXT" ? header.text : "";
  const buttons = (part("BUTTONS")?.buttons ?? []).map((b) => b.text ?? "").filter(Boolean);
  return {
    name: t.name,
    language: t.language,
    category: t.category,
    header,
    body,
    footer: part("FOOTER")?.text ?? null,
    buttons,
    headerVariables: countVariables(headerText),
    bodyVariables: countVariables(body),
    // A media header needs a file, a named variable a name: neither is something the picker fills yet.
    sendable:
      (header === null || header.format === "TEXT") &&
      onlyPositionalVariables(body) &&
      onlyPositionalVariables(headerText) &&
      countVariables(headerText) <= 1,
  };
}

type Cached = { at: number; key: string; templates: MessageTemplate[] };

/** Per core process: connection id -> its last list (keyed by account and token, so a change is read afresh). */
export class TemplatesCache {
  private readonly entries = new Map<number, Cached>();
  private readonly ttlMs: number;
  constructor(ttlMs = TEMPLATES_CACHE_MS) {
    this.ttlMs = ttlMs;
  }
  get(id: number, key: string): MessageTemplate[] | null {
    const hit = this.entries.get(id);
    return hit && hit.key === key && Date.now() - hit.at < this.ttlMs ? hit.templates : null;
  }
  set(id: number, key: string, templates: MessageTemplate[]): void {
    this.entries.set(id, { at: Date.now(), key, templates });
  }
}

/** The connection's approved templates, by name then language. */
export async function listMessageTemplates(
  pool: pg.Pool,
  graph: GraphApi,
  cache: TemplatesCache,
  actor: Actor,
  whatsappId: number,
): Promise<MessageTemplate[]> {
  const { rows } = await pool.query<{ channel: string; account: string | null; token: string | null }>(
    `SELECT channel, business_account_id AS account, access_token AS token FROM whatsapps
     WHERE id = $1 AND company_id = $2`,
    [whatsappId, actor.companyId],
  );
  const conn = rows[0];
  if (!conn) throw whatsappNotFound();
  if (conn.channel !== "whatsappapi") throw wrongState("Only WhatsApp Cloud API connections have message templates");
  if (!conn.account || !/^\d{1,32}$/.test(conn.account) || !conn.token) {
    throw wrongState("The connection's WhatsApp Business Account is not known yet", { businessAccountId: null });
  }
  const key = createHash("sha256").update(`${conn.account}\n${conn.token}`).digest("hex");
  const cached = cache.get(whatsappId, key);
  if (cached) return cached;
  const templates = await fetchTemplates(graph, conn.account, conn.token);
  cache.set(whatsappId, key, templates);
  return templates;
}

async function fetchTemplates(graph: GraphApi, account: string, token: string): Promise<MessageTemplate[]> {
  const fields = "name,language,status,category,components";
  const url = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${account}/message_templates?status=APPROVED&fields=${fields}&limit=${PAGE_LIMIT}`;
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      redirect: "error",
      signal: AbortSignal.timeout(graph.timeoutMs ?? TIMEOUT_MS),
    });
    if (Number(res.headers.get("content-length") ?? 0) > MAX_ANSWER_BYTES) throw new Error("answer too large");
    text = await res.text();
  } catch (err) {
    logger.warn({ err }, "whatsapp: Graph API unreachable listing templates");
    throw graphUnavailable();
  }
  if (res.status >= 500 || res.status === 429 || text.length > MAX_ANSWER_BYTES) throw graphUnavailable();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // judged below
  }
  if (!res.ok) {
    const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
    throw wrongState("Meta refused to list the message templates", {
      graphStatus: res.status,
      graphMessage: typeof message === "string" ? message.slice(0, 300) : null,
    });
  }
  const parsed = ZGraphAnswer.safeParse(body);
  if (!parsed.success) throw graphUnavailable();
  return parsed.data.data
    .map(toMessageTemplate)
    .filter((t): t is MessageTemplate => t !== null)
    .sort((a, b) => a.name.localeCompare(b.name) || a.language.localeCompare(b.language));
}
