// What a step's handler knows of its ticket, read in the step's transaction, and what it answers.
import type pg from "pg";

export type StepRow = {
  id: number;
  companyId: number;
  ticketId: number;
  kind: "webhook" | "typebot" | "dialogflow" | "openai" | "say" | "flowBot";
  integrationId: number | null;
  promptId: number | null;
  body: string;
  attempts: number;
  createdAt: Date;
  /** A flowBot step (decision 0061): the flow run and the run's step it was written at. */
  flowRunId?: number | null;
  flowStep?: number | null;
};

export type TicketContext = {
  id: number;
  uuid: string;
  status: string;
  userId: number | null;
  queueId: number | null;
  queueName: string | null;
  isBot: boolean;
  contactId: number;
  contactName: string;
  contactNumber: string;
  whatsappId: number;
  connectionName: string;
};

export type SessionRow = {
  queueId: number | null;
  integrationId: number | null;
  sessionId: string | null;
  choices: string[] | null;
  finished: boolean;
  updatedAt: Date;
};

/** What a handler decided: texts for the contact, and the bot session's next state. */
export type StepOutcome = {
  /** Sent in order: the first at once, each next one `delayMs` later (Typebot's typebotDelayMessage). */
  texts: string[];
  /** The first text goes out as this voice note instead (a prompt's voice), the text kept as its body. */
  voiceUrl?: string;
  delayMs?: number;
  /** The session to keep (upserted), "clear" to drop it, undefined to leave it. */
  session?: { integrationId: number | null; sessionId: string | null; choices: string[] | null } | "clear";
  /** The bot hands the ticket over to a person: no bot answers it again in this queue. */
  handover?: boolean;
};

/** Whether a bot may still speak on the ticket: waiting in a queue with no agent. */
export const botMaySpeak = (t: TicketContext) => t.status === "pending" && t.userId === null && !t.isBot;

export async function loadTicketContext(
  client: pg.ClientBase,
  companyId: number,
  ticketId: number,
): Promise<TicketContext | undefined> {
  const { rows } = await client.query<TicketContext>(
    `SELECT t.id, t.uuid, t.status, t.user_id AS "userId", t.queue_id AS "queueId", q.name AS "queueName",
       t.is_bot AS "isBot", t.contact_id AS "contactId", c.name AS "contactName", c.number AS "contactNumber",
       t.whatsapp_id AS "whatsappId", w.name AS "connectionName"
     FROM tickets t
     JOIN contacts c ON c.id = t.contact_id AND c.company_id = t.company_id
     JOIN whatsapps w ON w.id = t.whatsapp_id AND w.company_id = t.company_id
     LEFT JOIN queues q ON q.id = t.queue_id AND q.company_id = t.company_id
     WHERE t.company_id = $1 AND t.id = $2`,
    [companyId, ticketId],
  );
  return rows[0];
}

export async function loadSession(
  client: pg.ClientBase,
  companyId: number,
  ticketId: number,
): Promise<SessionRow | undefined> {
  const { rows } = await client.query<SessionRow>(
    `SELECT queue_id AS "queueId", integration_id AS "integrationId", session_id AS "sessionId", choices, finished,
       updated_at AS "updatedAt"
     FROM integration_sessions WHERE company_id = $1 AND ticket_id = $2`,
    [companyId, ticketId],
  );
  return rows[0];
}
