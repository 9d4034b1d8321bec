// Whether a number is on WhatsApp, asked of the channel worker holding a connected WhatsApp-by-QR connection of the
// company (spec 1 §7 POST /contactsImport validateContact, §8 ERR_WAPP_CHECK_CONTACT and ERR_WAPP_INVALID_CONTACT;
// decision 0122). Only a worker has the socket: core writes a request (contact_number_checks), the worker answers it
// with Baileys' onWhatsApp (channel-worker/src/adapters/baileys-number-check.ts), core reads the answer. A company
// without such a connection cannot ask (the Cloud API, Messenger and Instagram have no number lookup): the number's
// shape is all that is checked then (decision 0011).
import type pg from "pg";
import { whatsappCheckContact, whatsappInvalidContact } from "../kernel/errors.ts";

/** How long core waits for the worker's answer before saying the number could not be checked. */
export const CONTACT_CHECK_WAIT_MS = 8000;
/** A request older than this is no longer answered: the caller has given up on it. */
export const CONTACT_CHECK_STALE_MS = 60_000;

/** The company's connected WhatsApp-by-QR connection that asks (the default one first), if any. */
async function checkingConnection(pool: pg.Pool, companyId: number): Promise<number | undefined> {
  const { rows } = await pool.query<{ id: number }>(
    `SELECT id FROM whatsapps WHERE company_id = $1 AND channel = 'whatsapp' AND status = 'CONNECTED'
     ORDER BY is_default DESC, id LIMIT 1`,
    [companyId],
  );
  return rows[0]?.id;
}

/**
 * Resolves "on WhatsApp" or "not asked" (no connection that can ask); throws ERR_WAPP_INVALID_CONTACT when WhatsApp
 * says the number is not on it and ERR_WAPP_CHECK_CONTACT when no answer came within `waitMs`.
 */
export async function checkContactNumber(
  pool: pg.Pool,
  companyId: number,
  number: string,
  o: { waitMs?: number; pollMs?: number } = {},
): Promise<"on-whatsapp" | "not-asked"> {
  const whatsappId = await checkingConnection(pool, companyId);
  if (whatsappId === undefined) return "not-asked";
  const { rows } = await pool.query<{ id: string }>(
    "INSERT INTO contact_number_checks (company_id, whatsapp_id, number) VALUES ($1, $2, $3) RETURNING id",
    [companyId, whatsappId, number],
  );
  const id = rows[0]!.id;
  const until = Date.now() + (o.waitMs ?? CONTACT_CHECK_WAIT_MS);
  try {
    for (;;) {
      const answer = await pool.query<{ on_whatsapp: boolean | null; answered_at: Date | null }>(
        "SELECT on_whatsapp, answered_at FROM contact_number_checks WHERE id = $1 AND company_id = $2",
        [id, companyId],
      );
      const row = answer.rows[0];
      if (row?.answered_at) {
        if (row.on_whatsapp) return "on-whatsapp";
        throw whatsappInvalidContact({ number: "Not a valid WhatsApp number" });
      }
      if (Date.now() >= until) throw whatsappCheckContact();
      await new Promise((r) => setTimeout(r, o.pollMs ?? 150));
    }
  } finally {
    // Answered or given up, the request is done with.
    await pool.query("DELETE FROM contact_number_checks WHERE id = $1 AND company_id = $2", [id, companyId]);
  }
}

/** The worker's side: the requests waiting on this connection, oldest first, not yet stale. */
export async function waitingContactChecks(
  pool: pg.Pool,
  owner: { companyId: number; whatsappId: number },
  limit: number,
): Promise<{ id: string; number: string }[]> {
  const { rows } = await pool.query<{ id: string; number: string }>(
    `SELECT id, number FROM contact_number_checks
     WHERE whatsapp_id = $1 AND company_id = $2 AND answered_at IS NULL
       AND created_at > now() - make_interval(secs => $3::double precision / 1000)
     ORDER BY created_at LIMIT $4`,
    [owner.whatsappId, owner.companyId, CONTACT_CHECK_STALE_MS, limit],
  );
  return rows;
}

/** The worker's side: WhatsApp's answers to the requests asked. */
export async function answerContactChecks(
  pool: pg.Pool,
  owner: { companyId: number; whatsappId: number },
  answers: { id: string; onWhatsapp: boolean }[],
): Promise<void> {
  if (answers.length === 0) return;
  await pool.query(
    `UPDATE contact_number_checks c SET answered_at = now(), on_whatsapp = a.o
     FROM unnest($3::uuid[], $4::boolean[]) AS a(id, o)
     WHERE c.id = a.id AND c.whatsapp_id = $1 AND c.company_id = $2 AND c.answered_at IS NULL`,
    [owner.whatsappId, owner.companyId, answers.map((a) => a.id), answers.map((a) => a.onWhatsapp)],
  );
}
