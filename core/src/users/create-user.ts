// Use case: an admin adds a user to the company (within the plan's user count).
import type pg from "pg";
import { recordAudit } from "../audit/record-audit.ts";
import type { Actor } from "../auth/authenticate.ts";
import { loadCompanyUser } from "../auth/load-user.ts";
import type { TCreateUserRequest, UserAnswer } from "../contract/users.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { hashPassword } from "../kernel/password-hashing.ts";
import { assertPlanAllows } from "../plans/plan-limits.ts";
import { assertCompanyQueues } from "../queues/load-queue.ts";
import { assertCompanyWhatsapp } from "../whatsapps/load-whatsapp.ts";
import { assertEmailFreeInCompany, userAnswer, userConflict } from "./user-answer.ts";
import { authorizeUser } from "./user-policy.ts";

export async function createUser(client: pg.ClientBase, actor: Actor, input: TCreateUserRequest): Promise<UserAnswer> {
  authorizeUser(actor, "create");
  const companyId = actor.companyId;
  await assertPlanAllows(client, companyId, "users");
  const queueIds = await assertCompanyQueues(client, companyId, input.queueIds);
  await assertCompanyWhatsapp(client, companyId, input.whatsappId);
  await assertEmailFreeInCompany(client, companyId, input.email);
  const id = await insertUser(client, companyId, input);
  await setUserQueues(client, companyId, id, queueIds);
  await recordChanges(client, [{ companyId, entity: "users", id }]);
  await recordAudit(client, actor, {
    kind: "user.create",
    subjectId: id,
    subject: input.name,
    detail: { profile: input.profile },
  });
  return userAnswer((await loadCompanyUser(client, companyId, id))!);
}

/** Inserts the row (password hashed); shared with signup, which makes a company's first admin. */
export async function insertUser(
  client: pg.ClientBase,
  companyId: number,
  input: Omit<TCreateUserRequest, "queueIds">,
): Promise<number> {
  const { rows } = await client
    .query<{ id: number }>(
      `INSERT INTO users (company_id, name, email, password_hash, profile, whatsapp_id, start_work, end_work,
         farewell_message, color, default_theme, default_menu, all_ticket, allow_group, all_historic, all_user_chat,
         user_close_pending_ticket, show_dashboard, allow_real_time, allow_connections)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
       RETURNING id`,
      [
        companyId,
        input.name,
        input.email,
        await hashPassword(input.password),
        input.profile,
        input.whatsappId,
        input.startWork,
        input.endWork,
        input.farewellMessage || null,
        input.color,
        input.defaultTheme,
        input.defaultMenu,
        input.allTicket,
        input.allowGroup,
        input.allHistoric,
        input.allUserChat,
        input.userClosePendingTicket,
        input.showDashboard,
        input.allowRealTime,
        input.allowConnections,
      ],
    )
    .catch((err) => {
      throw userConflict(err);
    });
  return rows[0]!.id;
}

/** Replaces the user's queues with `queueIds` (already checked to be the company's). */
export async function setUserQueues(
  client: pg.ClientBase,
  companyId: number,
  userId: number,
  queueIds: number[],
): Promise<void> {
  await client.query("DELETE FROM user_queues WHERE user_id = $1 AND company_id = $2", [userId, companyId]);
  await client.query(
    "INSERT INTO user_queues (user_id, queue_id, company_id) SELECT $1, q, $2 FROM unnest($3::int[]) AS q",
    [userId, companyId, queueIds],
  );
}
