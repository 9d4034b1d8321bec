// Turns a bearer token into the acting user. A token that does not verify
// (expired, forged, malformed) answers 403 ERR_INVALID_TOKEN, which the client
// meets with one refresh and one retry; a missing token or one whose session
// ended answers 401 ERR_SESSION_EXPIRED, which signs the client out (spec 1 §4).
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type pg from "pg";
import { type AppError, invalidToken, sessionExpired } from "../kernel/errors.ts";
import type { ActorCache } from "./actor-cache.ts";
import { loadUserById, type UserRow } from "./load-user.ts";
import type { AccessClaims, Tokens } from "./tokens.ts";

export type Actor = UserRow & { claims: AccessClaims };

/** Why a token was refused; each refusal has its own status (tokenRefusedError). */
export type TokenRefusal = "ERR_INVALID_TOKEN" | "ERR_SESSION_EXPIRED";

export type TokenCheck = { actor: Actor; refused?: undefined } | { actor?: undefined; refused: TokenRefusal };

export function bearer(req: Request): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith("Bearer ")) return h.slice(7);
  return undefined;
}

/** The error a refused token answers with over HTTP. */
export function tokenRefusedError(refused: TokenRefusal): AppError {
  // The original product's message: the client is expected to refresh, not to sign out.
  if (refused === "ERR_INVALID_TOKEN") {
    return invalidToken();
  }
  return sessionExpired();
}

/** The user's row, from the actor cache when it holds it. */
async function loadActorUser(
  pool: pg.Pool,
  claims: { userId: number; companyId: number },
  actors?: ActorCache,
): Promise<UserRow | null> {
  const userId = claims.userId;
  const cached = actors?.get(userId);
  if (cached) return cached;
  const stamp = actors?.stamp() ?? 0;
  const user = await loadUserById(pool, claims.companyId, userId);
  if (user) actors?.put(userId, user, stamp);
  return user;
}

/**
 * Verifies the token and that its session is still the user's live one. Only a
 * token that verifies can name a session, so anything else is "invalid" (the
 * refresh cookie decides whether the session goes on), while a verified token
 * whose session ended (newer login, logout, deleted user) can never be renewed.
 */
export async function checkToken(
  pool: pg.Pool,
  tokens: Tokens,
  token: string | undefined,
  actors?: ActorCache,
): Promise<TokenCheck> {
  // No token at all: nothing to refresh, the client has no session (as the original product answers).
  if (!token) return { refused: "ERR_SESSION_EXPIRED" };
  const claims = await tokens.verify(token);
  if (!claims) return { refused: "ERR_INVALID_TOKEN" };
  const user = await loadActorUser(pool, claims, actors);
  if (!user || user.sessionId !== claims.sessionId || user.companyId !== claims.companyId) {
    return { refused: "ERR_SESSION_EXPIRED" };
  }
  return { actor: { ...user, claims } };
}

/** checkToken for callers that only need the actor (null for any refusal). */
export async function resolveActor(
  pool: pg.Pool,
  tokens: Tokens,
  token: string | undefined,
  actors?: ActorCache,
): Promise<Actor | null> {
  return (await checkToken(pool, tokens, token, actors)).actor ?? null;
}

export function authenticate(pool: pg.Pool, tokens: Tokens, actors?: ActorCache): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const check = await checkToken(pool, tokens, bearer(req), actors);
    if (!check.actor) return next(tokenRefusedError(check.refused));
    res.locals.actor = check.actor;
    next();
  };
}

export function actorOf(res: Response): Actor {
  const actor = res.locals.actor as Actor | undefined;
  if (!actor) throw sessionExpired();
  return actor;
}
