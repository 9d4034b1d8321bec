// Which inbound messages are stored already (a channel redelivers): the one duplicate check that
// ingest and the Cloud API webhook's media download share.
import type pg from "pg";

export type InboundKey = { companyId: number; whatsappId: number; remoteId: string };

/** A message's key in the answer: `${whatsappId}\0${remoteId}` (remote ids are unique per connection). */
export const inboundKey = (whatsappId: number, remoteId: string) => `${whatsappId}\u0000${remoteId}`;

/** The inboundKeys of these messages that are already in the messages table. */
export async function findStoredMessages(client: pg.ClientBase | pg.Pool, keys: InboundKey[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const { rows } = await client.query<{ whatsapp_id: number; remote_id: string }>(
    `SELECT m.whatsapp_id, m.remote_id FROM messages m
     JOIN unnest($1::int[], $2::int[], $3::text[]) AS i(c, w, r)
       ON m.whatsapp_id = i.w AND m.remote_id = i.r AND m.company_id = i.c`,
    [keys.map((k) => k.companyId), keys.map((k) => k.whatsappId), keys.map((k) => k.remoteId)],
  );
  return new Set(rows.map((r) => inboundKey(r.whatsapp_id, r.remote_id)));
}
