// GET /users/, GET /users/list, GET /users/{id}, POST /users, PUT /users/{id},
// DELETE /users/{id}, POST /users/{id}/media-upload (spec 1 §7 Users and references).
import type { Request, Response } from "express";
import { Router } from "express";
import multer from "multer";
import type pg from "pg";
import { type Actor, actorOf } from "../auth/authenticate.ts";
import { loadCompanyUser } from "../auth/load-user.ts";
import { zIdParam } from "../contract/ids.ts";
import {
  PROFILE_IMAGE_FIELD,
  PROFILE_IMAGE_MAX_BYTES,
  ZCreateUserRequestSchema,
  ZListUsersQuerySchema,
  ZUpdateUserRequestSchema,
} from "../contract/users.ts";
import type { AbuseLimits } from "../kernel/config.ts";
import { invalidInput, isEmailUnavailable, parse, userNotFound } from "../kernel/errors.ts";
import { assertUnderRateLimit, hitRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { multipartNulByteError } from "../media/upload.ts";
import { presentUser } from "../presenters/present-user.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { createUser } from "./create-user.ts";
import { deleteUser } from "./delete-user.ts";
import { listUserPicker, listUsers } from "./list-users.ts";
import { setProfileImage } from "./set-profile-image.ts";
import { updateUser } from "./update-user.ts";
import { userAnswer } from "./user-answer.ts";
import { authorizeUser } from "./user-policy.ts";

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 10 },
}).single(PROFILE_IMAGE_FIELD);

/** Runs multer, turning its refusals (too large, unexpected field) into 400s. */
function readImage(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      const fail = (message: string) => reject(invalidInput(message, PROFILE_IMAGE_FIELD));
      if (err instanceof multer.MulterError)
        return fail(err.code === "LIMIT_FILE_SIZE" ? "File too large" : err.message);
      if (err) return reject(err);
      const nul = multipartNulByteError(req);
      if (nul) return reject(nul);
      if (!req.file) return fail("Required");
      resolve(req.file);
    });
  });
}

export function userRoutes(
  pool: pg.Pool,
  dataDir: string,
  limits: Pick<AbuseLimits, "emailRefusalsPerCompany">,
): Router {
  const router = Router();
  /**
   * A create or e-mail change: refused once the company has had too many e-mails another company holds, and each
   * such refusal counted, so an admin cannot walk a list of addresses to learn which have accounts (decision 0044).
   */
  const limitingEmailProbes = async <T>(actor: Actor, write: () => Promise<T>): Promise<T> => {
    const key = `user-email-refusals:company:${actor.companyId}`;
    await assertUnderRateLimit(pool, key, limits.emailRefusalsPerCompany);
    try {
      return await write();
    } catch (err) {
      if (isEmailUnavailable(err)) await hitRateLimit(pool, key, limits.emailRefusalsPerCompany);
      throw err;
    }
  };
  router.get("/users", async (req, res) => {
    const actor = actorOf(res);
    const page = await listUsers(pool, actor, parse(ZListUsersQuerySchema, req.query));
    const viewer = await loadViewer(pool, actor);
    res.json({ ...page, users: page.users.map((u) => presentUser(viewer, u)) });
  });
  // Before /users/:id, which would read "list" as an id.
  router.get("/users/list", async (_req, res) => {
    const actor = actorOf(res);
    const viewer = await loadViewer(pool, actor);
    res.json((await listUserPicker(pool, actor)).map((u) => presentUser(viewer, u)));
  });
  router.get("/users/:id", async (req, res) => {
    const actor = actorOf(res);
    const user = await loadCompanyUser(pool, actor.companyId, parse(zIdParam, req.params.id));
    if (!user) throw userNotFound();
    authorizeUser(actor, "read", user);
    res.json(presentUser(await loadViewer(pool, actor), userAnswer(user)));
  });
  router.post("/users", async (req, res) => {
    const actor = actorOf(res);
    authorizeUser(actor, "create");
    const input = parse(ZCreateUserRequestSchema, req.body);
    const created = await limitingEmailProbes(actor, () => transaction(pool, (c) => createUser(c, actor, input)));
    res.status(201).json(presentUser(await loadViewer(pool, actor), created));
  });
  router.put("/users/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateUserRequestSchema, req.body);
    const update = () => transaction(pool, (c) => updateUser(c, actor, id, input));
    const updated = await (input.email === undefined ? update() : limitingEmailProbes(actor, update));
    res.json(presentUser(await loadViewer(pool, actor), updated));
  });
  router.delete("/users/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (c) => deleteUser(c, actor, id));
    res.status(204).end();
  });
  router.post("/users/:id/media-upload", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const file = await readImage(req, res);
    const image = { bytes: file.buffer, originalName: file.originalname };
    const user = await transaction(pool, (c) => setProfileImage(c, actor, id, image, dataDir));
    res.json(presentUser(await loadViewer(pool, actor), user));
  });
  return router;
}
