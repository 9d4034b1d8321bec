// POST /auth/signup (public; spec 3 §7 Signup and password), limited per client address.
import { Router } from "express";
import type pg from "pg";
import { TRIAL_DAYS, ZSignupRequestSchema } from "../contract/signup.ts";
import { addDays, businessToday } from "../kernel/business-date.ts";
import type { AbuseLimits } from "../kernel/config.ts";
import { parse } from "../kernel/errors.ts";
import { hitRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { isEmailTaken, signup, signupAnswer } from "./signup.ts";

export function signupRoutes(pool: pg.Pool, limits: AbuseLimits): Router {
  const router = Router();
  router.post("/auth/signup", async (req, res) => {
    const input = parse(ZSignupRequestSchema, req.body);
    await hitRateLimit(pool, `signup:ip:${req.ip}`, limits.signupPerIp);
    const answer = await transaction(pool, (c) => signup(c, input)).catch((err: unknown) => {
      // Another signup took the e-mail while this one ran: its transaction is gone, the answer is the same.
      if (isEmailTaken(err)) return signupAnswer(input, addDays(businessToday(), TRIAL_DAYS));
      throw err;
    });
    res.status(201).json(answer);
  });
  return router;
}
