// The contacts a WhatsApp-by-QR connection knows (decision 0112): the channel worker writes what Baileys tells
// (address-book names, push names, business names), the import from the phone reads them. Numbers as contacts store
// them: the phone number's digits, or "<lid>@lid" while only the LID is known; a learnt LID/PN pair folds the LID's
// row into the number's, as merge-lid-contact.ts does for contacts.
import type pg from "pg";

export type PhoneContactOwner = { companyId: number; whatsappId: number };

/** One contact as the channel told it; a name left null keeps what is stored. */
export type PhoneContactEntry = {
  number: string;
  name: string | null;
  notify: string | null;
  verifiedName: string | null;
  /** The phone has a chat with the contact (a chat once told stays: decision 0120). */
  chat?: boolean;
};

/** What the import reads: the number and the name a contact gets (address book, then push name, business name). */
export type StoredPhoneContact = { number: string; name: string };

const clean = (v: string | null) => {
  const t = v?.trim();
  return t ? t : null;
};

/** Stores (or completes) the entries; several entries of one number are taken together, the later names winning. */
export async function savePhoneContacts(
  client: pg.ClientBase,
  owner: PhoneContactOwner,
  entries: PhoneContactEntry[],
): Promise<void> {
  const byNumber = new Map<string, PhoneContactEntry>();
  for (const e of entries) {
    const had = byNumber.get(e.number);
    byNumber.set(e.number, {
      number: e.number,
      name: clean(e.name) ?? had?.name ?? null,
      notify: clean(e.notify) ?? had?.notify ?? null,
      verifiedName: clean(e.verifiedName) ?? had?.verifiedName ?? null,
      chat: Boolean(e.chat || had?.chat),
    });
  }
  // In one order, so two writers of the same rows wait for each other rather than deadlock.
  const rows = [...byNumber.values()].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  if (rows.length === 0) return;
  await client.query(
    `INSERT INTO phone_contacts (company_id, whatsapp_id, number, name, notify, verified_name, has_chat)
     SELECT $1, $2, n, a, p, v, c
     FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[]) AS r(n, a, p, v, c)
     ON CONFLICT (whatsapp_id, number) DO UPDATE SET
       name = coalesce(EXCLUDED.name, phone_contacts.name),
       notify = coalesce(EXCLUDED.notify, phone_contacts.notify),
       verified_name = coalesce(EXCLUDED.verified_name, phone_contacts.verified_name),
       has_chat = phone_contacts.has_chat OR EXCLUDED.has_chat,
       updated_at = now()`,
    [
      owner.companyId,
      owner.whatsappId,
      rows.map((r) => r.number),
      rows.map((r) => r.name),
      rows.map((r) => r.notify),
      rows.map((r) => r.verifiedName),
      rows.map((r) => Boolean(r.chat)),
    ],
  );
}

/**
 * A LID's phone number is known: the LID's row becomes the number's (its names fill what the number's row lacks).
 * `pairs`: LID numbers ("<lid>@lid") with their phone numbers' digits.
 */
export async function mergeLidPhoneContacts(
  client: pg.ClientBase,
  owner: PhoneContactOwner,
  pairs: { lid: string; pn: string }[],
): Promise<void> {
  // One pair per LID and per number, so no row is written twice by the statement.
  const lids = new Set<string>();
  const pns = new Set<string>();
  const kept = pairs.filter((p) => {
    if (lids.has(p.lid) || pns.has(p.pn)) return false;
    lids.add(p.lid);
    pns.add(p.pn);
    return true;
  });
  if (kept.length === 0) return;
  await client.query(
    `WITH m AS (SELECT * FROM unnest($3::text[], $4::text[]) AS m(lid, pn)),
     l AS (DELETE FROM phone_contacts WHERE company_id = $1 AND whatsapp_id = $2 AND number IN (SELECT lid FROM m)
       RETURNING number, name, notify, verified_name, has_chat)
     INSERT INTO phone_contacts (company_id, whatsapp_id, number, name, notify, verified_name, has_chat)
     SELECT $1, $2, m.pn, l.name, l.notify, l.verified_name, l.has_chat FROM l JOIN m ON m.lid = l.number
     ON CONFLICT (whatsapp_id, number) DO UPDATE SET
       name = coalesce(phone_contacts.name, EXCLUDED.name),
       notify = coalesce(phone_contacts.notify, EXCLUDED.notify),
       verified_name = coalesce(phone_contacts.verified_name, EXCLUDED.verified_name),
       has_chat = phone_contacts.has_chat OR EXCLUDED.has_chat,
       updated_at = now()`,
    [owner.companyId, owner.whatsappId, kept.map((p) => p.lid), kept.map((p) => p.pn)],
  );
}

/**
 * The connection's contacts, each with the name the import gives it (its number when WhatsApp told none); with
 * `chatsOnly`, only those the phone has a chat with (POST /contacts/import/chats, decision 0120).
 */
export async function listPhoneContacts(
  client: pg.ClientBase,
  owner: PhoneContactOwner,
  o: { chatsOnly?: boolean } = {},
): Promise<StoredPhoneContact[]> {
  const { rows } = await client.query<{ number: string; name: string | null }>(
    `SELECT number, coalesce(name, notify, verified_name) AS name FROM phone_contacts
     WHERE company_id = $1 AND whatsapp_id = $2 AND (has_chat OR NOT $3::boolean) ORDER BY number`,
    [owner.companyId, owner.whatsappId, o.chatsOnly === true],
  );
  return rows.map((r) => ({ number: r.number, name: r.name ?? r.number.replace(/@lid$/, "") }));
}
