// Use case behind POST /contacts/import and POST /contacts/import/chats (spec 1 §2 "import from phone", §7;
// decisions 0112, 0120; the second only the contacts the phone has a chat with): the contacts a connected
// WhatsApp-by-QR connection of the caller's company knows (phone_contacts, kept by the channel worker) become the
// company's contacts as the spreadsheet import makes them: numbers the company has are counted as ignored, the job
// and its progress in contact_imports (GET /contacts/upload/{id}), one import of the company at a time.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { ZContactNameSchema } from "../contract/contacts.ts";
import type { ErrorBody } from "../contract/errors.ts";
import { AppError, whatsappNotFound, wrongState } from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import type { ImportOutcome } from "./contact-import-runner.ts";
import { createImport, markFailed, markFinished, markRunning, recordProgress } from "./contact-import-store.ts";
import { authorizeContacts } from "./contact-policy.ts";
import { importContactsFile } from "./import-contacts-file.ts";
import type { ImportRow } from "./import-rows.ts";
import { listPhoneContacts, type StoredPhoneContact } from "./phone-contacts.ts";

/** Every contact the connection knows ("phone"), or only those the phone has a chat with ("chats"). */
export type PhoneImportSource = "phone" | "chats";

/** Contacts written between two progress reports. */
export const PHONE_IMPORT_BATCH = 500;

/** What an import from the phone that failed on its way ends with. */
const PHONE_IMPORT_FAILED: ErrorBody = { error: "ERR_INTERNAL", message: "The import was interrupted; start it again" };

export const connectionNotConnected = () =>
  new AppError("ERR_WAPP_NOT_INITIALIZED", "The connection is not connected; connect it by QR code first");

/**
 * Checks the connection and starts the import; answers its job id and the outcome to wait for. Refuses a connection
 * of another company or none (404 ERR_NO_WAPP_FOUND), one that is not WhatsApp by QR code (409 ERR_WRONG_STATE), one
 * that is not connected (409 ERR_WAPP_NOT_INITIALIZED), and a second import while one runs (409
 * ERR_IMPORT_IN_PROGRESS), each before anything is written.
 */
export async function startPhoneImport(
  pool: pg.Pool,
  actor: Actor,
  whatsappId: number,
  source: PhoneImportSource = "phone",
): Promise<{ id: number; outcome: Promise<ImportOutcome> }> {
  authorizeContacts(actor, "import");
  const companyId = actor.companyId;
  const { rows } = await pool.query<{ name: string; channel: string; status: string }>(
    "SELECT name, channel, status FROM whatsapps WHERE company_id = $1 AND id = $2",
    [companyId, whatsappId],
  );
  const connection = rows[0];
  if (!connection) throw whatsappNotFound();
  if (connection.channel !== "whatsapp")
    throw wrongState("Only WhatsApp connections paired by QR code know the phone's contacts");
  if (connection.status !== "CONNECTED") throw connectionNotConnected();
  const job = await createImport(pool, companyId, actor.id, connection.name);
  await transaction(pool, (c) =>
    recordAudit(c, actor, {
      kind: "contacts.import",
      subjectId: job.id,
      subject: connection.name,
      detail: { source, whatsappId },
    }),
  );
  return { id: job.id, outcome: runPhoneImport(pool, { companyId, whatsappId, id: job.id, source }) };
}

/** The name a phone contact gets: WhatsApp's, fitted to the contact form's rule (2 to 50), else its number. */
export function contactNameOf(c: StoredPhoneContact): string {
  const parsed = ZContactNameSchema.safeParse(c.name.trim().slice(0, 50));
  return parsed.success ? parsed.data : c.number.replace(/@lid$/, "");
}

async function runPhoneImport(
  pool: pg.Pool,
  job: { companyId: number; whatsappId: number; id: number; source: PhoneImportSource },
): Promise<ImportOutcome> {
  const { companyId, id } = job;
  try {
    await markRunning(pool, companyId, id);
    const counts = await transaction(pool, async (client) => {
      const known = await listPhoneContacts(
        client,
        { companyId, whatsappId: job.whatsappId },
        { chatsOnly: job.source === "chats" },
      );
      const rows: ImportRow[] = known.map((c) => ({
        name: contactNameOf(c),
        number: c.number,
        email: "",
        tags: [],
        extraInfo: [],
      }));
      const total = { created: 0, ignored: 0 };
      for (let at = 0; at < rows.length; at += PHONE_IMPORT_BATCH) {
        const batch = await importContactsFile(client, companyId, rows.slice(at, at + PHONE_IMPORT_BATCH), 0);
        total.created += batch.created;
        total.ignored += batch.ignored;
        // Written apart from the import's transaction, so the job's progress shows while it runs.
        await recordProgress(pool, companyId, id, Math.min(at + PHONE_IMPORT_BATCH, rows.length));
      }
      await markFinished(client, companyId, id, { rowsRead: rows.length, ...total });
      return total;
    });
    return { ok: true, counts };
  } catch (err) {
    logger.error({ err }, "phone contact import failed");
    await markFailed(pool, companyId, id, PHONE_IMPORT_FAILED).catch(() => {});
    return { ok: false, error: PHONE_IMPORT_FAILED };
  }
}
