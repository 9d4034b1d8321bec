// Spec 3 §3 company settings sendQueuePosition / sendQueuePositionMessage: a contact whose conversation enters a
// queue to wait for an agent is told their place in it: the company's text followed by the number, as the original
// product writes it ("{text} *N*"), counting the queue's waiting conversations with no agent, theirs included.
import type pg from "pg";
import type { Change } from "../kernel/change-log.ts";
import { sendBotMessages } from "./send-bot-message.ts";

export type Entered = { ticketId: number; companyId: number; contactId: number; whatsappId: number; queueId: number };

export async function sendQueuePositions(client: pg.ClientBase, entered: Entered[], changes: Change[]): Promise<void> {
  if (entered.length === 0) return;
  const { rows } = await client.query<{ ticketId: number; text: string; position: number }>(
    `SELECT i.t AS "ticketId", s.value AS text,
       (SELECT count(*)::int FROM tickets w
        WHERE w.company_id = i.c AND w.queue_id = i.q AND w.status = 'pending' AND w.user_id IS NULL
          AND NOT w.is_group) AS position
     FROM unnest($1::int[], $2::int[], $3::int[]) AS i(t, c, q)
     JOIN settings o ON o.company_id = i.c AND o.key = 'sendQueuePosition' AND o.value = 'enabled'
     JOIN settings s ON s.company_id = i.c AND s.key = 'sendQueuePositionMessage' AND btrim(s.value) <> ''`,
    [entered.map((e) => e.ticketId), entered.map((e) => e.companyId), entered.map((e) => e.queueId)],
  );
  if (rows.length === 0) return;
  const byTicket = new Map(entered.map((e) => [e.ticketId, e]));
  await sendBotMessages(
    client,
    rows.map((r) => {
      const e = byTicket.get(r.ticketId)!;
      return { ...e, body: `${r.text.trim()} *${Math.max(1, r.position)}*` };
    }),
    changes,
  );
}
