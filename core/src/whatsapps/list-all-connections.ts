// Use case: GET /whatsapp/all (the super user's /allConnections overview): every company's connections with
// the company's name and the session status, no secrets, no QR codes.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { AllConnectionsRow } from "../contract/whatsapps.ts";
import { authorizeWhatsapp } from "./whatsapp-policy.ts";

export async function listAllConnections(db: pg.Pool | pg.ClientBase, actor: Actor): Promise<AllConnectionsRow[]> {
  authorizeWhatsapp(actor, "anyCompany");
  const { rows } = await db.query<AllConnectionsRow>(
    `SELECT w.id, w.name, w.channel, w.status, w.number, w.is_default AS "isDefault", w.company_id AS "companyId",
       c.name AS "companyName", w.status_reason AS "statusReason", w.updated_at AS "updatedAt",
       w.status_import_messages AS "statusImportMessages", to_char(w.import_old_messages, 'YYYY-MM-DD') AS "importOldMessages"
     FROM whatsapps w JOIN companies c ON c.id = w.company_id
     /* all-companies: the super user's overview of every customer's connections */
     ORDER BY c.name, c.id, w.name, w.id`,
  );
  return rows;
}
