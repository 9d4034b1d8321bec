// POST /auth/signup (public; spec 3 §7 Signup and password).
import { Router } from "express";
import type pg from "pg";
import { ZSignupRequestSchema } from "../contract/signup.ts";
import { parse } from "../http/errors.ts";
import { inTransaction } from "../sync/change-log.ts";
import { signup } from "./signup.ts";

export function signupRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.post("/auth/signup", async (req, res) => {
    const input = parse(ZSignupRequestSchema, req.body);
    res.status(201).json(await inTransaction(pool, (c) => signup(c, input)));
  });
  return router;
}
