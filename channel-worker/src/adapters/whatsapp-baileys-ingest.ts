// The Baileys adapter's inbound side with state (decision 0049): the connection's rules, the echoes of our own
// sends, LID/PN pairs learnt, media downloads, poll votes and the history import, all turned into core's ingest
// events through the pure mapping of whatsapp-baileys-inbound.ts.
import { mergeLidContact } from "@chatflow/core/contacts/merge-lid-contact.ts";
import { mergeLidPhoneContacts } from "@chatflow/core/contacts/phone-contacts.ts";
import { recordChanges } from "@chatflow/core/kernel/change-log.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { saveMedia } from "@chatflow/core/media/media-store.ts";
import type { InboundEvent } from "@chatflow/core/messages/ingest.ts";
import { downloadMediaMessage, isLidUser, isPnUser, type WAMessage } from "@whiskeysockets/baileys";
import type { AdapterEvents } from "./adapter.ts";
import { chatContactsOf, phoneContactsKeeper } from "./baileys-phone-contacts.ts";
import { pollVoteOf, recordPollVote } from "./baileys-poll-votes.ts";
import {
  type ConnectionRules,
  callLogOf,
  contactNumberOf,
  inboundMessageOf,
  receiptEvents,
  updateEvents,
} from "./whatsapp-baileys-inbound.ts";
import type { BaileysSocket, Guard } from "./whatsapp-baileys-socket.ts";
import { type Fence, writeImportStatus } from "./whatsapp-baileys-status.ts";

type Rules = ConnectionRules & {
  acceptCalls: boolean;
  callMessage: string;
  /** History import (spec 2 §3): the window of days, groups too, close afterwards, the queue of the tickets. */
  importFrom: Date | null;
  importTo: Date | null;
  importGroups: boolean;
  closeAfterImport: boolean;
  importQueueId: number | null;
};

export type IngestOptions = Fence & {
  events: AdapterEvents;
  dataDir: string;
  /** Downloads an inbound message's media (Baileys' downloadMediaMessage by default). */
  download?: (m: WAMessage, socket: BaileysSocket) => Promise<Buffer>;
};

export type BaileysIngest = {
  /** Reads the connection's rules (groups, calls, history import) again. */
  loadRules(): Promise<void>;
  /** A key id we sent, with the message row it sends (none for edits and deletes). */
  remember(keyId: string, messageId?: string | null): void;
  /** Listens to a new socket's inbound events. */
  wire(s: BaileysSocket, guard: Guard): void;
};

export function baileysIngest(o: IngestOptions): BaileysIngest {
  const { owner, log, events } = o;
  let rules: Rules = {
    ...owner,
    allowGroup: false,
    groupAsTicket: false,
    acceptCalls: true,
    callMessage: "",
    importFrom: null,
    importTo: null,
    importGroups: false,
    closeAfterImport: false,
    importQueueId: null,
  };
  /** The history import under way: when it began and the remote ids it stored. */
  /** The history import under way: when it began, what it stored, and its "Running" status write. */
  let importing: { startedAt: Date; remoteIds: Set<string>; marked: Promise<void> } | null = null;
  /**
   * Key ids this adapter sent lately, with the id of the message row each one sends (none for edits and deletes):
   * their echo (an own-event upsert) is not a message from the phone, and an ack that comes before the send's
   * answer (so before its remote id is stored) names the row it belongs to.
   */
  const sentIds = new Map<string, string | null>();
  /** LID/PN pairs already merged by this adapter, so a message carrying both costs no query. */
  const learned = new Set<string>();
  /** The phone number of each LID learnt here, so the contacts kept for the phone's import name the number. */
  const pnOfLid = new Map<string, string>();
  /** What the connection knows of its contacts, for the import from the phone (decision 0112). */
  const keepPhoneContacts = phoneContactsKeeper(o.pool, owner, (lid) => pnOfLid.get(lid));

  /** Acks of our own sends carry the row's id, so ingest can record one that outran the send's answer. */
  const withOwnIds = (out: InboundEvent[]): InboundEvent[] =>
    out.map((e) => {
      const messageId = e.kind === "ack" ? sentIds.get(e.remoteId) : null;
      return messageId ? { ...e, messageId } : e;
    });

  async function loadRules(): Promise<void> {
    const { rows } = await o.pool.query<{
      allow_group: boolean;
      group_as_ticket: string;
      import_old_messages: string | null;
      import_recent_messages: string | null;
      import_old_messages_groups: boolean;
      closed_tickets_post_imported: boolean;
      queue_id_import_messages: number | null;
    }>(
      `SELECT allow_group, group_as_ticket, import_old_messages::text, import_recent_messages::text, import_old_messages_groups,
         closed_tickets_post_imported, queue_id_import_messages FROM whatsapps WHERE id = $1 AND company_id = $2`,
      [owner.whatsappId, owner.companyId],
    );
    const settings = await o.pool.query<{ key: string; value: string }>(
      "SELECT key, value FROM settings WHERE company_id = $1 AND key = ANY($2::text[])",
      [owner.companyId, ["acceptCallWhatsapp", "AcceptCallWhatsappMessage"]],
    );
    const setting = (k: string) => settings.rows.find((r) => r.key === k)?.value;
    rules = {
      ...owner,
      allowGroup: rows[0]?.allow_group ?? false,
      groupAsTicket: rows[0]?.group_as_ticket === "enabled",
      acceptCalls: setting("acceptCallWhatsapp") !== "disabled",
      callMessage: setting("AcceptCallWhatsappMessage") ?? "",
      // Days, taken as UTC days (the column has no zone).
      importFrom: rows[0]?.import_old_messages ? new Date(`${rows[0].import_old_messages}T00:00:00Z`) : null,
      importTo: rows[0]?.import_recent_messages ? new Date(`${rows[0].import_recent_messages}T00:00:00Z`) : null,
      importGroups: rows[0]?.import_old_messages_groups ?? false,
      closeAfterImport: rows[0]?.closed_tickets_post_imported ?? false,
      importQueueId: rows[0]?.queue_id_import_messages ?? null,
    };
  }

  async function ingestUpsert(
    messages: WAMessage[],
    s: BaileysSocket,
    r: ConnectionRules = rules,
  ): Promise<InboundEvent[]> {
    const out: InboundEvent[] = [];
    for (const m of messages) {
      if (m.key.fromMe && m.key.id && sentIds.has(m.key.id)) continue;
      const vote = pollVoteOf(m);
      if (vote) {
        // A vote is no message of its own: it updates its poll (decrypted here; decision 0053).
        const me = { id: s.user?.id, lid: s.user?.lid };
        if (!(await recordPollVote(o.pool, owner, m, vote, me))) {
          log(`connection ${owner.whatsappId}: a vote on ${vote.pollCreationMessageKey?.id} could not be read`);
        }
        continue;
      }
      const alt = m.key.remoteJidAlt;
      if (alt && m.key.remoteJid) {
        const lid = isLidUser(m.key.remoteJid) ? m.key.remoteJid : isLidUser(alt) ? alt : null;
        const pn = lid === m.key.remoteJid ? alt : m.key.remoteJid;
        if (lid && isPnUser(pn)) await learnMapping(lid, pn);
      }
      const mapped = inboundMessageOf(m, r);
      if (!mapped) continue;
      if (mapped.media) {
        try {
          const bytes = await (o.download ?? ((msg) => downloadMediaMessage(msg, "buffer", {})))(m, s);
          const saved = await saveMedia(o.dataDir, owner.companyId, mapped.media.fileName, bytes);
          mapped.event.mediaUrl = saved.url;
        } catch (err) {
          // The message is stored without its file rather than lost; the body still says what it was, and
          // dataJson.media why (spec 1 §8 ERR_WAPP_DOWNLOAD_MEDIA, shown on the message; the Cloud API's shape).
          const error = (err as Error).message ?? String(err);
          const data = mapped.event.dataJson;
          mapped.event.dataJson = {
            ...(data && typeof data === "object" ? (data as object) : {}),
            media: { error, code: "ERR_WAPP_DOWNLOAD_MEDIA" },
          };
          log(`connection ${owner.whatsappId}: media of ${m.key.id} not downloaded: ${error}`);
        }
      }
      out.push(mapped.event);
    }
    if (out.length > 0) await events.onInbound(out);
    return out;
  }

  /** History sync chunks: the messages inside the connection's import window, through the same ingest. */
  async function importHistory(messages: WAMessage[], s: BaileysSocket): Promise<void> {
    if (!rules.importFrom) return;
    const from = rules.importFrom.getTime();
    // importRecentMessages is a day: the whole of it is in the window.
    const to = rules.importTo ? rules.importTo.getTime() + 86_400_000 : Number.POSITIVE_INFINITY;
    const wanted = messages.filter((m) => {
      const t = Number(m.messageTimestamp?.toString() ?? 0) * 1000;
      return t >= from && t < to;
    });
    // The first chunk marks the import running; a chunk arriving while that write is on its way waits for it too,
    // so no history message is stored before the status says an import runs.
    importing ??= {
      startedAt: new Date(),
      remoteIds: new Set(),
      // A status that could not be written loses no history: the chunks are stored all the same.
      marked: writeImportStatus(o, "Running").catch((err: unknown) =>
        log(`connection ${owner.whatsappId}: import status not written: ${(err as Error).message}`),
      ),
    };
    const run = importing;
    await run.marked;
    const r = { ...rules, allowGroup: rules.importGroups, groupAsTicket: rules.importGroups };
    for (const e of await ingestUpsert(wanted, s, r)) if (e.kind === "message") run.remoteIds.add(e.remoteId);
  }

  /** The import is complete: its tickets get the import queue, are closed when asked, and the time is recorded. */
  async function finishImport(): Promise<void> {
    const done = importing;
    if (!done) return;
    importing = null;
    await transaction(o.pool, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `UPDATE tickets t SET queue_id = coalesce(t.queue_id, $4),
           status = CASE WHEN $5 THEN 'closed' ELSE t.status END, updated_at = now()
         WHERE t.company_id = $1 AND t.whatsapp_id = $2 AND t.status <> 'closed'
           AND t.id IN (SELECT m.ticket_id FROM messages m WHERE m.company_id = $1 AND m.whatsapp_id = $2
             AND m.remote_id = ANY($3::text[]))
           -- A ticket that received a live message during the import stays open.
           AND NOT EXISTS (SELECT 1 FROM messages n WHERE n.company_id = $1 AND n.ticket_id = t.id
             AND n.created_at >= $6 AND NOT (n.remote_id = ANY($3::text[])))
         RETURNING t.id`,
        [
          owner.companyId,
          owner.whatsappId,
          [...done.remoteIds],
          rules.importQueueId,
          rules.closeAfterImport,
          done.startedAt,
        ],
      );
      await recordChanges(
        client,
        rows.map((r) => ({ companyId: owner.companyId, entity: "tickets" as const, id: r.id })),
      );
    });
    await writeImportStatus(o, String(Date.now()));
  }

  async function learnMapping(lid: string, pn: string): Promise<void> {
    const lidNumber = contactNumberOf(lid);
    const pnNumber = contactNumberOf(pn);
    if (!lidNumber?.endsWith("@lid") || !pnNumber || pnNumber.includes("@")) return;
    const pair = `${lidNumber} ${pnNumber}`;
    if (learned.has(pair)) return;
    await transaction(o.pool, async (client) => {
      const changes = await mergeLidContact(client, owner.companyId, lidNumber, pnNumber);
      await recordChanges(client, changes);
      await mergeLidPhoneContacts(client, owner, [{ lid: lidNumber, pn: pnNumber }]);
    });
    learned.add(pair);
    pnOfLid.set(lidNumber, pnNumber);
    // Bounded: the oldest pairs go first.
    if (pnOfLid.size > 5000) pnOfLid.delete(pnOfLid.keys().next().value!);
  }

  /** The connection's own number, never one of its contacts. */
  const myNumber = (s: BaileysSocket) => (s.user?.id ? contactNumberOf(s.user.id) : null);

  function wire(s: BaileysSocket, guard: Guard): void {
    s.ev.on(
      "messages.upsert",
      guard(async ({ messages, type }) => {
        // "append": arrived while the socket was down or from our other devices; kept as well as "notify".
        if (type === "notify" || type === "append") await ingestUpsert(messages, s);
      }),
    );
    s.ev.on(
      "messages.update",
      guard(async (updates) => {
        const out = withOwnIds(updateEvents(updates, rules));
        if (out.length > 0) await events.onInbound(out);
      }),
    );
    s.ev.on(
      "message-receipt.update",
      guard(async (receipts) => {
        const out = withOwnIds(receiptEvents(receipts, rules));
        if (out.length > 0) await events.onInbound(out);
      }),
    );
    s.ev.on(
      "messaging-history.set",
      guard(async ({ chats, contacts, messages, lidPnMappings }) => {
        await keepPhoneContacts(contacts ?? [], myNumber(s));
        await keepPhoneContacts(chatContactsOf(chats ?? []), myNumber(s), { chats: true });
        for (const m of lidPnMappings ?? []) await learnMapping(m.lid, m.pn);
        await importHistory(messages, s);
      }),
    );
    s.ev.on(
      "messaging-history.status",
      guard(async ({ status }) => {
        if (status === "complete") await finishImport();
      }),
    );
    // What the connection knows of its contacts, for the import from the phone (decision 0112).
    s.ev.on(
      "contacts.upsert",
      guard((contacts) => keepPhoneContacts(contacts, myNumber(s))),
    );
    s.ev.on(
      "contacts.update",
      guard((contacts) => keepPhoneContacts(contacts, myNumber(s))),
    );
    // Which of them the phone has a chat with, for POST /contacts/import/chats (decision 0120).
    s.ev.on(
      "chats.upsert",
      guard((chats) => keepPhoneContacts(chatContactsOf(chats), myNumber(s), { chats: true })),
    );
    s.ev.on(
      "lid-mapping.update",
      guard(({ lid, pn }) => learnMapping(lid, pn)),
    );
    s.ev.on(
      "call",
      guard(async (calls) => {
        for (const call of calls) {
          const logged = callLogOf(call, rules);
          if (!logged) continue;
          if (!rules.acceptCalls) {
            await s.rejectCall(call.id, call.from);
            if (rules.callMessage.trim()) await s.sendMessage(call.from, { text: rules.callMessage });
          }
          await events.onInbound([logged]);
        }
      }),
    );
  }

  return {
    loadRules,
    remember(id, messageId = null) {
      sentIds.set(id, messageId);
      // Bounded: the oldest go first (a Map keeps insertion order).
      if (sentIds.size > 1000) sentIds.delete(sentIds.keys().next().value!);
    },
    wire,
  };
}
