// Message variables on the server: the pure filling lives in the contract (shared with
// the PWA's composer); this adds reading a ticket's context from the database.

import type pg from "pg";
import type { VariableContext } from "../contract/message-variables.ts";

export {
  greetingFor,
  protocolOf,
  renderVariables,
  VARIABLE_NAMES,
  type VariableContext,
  type VariableName,
  variableValues,
} from "../contract/message-variables.ts";

/** Reads the context of one ticket: its contact, owner (or `userId`), queue and connection. */
export async function loadVariableContext(
  db: pg.ClientBase | pg.Pool,
  companyId: number,
  ticketId: number,
  opts: { userId?: number | null } = {},
): Promise<VariableContext> {
  const { rows } = await db.query<{
    id: number;
    protocol: string | null;
    created_at: Date;
    contact_name: string | null;
    user_name: string | null;
    queue_name: string | null;
    connection_name: string | null;
  }>(
    `SELECT t.id, t.protocol, t.created_at, c.name AS contact_name, u.name AS user_name, q.name AS queue_name,
       w.name AS connection_name
     FROM tickets t JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
       LEFT JOIN users u ON u.id = COALESCE($2::int, t.user_id) AND u.company_id = t.company_id
       LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
       LEFT JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     WHERE t.id = $1 AND t.company_id = $3`,
    [ticketId, opts.userId ?? null, companyId],
  );
  const r = rows[0];
  if (!r) return {};
  return {
    ticket: { id: r.id, protocol: r.protocol, createdAt: r.created_at },
    contact: { name: r.contact_name },
    user: r.user_name === null ? null : { name: r.user_name },
    queue: r.queue_name === null ? null : { name: r.queue_name },
    connection: r.connection_name === null ? null : { name: r.connection_name },
  };
}
