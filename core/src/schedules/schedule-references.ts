// The records a schedule names (contact, queue, ticket user, connection) must be the caller's company's: each
// check answers the same 404 as a missing record (decision 0027).
import type pg from "pg";
import type { TUpdateScheduleRequest } from "../contract/schedules.ts";
import { contactNotFound, whatsappNotFound } from "../kernel/errors.ts";
import { assertCompanyQueue, assertCompanyUser } from "../tickets/ticket-row.ts";

export async function assertScheduleReferences(
  client: pg.ClientBase,
  companyId: number,
  input: Pick<TUpdateScheduleRequest, "contactId" | "queueId" | "ticketUserId" | "whatsappId">,
): Promise<void> {
  if (input.contactId != null) {
    const { rowCount } = await client.query("SELECT 1 FROM contacts WHERE id = $1 AND company_id = $2", [
      input.contactId,
      companyId,
    ]);
    if (!rowCount) throw contactNotFound();
  }
  if (input.queueId != null) await assertCompanyQueue(client, companyId, input.queueId);
  if (input.ticketUserId != null) await assertCompanyUser(client, companyId, input.ticketUserId);
  if (input.whatsappId != null) {
    const { rowCount } = await client.query("SELECT 1 FROM whatsapps WHERE id = $1 AND company_id = $2", [
      input.whatsappId,
      companyId,
    ]);
    if (!rowCount) throw whatsappNotFound();
  }
}
