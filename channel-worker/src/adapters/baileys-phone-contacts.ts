// What a WhatsApp-by-QR connection knows of its contacts (decision 0112): Baileys' contacts.upsert (the phone's
// address book, app-state contact actions), contacts.update (push names seen on messages) and the history sync's
// contacts, kept in phone_contacts for the import from the phone. People only: groups, broadcast lists, status and
// newsletters are left out; a LID with no phone number yet is kept under "<lid>@lid", as the inbox keeps such a
// contact, and folded into the number's row once the pair is known.
import {
  mergeLidPhoneContacts,
  type PhoneContactEntry,
  savePhoneContacts,
} from "@chatflow/core/contacts/phone-contacts.ts";
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import { type Chat, type Contact, isLidUser, isPnUser, jidDecode } from "@whiskeysockets/baileys";
import type pg from "pg";
import { contactNumberOf } from "./whatsapp-baileys-inbound.ts";

export type PhoneContactsRead = { entries: PhoneContactEntry[]; pairs: { lid: string; pn: string }[] };

/** A person's number: digits, or "<lid>@lid". */
const PERSON = /^(\d+|\d+@lid)$/;

/** Baileys' contacts as rows to keep; `me`: the connection's own number, never one of its contacts. */
export function phoneContactsOf(contacts: Partial<Contact>[], me?: string | null): PhoneContactsRead {
  const entries: PhoneContactEntry[] = [];
  const pairs: { lid: string; pn: string }[] = [];
  for (const c of contacts) {
    if (!c.id) continue;
    const pnJid = [c.id, c.phoneNumber].find((j) => j && isPnUser(j));
    const lidJid = [c.id, c.lid].find((j) => j && isLidUser(j));
    const number = contactNumberOf(c.id, pnJid ?? lidJid ?? null);
    if (!number || !PERSON.test(number) || number === me) continue;
    entries.push({
      number,
      name: c.name ?? null,
      notify: c.notify ?? null,
      verifiedName: c.verifiedName ?? null,
    });
    if (pnJid && lidJid) pairs.push({ lid: `${jidDecode(lidJid)!.user}@lid`, pn: number });
  }
  return { entries, pairs };
}

/** Entries a keeper remembers having written (the oldest forgotten first). */
const REMEMBERED = 5000;

export type PhoneContactsKeeper = (
  contacts: Partial<Contact>[],
  me?: string | null,
  /** The contacts are the phone's chats (POST /contacts/import/chats, decision 0120). */
  o?: { chats?: boolean },
) => Promise<void>;

/** The phone's chats (history sync, chats.upsert) as contacts: the chat's jid and, when told, its number or LID. */
export const chatContactsOf = (chats: Partial<Chat>[]): Partial<Contact>[] =>
  chats.flatMap((c) =>
    c.id ? [{ id: c.id, ...(c.pnJid ? { phoneNumber: c.pnJid } : {}), ...(c.lidJid ? { lid: c.lidJid } : {}) }] : [],
  );

/** The phone number a LID number ("<lid>@lid") is known to be, if any (the LID/PN pairs the adapter learnt). */
export type PnOfLid = (lidNumber: string) => string | undefined;

/**
 * Keeps what Baileys told of one connection's contacts. Baileys repeats itself (a push name comes with every
 * message a contact sends): what this keeper already wrote, unchanged, costs no transaction.
 */
export function phoneContactsKeeper(
  pool: pg.Pool,
  owner: { companyId: number; whatsappId: number },
  pnOfLid: PnOfLid = () => undefined,
): PhoneContactsKeeper {
  const written = new Map<string, string>();
  const signature = (e: PhoneContactEntry) => JSON.stringify([e.name, e.notify, e.verifiedName, e.chat === true]);
  return async (contacts, me, o) => {
    const read = phoneContactsOf(contacts, me);
    if (o?.chats) for (const e of read.entries) e.chat = true;
    // A push name comes under the chat's jid, a LID for many: a LID whose number is known is that number's row.
    const known = read.entries.map((e) => {
      const pn = e.number.endsWith("@lid") ? pnOfLid(e.number) : undefined;
      return pn ? { ...e, number: pn } : e;
    });
    const entries = known.filter((e) => written.get(e.number) !== signature(e));
    if (entries.length === 0) return;
    const pairs = read.pairs.filter((p) => entries.some((e) => e.number === p.pn));
    // Only rows of this table are written: a deadlock with another event's write may simply run again.
    await transaction(
      pool,
      async (client) => {
        await savePhoneContacts(client, owner, entries);
        await mergeLidPhoneContacts(client, owner, pairs);
      },
      { retries: 2 },
    );
    for (const e of entries) {
      written.delete(e.number);
      written.set(e.number, signature(e));
    }
    while (written.size > REMEMBERED) written.delete(written.keys().next().value!);
  };
}
