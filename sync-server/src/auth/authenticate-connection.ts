// Hocuspocus's onAuthenticate: core's access token names the actor (refused when
// its session was ended by a newer login), the document name says what is being
// opened, and the policy decides between edit, read-only and refusal.
import { type Actor, resolveActor } from "@chatflow/core/auth/authenticate.ts";
import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import type { onAuthenticatePayload } from "@hocuspocus/server";
import type pg from "pg";
import { type DocumentName, parseDocumentName } from "../documents/document-name.ts";
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
    const actor = await resolveActor(pool, tokens, token);
    if (!actor) throw new AccessRefused("ERR_SESSION_EXPIRED");
    const document = parseDocumentName(documentName);
    const access = document ? documentAccess(actor, document) : "none";
    if (!document || access === "none") throw new AccessRefused("ERR_NO_PERMISSION");
    // Hocuspocus drops document updates from a read-only connection and tells the provider its scope.
    connectionConfig.readOnly = access === "read";
    return { actor, document };
  };
}
