// Hocuspocus's onAuthenticate: core's access token names the actor (refused with
// ERR_SESSION_EXPIRED when a newer login ended its session, ERR_INVALID_TOKEN when
// it no longer verifies, ERR_SUBSCRIPTION_EXPIRED once the company's due date has
// passed), the document name says what is being opened, and the policy decides
// between edit, read-only and refusal.
import { type Actor, checkToken } from "@chatflow/core/auth/authenticate.ts";
import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import { type DocumentName, parseDocumentName } from "@chatflow/core/contract/documents/document-name.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import type { onAuthenticatePayload } from "@hocuspocus/server";
import type pg from "pg";
import { subscriptionOver } from "./connection-rights.ts";
import { documentAccess } from "./document-policy.ts";

/** What every authenticated connection carries (Hocuspocus's connection context). */
export type SyncContext = { actor: Actor; document: DocumentName };

/**
 * A refusal. Hocuspocus sends `reason` to the provider (its onAuthenticationFailed),
 * so the PWA can tell an expired session from a missing permission. The message is
 * left empty on purpose: Hocuspocus logs hook errors that have one, and a refused
 * token is an everyday event, not a server error.
 */
export class AccessRefused extends Error {
  readonly reason: ErrorCode;
  constructor(reason: ErrorCode) {
    super();
    this.name = "AccessRefused";
    this.reason = reason;
  }
}

export function authenticateConnection(pool: pg.Pool, tokens: Tokens) {
  return async ({ token, documentName, connectionConfig }: onAuthenticatePayload): Promise<SyncContext> => {
    // As core answers: an unverifiable (expired) token is ERR_INVALID_TOKEN, which the PWA refreshes;
    // a session that ended is ERR_SESSION_EXPIRED.
    const check = await checkToken(pool, tokens, token);
    if (!check.actor) throw new AccessRefused(check.refused);
    const actor = check.actor;
    // As core's subscription guard: an expired company may still sign in to pay, but not co-edit.
    if (subscriptionOver({ companyId: actor.companyId, super: actor.super, dueDate: actor.company?.dueDate ?? null })) {
      throw new AccessRefused("ERR_SUBSCRIPTION_EXPIRED");
    }
    const document = parseDocumentName(documentName);
    const access = document ? documentAccess(actor, document) : "none";
    if (!document || access === "none") throw new AccessRefused("ERR_NO_PERMISSION");
    // Hocuspocus drops document updates from a read-only connection and tells the provider its scope.
    connectionConfig.readOnly = access === "read";
    return { actor, document };
  };
}
