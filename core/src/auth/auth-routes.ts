// POST /auth/login, POST /auth/refresh_token, DELETE /auth/logout, GET /auth/me (spec 1 §7 Session).
import { type CookieOptions, Router } from "express";
import { ZLoginRequestSchema } from "../contract/auth.ts";
import { parse } from "../http/errors.ts";
import { publicUser } from "../users/load-user.ts";
import { actorOf, authenticate } from "./authenticate.ts";
import { type Issued, login, logout, refresh, type SessionDeps } from "./session.ts";

export const REFRESH_COOKIE = "jrt";

export function authRoutes(deps: SessionDeps & { secureCookies: boolean }): Router {
  const router = Router();
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.secureCookies,
    path: "/auth",
    maxAge: deps.refreshTtl * 1000,
  };
  const answer = (res: import("express").Response, issued: Issued) => {
    if (issued.refreshToken !== null) res.cookie(REFRESH_COOKIE, issued.refreshToken, cookie);
    res.json({ token: issued.token, user: issued.user });
  };

  router.post("/auth/login", async (req, res) => {
    answer(res, await login(deps, parse(ZLoginRequestSchema, req.body)));
  });
  router.post("/auth/refresh_token", async (req, res) => {
    try {
      answer(res, await refresh(deps, req.cookies?.[REFRESH_COOKIE]));
    } catch (err) {
      res.clearCookie(REFRESH_COOKIE, { ...cookie, maxAge: undefined });
      throw err;
    }
  });
  router.delete("/auth/logout", authenticate(deps.pool, deps.tokens, deps.actors), async (_req, res) => {
    const actor = actorOf(res);
    await logout(deps, actor, actor.claims.sessionId);
    res.clearCookie(REFRESH_COOKIE, { ...cookie, maxAge: undefined });
    res.status(204).end();
  });
  router.get("/auth/me", authenticate(deps.pool, deps.tokens, deps.actors), (_req, res) => {
    res.json(publicUser(actorOf(res)));
  });
  return router;
}
