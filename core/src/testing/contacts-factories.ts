// Builders for the contacts, tags and ticket-notes tests.
import type pg from "pg";
import { setCompanySetting } from "../settings/company-settings.ts";
import { settingForTest } from "./flags.ts";
import type { TestCore } from "./test-core.ts";

let n = 0;
const next = () => ++n;

export async function buildTag(
  pool: pg.Pool,
  o: { companyId: number; name?: string; kanban?: number; color?: string },
) {
  const { rows } = await pool.query<{ id: number; name: string }>(
    "INSERT INTO tags (company_id, name, kanban, color) VALUES ($1, $2, $3, $4) RETURNING id, name",
    [o.companyId, o.name ?? `Tag ${next()}`, o.kanban ?? 0, o.color ?? "#A4CCCC"],
  );
  return rows[0]!;
}

export async function tagContact(pool: pg.Pool, o: { companyId: number; contactId: number; tagId: number }) {
  await pool.query("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES ($1, $2, $3)", [
    o.contactId,
    o.tagId,
    o.companyId,
  ]);
}

export async function buildTicketNote(
  pool: pg.Pool,
  o: { companyId: number; ticketId: number; contactId: number; userId: number; note?: string; createdAt?: string },
) {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note, created_at)
     VALUES ($1, $2, $3, $4, $5, COALESCE($6::timestamptz, now())) RETURNING id`,
    [o.companyId, o.ticketId, o.contactId, o.userId, o.note ?? `Note ${next()}`, o.createdAt ?? null],
  );
  return rows[0]!;
}

/** Turns LGPD number hiding on for a company for the running test only (flags.ts restores both settings). */
export async function hideNumbersForTest(pool: pg.Pool, companyId: number) {
  await settingForTest(pool, companyId, "enableLGPD", "enabled");
  await settingForTest(pool, companyId, "lgpdHideNumber", "enabled");
}

/** Turns LGPD number hiding on (or off) for a company. */
export async function setHideNumbers(pool: pg.Pool, companyId: number, on: boolean) {
  await setCompanySetting(pool, companyId, "enableLGPD", on ? "enabled" : "disabled");
  await setCompanySetting(pool, companyId, "lgpdHideNumber", on ? "enabled" : "disabled");
}

/** Change-log rows of a company after `seq`, as "entity:id". */
export async function changesAfter(pool: pg.Pool, companyId: number, seq: number): Promise<string[]> {
  const { rows } = await pool.query<{ entity: string; entity_id: string }>(
    "SELECT entity, entity_id FROM change_log WHERE company_id = $1 AND seq > $2 ORDER BY seq",
    [companyId, seq],
  );
  return rows.map((r) => `${r.entity}:${r.entity_id}`);
}

export async function lastSeq(pool: pg.Pool, companyId: number): Promise<number> {
  const { rows } = await pool.query<{ last_seq: number }>("SELECT last_seq FROM company_sync WHERE company_id = $1", [
    companyId,
  ]);
  return rows[0]?.last_seq ?? 0;
}

/** POST /contacts/upload of a spreadsheet as the import screen sends it (multipart, field "file"). */
export async function uploadContacts(core: TestCore, token: string, name: string, content: Buffer | string) {
  const form = new FormData();
  form.append("file", new Blob([typeof content === "string" ? content : new Uint8Array(content)]), name);
  const res = await fetch(`${core.url}/contacts/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: await res.json(), location: res.headers.get("location") };
}
