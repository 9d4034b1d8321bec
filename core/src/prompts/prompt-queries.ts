// Reading prompts in their answer shape (spec 2 §3 Prompt): the key masked, the queue's name joined as plain
// columns and nested by the presenter (decision 0085).
import type pg from "pg";
import { maskApiKey, type PromptDTO } from "../contract/prompts.ts";
import { promptNotFound } from "../integrations/integration-policy.ts";
import { namedRef } from "../presenters/named-ref.ts";

const SELECT = `SELECT p.id, p.name, p.prompt, p.voice, p.voice_key AS "voiceKey", p.voice_region AS "voiceRegion",
  p.max_tokens AS "maxTokens", p.temperature, p.api_key AS "apiKey", p.queue_id AS "queueId",
  q.id AS "joinedQueueId", q.name AS "joinedQueueName",
  p.max_messages AS "maxMessages", p.created_at AS "createdAt", p.updated_at AS "updatedAt"
  FROM prompts p LEFT JOIN queues q ON q.id = p.queue_id AND q.company_id = p.company_id`;

type Row = Omit<PromptDTO, "createdAt" | "updatedAt" | "queue"> & {
  createdAt: Date;
  updatedAt: Date;
  joinedQueueId: number | null;
  joinedQueueName: string | null;
};

/** The presenter: the key never leaves the server whole. */
const answer = ({ joinedQueueId, joinedQueueName, ...r }: Row): PromptDTO => ({
  ...r,
  queue: namedRef(joinedQueueId, joinedQueueName),
  apiKey: maskApiKey(r.apiKey),
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function loadPrompt(db: pg.Pool | pg.ClientBase, companyId: number, id: number): Promise<PromptDTO> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE p.company_id = $1 AND p.id = $2`, [companyId, id]);
  if (!rows[0]) throw promptNotFound();
  return answer(rows[0]);
}

/** GET /prompt (spec 2 §7: `prompts`, no paging), by name. */
export async function listPrompts(pool: pg.Pool, companyId: number): Promise<{ prompts: PromptDTO[] }> {
  const { rows } = await pool.query<Row>(`${SELECT} WHERE p.company_id = $1 ORDER BY lower(p.name), p.id LIMIT 500`, [
    companyId,
  ]);
  return { prompts: rows.map(answer) };
}
