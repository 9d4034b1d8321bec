// Reads chatbot options as the chatbot and queue calls answer them: one option,
// or a queue's whole tree, always within one company.
import type pg from "pg";
import type { ChatbotAnswer } from "../contract/chatbots.ts";
import { queueOptionNotFound } from "../kernel/errors.ts";

const COLUMNS = `b.id, b.queue_id AS "queueId", b.chatbot_id AS "chatbotId", b.name, b.greeting_message AS "greetingMessage",
  b.queue_type AS "queueType", b.opt_queue_id AS "optQueueId", b.opt_user_id AS "optUserId",
  b.opt_integration_id AS "optIntegrationId", b.opt_file_id AS "optFileId", b.close_ticket AS "closeTicket"`;

type Row = Omit<ChatbotAnswer, "options">;

/** Nests rows (ordered by id) under their parents; answers the roots. */
function nest(rows: Row[], rootId: number | null): ChatbotAnswer[] {
  const byId = new Map<number, ChatbotAnswer>(rows.map((r) => [r.id, { ...r, options: [] }]));
  const roots: ChatbotAnswer[] = [];
  for (const r of rows) {
    const node = byId.get(r.id)!;
    const parent = r.chatbotId === null ? undefined : byId.get(r.chatbotId);
    if (r.id === rootId || (rootId === null && r.chatbotId === null)) roots.push(node);
    else parent?.options.push(node);
  }
  return roots;
}

/** A queue's options, first level first, each with its children, in the order they were made. */
export async function loadQueueChatbots(
  db: pg.Pool | pg.ClientBase,
  companyId: number,
  queueId: number,
): Promise<ChatbotAnswer[]> {
  const { rows } = await db.query<Row>(
    `SELECT ${COLUMNS} FROM chatbots b WHERE b.company_id = $1 AND b.queue_id = $2 ORDER BY b.id`,
    [companyId, queueId],
  );
  return nest(rows, null);
}

/** One option with its children, or 404 (another company's id included). */
export async function loadChatbot(db: pg.Pool | pg.ClientBase, companyId: number, id: number): Promise<ChatbotAnswer> {
  const { rows } = await db.query<Row>(
    `WITH RECURSIVE tree AS (
       SELECT b.* FROM chatbots b WHERE b.id = $1 AND b.company_id = $2
       UNION ALL
       SELECT c.* FROM chatbots c JOIN tree ON c.chatbot_id = tree.id AND c.company_id = $2
     )
     SELECT ${COLUMNS} FROM tree b ORDER BY b.id`,
    [id, companyId],
  );
  const root = nest(rows, id)[0];
  if (!root) throw queueOptionNotFound();
  return root;
}
