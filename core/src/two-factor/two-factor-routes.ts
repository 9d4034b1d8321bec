// The signed-in calls of two-factor sign-in (decision 0113): GET /two-factor (one's own state), POST
// /two-factor/setup and /two-factor/confirm (enrol from the security screen), POST /two-factor/recovery-codes (ten
// new ones for a current code), POST /two-factor/disable, DELETE
// /two-factor/trusted-devices, and the admins' GET and DELETE /users/{userId}/two-factor (read, reset).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  ZConfirmEnrolmentRequestSchema,
  ZDisableTwoFactorRequestSchema,
  ZRenewRecoveryCodesRequestSchema,
} from "../contract/two-factor.ts";
import { invalidTwoFactorCode, parse, twoFactorRequired } from "../kernel/errors.ts";
import { verifyPassword } from "../kernel/password-hashing.ts";
import { hitRateLimit, resetRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { twoFactorKey } from "./secret-box.ts";
import { forgetTrustedDevices } from "./trusted-devices.ts";
import {
  CODE_GUESSES_PER_USER,
  confirmEnrolment,
  disableTwoFactor,
  findResetTarget,
  guessKey,
  isTwoFactorEnabled,
  renewRecoveryCodes,
  resetTwoFactor,
  startEnrolment,
  takeSecondFactor,
  twoFactorStatus,
} from "./two-factor.ts";
import { isTwoFactorRequired } from "./two-factor-policy.ts";

export function twoFactorRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.get("/two-factor", async (_req, res) => {
    res.json(await twoFactorStatus(pool, actorOf(res)));
  });
  router.post("/two-factor/setup", async (_req, res) => {
    res.json(await startEnrolment(pool, await twoFactorKey(pool), actorOf(res)));
  });
  router.post("/two-factor/confirm", async (req, res) => {
    const actor = actorOf(res);
    const { code } = parse(ZConfirmEnrolmentRequestSchema, req.body);
    await hitRateLimit(pool, guessKey(actor.id), CODE_GUESSES_PER_USER);
    const key = await twoFactorKey(pool);
    const recoveryCodes = await transaction(pool, (client) => confirmEnrolment(client, key, actor, code));
    if (!recoveryCodes) throw invalidTwoFactorCode();
    await resetRateLimit(pool, guessKey(actor.id));
    res.json({ recoveryCodes });
  });
  router.post("/two-factor/recovery-codes", async (req, res) => {
    const actor = actorOf(res);
    const { code } = parse(ZRenewRecoveryCodesRequestSchema, req.body);
    await hitRateLimit(pool, guessKey(actor.id), CODE_GUESSES_PER_USER);
    const key = await twoFactorKey(pool);
    const recoveryCodes = await transaction(pool, (client) => renewRecoveryCodes(client, key, actor, code));
    if (!recoveryCodes) throw invalidTwoFactorCode();
    await resetRateLimit(pool, guessKey(actor.id));
    res.json({ recoveryCodes });
  });
  router.post("/two-factor/disable", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZDisableTwoFactorRequestSchema, req.body);
    if (await isTwoFactorRequired(pool, actor)) throw twoFactorRequired();
    await hitRateLimit(pool, guessKey(actor.id), CODE_GUESSES_PER_USER);
    const key = await twoFactorKey(pool);
    await transaction(pool, async (client) => {
      if (!(await isTwoFactorEnabled(client, actor))) throw invalidTwoFactorCode();
      const right = input.code
        ? (await takeSecondFactor(client, key, actor, input.code)) !== null
        : await verifyPassword(actor.passwordHash, input.password ?? "");
      if (!right) throw invalidTwoFactorCode();
      await disableTwoFactor(client, actor);
    });
    await resetRateLimit(pool, guessKey(actor.id));
    res.status(204).end();
  });
  router.delete("/two-factor/trusted-devices", async (_req, res) => {
    const actor = actorOf(res);
    await transaction(pool, (client) => forgetTrustedDevices(client, actor));
    res.status(204).end();
  });
  router.get("/users/:userId/two-factor", async (req, res) => {
    const target = await findResetTarget(pool, actorOf(res), parse(zIdParam, req.params.userId));
    res.json({ enabled: await isTwoFactorEnabled(pool, target) });
  });
  router.delete("/users/:userId/two-factor", async (req, res) => {
    const actor = actorOf(res);
    await transaction(pool, async (client) => {
      const target = await findResetTarget(client, actor, parse(zIdParam, req.params.userId));
      await resetTwoFactor(client, actor, target);
    });
    res.status(204).end();
  });
  return router;
}
