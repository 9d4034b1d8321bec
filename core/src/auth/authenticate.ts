// Turns a bearer token into the acting user, or answers ERR_SESSION_EXPIRED.
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type pg from "pg";
import { SessionExpiredError } from "../http/errors.ts";
import { loadUserById, type UserRow } from "../users/load-user.ts";
import type { ActorCache } from "./actor-cache.ts";
import type { AccessClaims, Tokens } from "./tokens.ts";

export type Actor = UserRow & { claims: AccessClaims };

export function bearer(req: Request): string | undefined {
  const h = req.headers.authorization;
  if (h?.startsWith("Bearer ")) return h.slice(7);
  return undefined;
}

/** The user's row, from the actor cache when it holds it. */
async function loadActorUser(pool: pg.Pool, userId: number, actors?: ActorCache): Promise<UserRow | null> {
  const cached = actors?.get(userId);
  if (cached) return cached;
  const stamp = actors?.stamp() ?? 0;
  const user = await loadUserById(pool, userId);
  if (user) actors?.put(userId, user, stamp);
  return user;
}

/** Verifies the token and that its session is still the user's live one. */
export async function resolveActor(
  pool: pg.Pool,
  tokens: Tokens,
  token: string | undefined,
  actors?: ActorCache,
): Promise<Actor | null> {
  const claims = await tokens.verify(token);
  if (!claims) return null;
  const user = await loadActorUser(pool, claims.userId, actors);
  if (!user || user.sessionId !== claims.sessionId || user.companyId !== claims.companyId) return null;
  return { ...user, claims };
}

export function authenticate(pool: pg.Pool, tokens: Tokens, actors?: ActorCache): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const actor = await resolveActor(pool, tokens, bearer(req), actors);
    if (!actor) return next(SessionExpiredError());
    res.locals.actor = actor;
    next();
  };
}

export function actorOf(res: Response): Actor {
  const actor = res.locals.actor as Actor | undefined;
  if (!actor) throw SessionExpiredError();
  return actor;
}
