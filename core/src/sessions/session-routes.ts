// POST /auth/login, POST /auth/refresh_token, DELETE /auth/logout, GET /auth/me (spec 1 §7 Session), and the
// login's second step (decision 0113): POST /auth/2fa/verify, POST /auth/2fa/enrol, POST /auth/2fa/enrol/confirm.
import { type CookieOptions, Router } from "express";
import { actorOf, authenticate } from "../auth/authenticate.ts";
import { publicUser } from "../auth/load-user.ts";
import { ZLoginRequestSchema } from "../contract/auth.ts";
import {
  TRUSTED_DEVICE_DAYS,
  ZChallengeConfirmRequestSchema,
  ZChallengeRequestSchema,
  ZTwoFactorVerifyRequestSchema,
} from "../contract/two-factor.ts";
import type { AbuseLimits } from "../kernel/config.ts";
import { AppError, invalidTwoFactorCode, parse } from "../kernel/errors.ts";
import { hitRateLimit, resetRateLimit } from "../kernel/rate-limit.ts";
import { withCompanyAccess } from "../plans/company-access.ts";
import { type Issued, logout, passwordLogin, refresh, type SessionDeps } from "./session.ts";
import { confirmEnrolmentAtLogin, enrolAtLogin, verifyAtLogin } from "./two-factor-login.ts";

export const REFRESH_COOKIE = "jrt";
/** The trusted-device cookie (decision 0113): sent only to /auth, where the login reads it. */
export const TRUSTED_DEVICE_COOKIE = "jtd";

export function authRoutes(deps: SessionDeps & { secureCookies: boolean; limits: AbuseLimits }): Router {
  const router = Router();
  const cookie: CookieOptions = {
    httpOnly: true,
    sameSite: "lax",
    secure: deps.secureCookies,
    path: "/auth",
    maxAge: deps.refreshTtl * 1000,
  };
  const trustedCookie: CookieOptions = { ...cookie, maxAge: TRUSTED_DEVICE_DAYS * 86_400_000 };
  const device = (req: import("express").Request) => ({ userAgent: req.get("user-agent") ?? "", ip: req.ip ?? "" });
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
    const outcome = await passwordLogin(deps, input, device(req), req.cookies?.[TRUSTED_DEVICE_COOKIE]);
    await resetRateLimit(deps.pool, account);
    // The password was right and a second step follows: a challenge, no token (decision 0113).
    if ("challenge" in outcome) return void res.json(outcome);
    await answer(res, outcome);
  });
  router.post("/auth/2fa/verify", async (req, res) => {
    const input = parse(ZTwoFactorVerifyRequestSchema, req.body);
    const done = await verifyAtLogin(deps, input, device(req));
    if (!done) throw invalidTwoFactorCode();
    if (done.trustedDevice) res.cookie(TRUSTED_DEVICE_COOKIE, done.trustedDevice, trustedCookie);
    await answer(res, done.issued);
  });
  router.post("/auth/2fa/enrol", async (req, res) => {
    res.json(await enrolAtLogin(deps, parse(ZChallengeRequestSchema, req.body).challenge));
  });
  router.post("/auth/2fa/enrol/confirm", async (req, res) => {
    const input = parse(ZChallengeConfirmRequestSchema, req.body);
    const done = await confirmEnrolmentAtLogin(deps, input, device(req));
    if (!done) throw invalidTwoFactorCode();
    if (done.issued.refreshToken !== null) res.cookie(REFRESH_COOKIE, done.issued.refreshToken, cookie);
    res.json({
      recoveryCodes: done.recoveryCodes,
      token: done.issued.token,
      user: await withCompanyAccess(deps.pool, done.issued.user),
    });
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
