// Who calls the external messages API (spec 3 §7): the connection whose token the bearer header carries, acting for
// its company. Refuses a missing or unknown token (401), a company whose plan lacks useExternalApi or whose
// subscription ran out (403), and builds the actor the inbox's use cases run as (decision 0077).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { UserRow } from "../auth/load-user.ts";
import { invalidApiToken, noPermission, planFeatureMissing } from "../kernel/errors.ts";
import { loadPlanFlags } from "../plans/company-access.ts";
import { isSubscriptionExpired } from "../plans/subscription.ts";

export type ApiConnection = {
  id: number;
  companyId: number;
  channel: string;
  company: { id: number; name: string; dueDate: string | null };
};

/** Longest token looked up: the generated ones have 30 characters; a longer header names no connection. */
const TOKEN_MAX = 200;

/** The connection of `token`; ERR_INVALID_API_TOKEN when none (or, for a hand-set token, more than one) has it. */
export async function findApiConnection(
  db: pg.Pool | pg.ClientBase,
  token: string | undefined,
): Promise<ApiConnection> {
  const t = token?.trim() ?? "";
  if (!t || t.length > TOKEN_MAX) throw invalidApiToken();
  const { rows } = await db.query<
    Omit<ApiConnection, "company"> & { companyName: string; companyDueDate: string | null }
  >(
    `/* all-companies: the token is what names the company */
     SELECT w.id, w.company_id AS "companyId", w.channel, c.name AS "companyName", c.due_date AS "companyDueDate"
     FROM whatsapps w JOIN companies c ON c.id = w.company_id
     WHERE w.token = $1 LIMIT 2`,
    [t],
  );
  // Tokens are unique per company only: one set by hand in two companies names neither.
  if (rows.length !== 1) throw invalidApiToken();
  const { companyName, companyDueDate, ...connection } = rows[0]!;
  return { ...connection, company: { id: connection.companyId, name: companyName, dueDate: companyDueDate } };
}

/** 403 unless the company's plan has useExternalApi (a company without a plan has the defaults: on) and is paid up. */
export async function assertApiAllowed(db: pg.Pool | pg.ClientBase, connection: ApiConnection): Promise<void> {
  const flags = await loadPlanFlags(db, connection.companyId);
  if (flags && !flags.useExternalApi) throw planFeatureMissing();
  if (isSubscriptionExpired(connection.company)) {
    throw noPermission(`Subscription expired on ${connection.company.dueDate ?? ""}`);
  }
}

/**
 * The actor the inbox's use cases run as for an API call: the company's authority over its tickets (an admin's
 * view, so every ticket of the connection is seen), under the assigned user's id and name when the call names one.
 * With none, the id is null: the ticket, its log and the message name no user, as the original product's API did.
 */
export function apiActor(connection: ApiConnection, user: UserRow | null): Actor {
  const base = user ?? noUser(connection);
  return {
    ...base,
    profile: "admin",
    super: false,
    allTicket: "enabled",
    allowGroup: true,
    company: connection.company,
    claims: {
      userId: base.id,
      companyId: connection.companyId,
      sessionId: "external-api",
      profile: "admin",
      super: false,
    },
  };
}

function noUser(connection: ApiConnection): UserRow {
  return {
    // The one place an actor has no user: the columns that take its id are nullable (decision 0077).
    id: null as unknown as number,
    name: "",
    email: "",
    profile: "admin",
    super: false,
    companyId: connection.companyId,
    whatsappId: connection.id,
    startWork: "00:00",
    endWork: "23:59",
    allTicket: "enabled",
    allowGroup: true,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "enabled",
    allUserChat: "enabled",
    userClosePendingTicket: "enabled",
    showDashboard: "disabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    online: false,
    color: null,
    profileImage: null,
    defaultTicketsManagerWidth: 0,
    darkMode: false,
    sessionId: null,
    passwordHash: "",
    queueIds: [],
    queues: [],
    farewellMessage: null,
    replicaVersion: 0,
  };
}
