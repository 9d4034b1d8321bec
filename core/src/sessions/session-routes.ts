// POST /auth/login, POST /auth/refresh_token, DELETE /auth/logout, GET /auth/me (spec 1 §7 Session).
import { type CookieOptions, Router } from "express";
import { actorOf, authenticate } from "../auth/authenticate.ts";
import { publicUser } from "../auth/load-user.ts";
import { ZLoginRequestSchema } from "../contract/auth.ts";
import type { AbuseLimits } from "../kernel/config.ts";
import { AppError, parse } from "../kernel/errors.ts";
import { hitRateLimit, resetRateLimit } from "../kernel/rate-limit.ts";
import { withCompanyAccess } from "../plans/company-access.ts";
import { type Issued, login, logout, refresh, type SessionDeps } from "./session.ts";

export const REFRESH_COOKIE = "jrt";

export function authRoutes(deps: SessionDeps & { secureCookies: boolean; limits: AbuseLimits }): Router {
  const router = Router();
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.secureCookies,
    path: "/auth",
    maxAge: deps.refreshTtl * 1000,
  };
  const answer = async (res: import("express").Response, issued: Issued) => {
    // The rotated cookie first: should the read below fail, the answer still carries it.
    if (issued.refreshToken !== null) res.cookie(REFRESH_COOKIE, issued.refreshToken, cookie);
    res.json({ token: issued.token, user: await withCompanyAccess(deps.pool, issued.user) });
  };

  router.post("/auth/login", async (req, res) => {
    const input = parse(ZLoginRequestSchema, req.body);
    // Counted before the password is checked, so parallel guesses cannot all pass one stale count.
    await hitRateLimit(deps.pool, `login:ip:${req.ip}`, deps.limits.loginPerIp);
    const account = `login:account:${input.email}`;
    await hitRateLimit(deps.pool, account, deps.limits.loginPerAccount);
    const issued = await login(deps, input, { userAgent: req.get("user-agent") ?? "", ip: req.ip ?? "" });
    await resetRateLimit(deps.pool, account);
    await answer(res, issued);
  });
  router.post("/auth/refresh_token", async (req, res) => {
    try {
      await answer(res, await refresh(deps, req.cookies?.[REFRESH_COOKIE]));
    } catch (err) {
      // Only a refused session loses its cookie: after a server failure the refresh rolled back and the
      // same cookie works on the next try.
      if (err instanceof AppError && err.code === "ERR_SESSION_EXPIRED") {
        res.clearCookie(REFRESH_COOKIE, { ...cookie, maxAge: undefined });
      }
      throw err;
    }
  });
  router.delete("/auth/logout", authenticate(deps.pool, deps.tokens, deps.actors), async (_req, res) => {
    const actor = actorOf(res);
    await logout(deps, actor, actor.claims.sessionId);
    res.clearCookie(REFRESH_COOKIE, { ...cookie, maxAge: undefined });
    res.status(204).end();
  });
  router.get("/auth/me", authenticate(deps.pool, deps.tokens, deps.actors), async (_req, res) => {
    res.json(await withCompanyAccess(deps.pool, publicUser(actorOf(res))));
  });
  return router;
}
