// Use case: a user edits their own profile, or an admin edits any user of the
// company. Fields sent with their current value count as unchanged, so the
// profile modal may send the whole form; changing anything beyond the
// self-editable fields needs the admin's "manage" right.
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { SELF_EDITABLE_USER_FIELDS, type TUpdateUserRequest, type UserAnswer } from "../contract/users.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { userNotFound } from "../kernel/errors.ts";
import { hashPassword } from "../kernel/password-hashing.ts";
import { assertCompanyQueues } from "../queues/load-queue.ts";

/** Fields that change which tickets the user may see (core/src/tickets/visibility.ts). */
const VISIBILITY_FIELDS: readonly string[] = [
  "profile",
  "queueIds",
  "allTicket",
  "allowGroup",
  "allHistoric",
  "allUserChat",
];

import { loadCompanyUser, type UserRow } from "../auth/load-user.ts";
import { assertCompanyWhatsapp } from "../whatsapps/load-whatsapp.ts";
import { setUserQueues } from "./create-user.ts";
import { assertEmailFreeInCompany, userAnswer, userConflict } from "./user-answer.ts";
import { authorizeUser } from "./user-policy.ts";

type Field = keyof TUpdateUserRequest;

/** Plain columns: field name to column. */
const COLUMNS = {
  name: "name",
  email: "email",
  profile: "profile",
  whatsappId: "whatsapp_id",
  startWork: "start_work",
  endWork: "end_work",
  farewellMessage: "farewell_message",
  color: "color",
  defaultTheme: "default_theme",
  defaultMenu: "default_menu",
  allTicket: "all_ticket",
  allowGroup: "allow_group",
  allHistoric: "all_historic",
  allUserChat: "all_user_chat",
  userClosePendingTicket: "user_close_pending_ticket",
  showDashboard: "show_dashboard",
  allowRealTime: "allow_real_time",
  allowConnections: "allow_connections",
  defaultTicketsManagerWidth: "default_tickets_manager_width",
} as const satisfies Record<Exclude<Field, "password" | "queueIds">, string>;

const sameIds = (a: readonly number[], b: readonly number[]) => {
  const x = new Set(a);
  return x.size === new Set(b).size && b.every((id) => x.has(id));
};

/** The fields whose sent value differs from the stored one (a password always counts). */
function changedFields(target: UserRow, input: TUpdateUserRequest): Field[] {
  const out: Field[] = [];
  for (const [field, value] of Object.entries(input) as [Field, unknown][]) {
    if (value === undefined) continue;
    if (field === "password") out.push(field);
    else if (field === "queueIds") {
      if (!sameIds(target.queueIds, value as number[])) out.push(field);
    } else if (field === "farewellMessage") {
      if ((value || null) !== target.farewellMessage) out.push(field);
    } else if (target[field] !== value) out.push(field);
  }
  return out;
}

export async function updateUser(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TUpdateUserRequest,
): Promise<UserAnswer> {
  const companyId = actor.companyId;
  const target = await loadCompanyUser(client, companyId, id);
  if (!target) throw userNotFound();
  authorizeUser(actor, "update", target);
  const changed = changedFields(target, input);
  const selfEditable: readonly string[] = SELF_EDITABLE_USER_FIELDS;
  if (changed.some((f) => !selfEditable.includes(f))) authorizeUser(actor, "manage", target);
  if (changed.length === 0) return userAnswer(target);
  if (changed.includes("email")) await assertEmailFreeInCompany(client, companyId, input.email!, id);

  const sets: string[] = [];
  const params: unknown[] = [id, companyId];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  for (const field of changed) {
    if (field === "queueIds") continue;
    if (field === "password") set("password_hash", await hashPassword(input.password!));
    else if (field === "whatsappId") {
      await assertCompanyWhatsapp(client, companyId, input.whatsappId);
      set(COLUMNS.whatsappId, input.whatsappId);
    } else if (field === "farewellMessage") set(COLUMNS.farewellMessage, input.farewellMessage || null);
    else set(COLUMNS[field], input[field]);
  }
  if (sets.length > 0) {
    await client
      .query(`UPDATE users SET ${sets.join(", ")}, updated_at = now() WHERE id = $1 AND company_id = $2`, params)
      .catch((err) => {
        throw userConflict(err);
      });
  }
  if (changed.includes("queueIds")) {
    await setUserQueues(client, companyId, id, await assertCompanyQueues(client, companyId, input.queueIds!));
  }
  if (changed.some((f) => VISIBILITY_FIELDS.includes(f))) {
    // What this user may see changed: their next sync pull rebuilds the replica.
    await client.query("UPDATE users SET replica_version = replica_version + 1 WHERE id = $1 AND company_id = $2", [
      id,
      companyId,
    ]);
  }
  await recordChanges(client, [{ companyId, entity: "users", id }]);
  // The names of what changed, never a value (a password).
  await recordAudit(client, actor, {
    kind: "user.update",
    subjectId: id,
    subject: target.name,
    detail: { fields: changed },
  });
  return userAnswer((await loadCompanyUser(client, companyId, id))!);
}
