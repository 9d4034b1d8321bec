// POST /settings-whitelabel/logo (multipart typeArch, mode, file; super user) and GET /branding/{file}, which
// serves the stored logos to anyone: the login screen shows them before a session exists.
import type { Request, Response } from "express";
import { Router } from "express";
import multer from "multer";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { BRANDING_LOGO_FIELD, BRANDING_LOGO_MAX_BYTES, ZBrandingLogoFieldsSchema } from "../contract/settings.ts";
import { invalidInput, mediaNotFound, parse, payloadTooLarge } from "../http/errors.ts";
import { utf8FileName } from "../media/media-store.ts";
import { multipartNulByteError } from "../media/upload.ts";
import { inTransaction } from "../sync/change-log.ts";
import { brandingFilePath, mimeOfBrandingFile } from "./branding-store.ts";
import { authorizeSettings } from "./settings-policy.ts";
import { uploadBrandingLogo } from "./upload-branding-logo.ts";

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: BRANDING_LOGO_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single(BRANDING_LOGO_FIELD);

/** Runs multer (in memory: a logo is small), turning its refusals into 400 and 413. */
function readLogo(req: Request, res: Response): Promise<Express.Multer.File> {
  return new Promise((resolve, reject) => {
    upload(req, res, (err: unknown) => {
      if (err instanceof multer.MulterError) {
        if (err.code === "LIMIT_FILE_SIZE") return reject(payloadTooLarge("File too large"));
        return reject(invalidInput(err.message, err.field ?? BRANDING_LOGO_FIELD));
      }
      if (err) return reject(err);
      const nul = multipartNulByteError(req);
      if (nul) return reject(nul);
      if (!req.file) return reject(invalidInput("Required", BRANDING_LOGO_FIELD));
      resolve(req.file);
    });
  });
}

export function whitelabelRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();
  router.post("/settings-whitelabel/logo", async (req, res) => {
    const actor = actorOf(res);
    // Before the body is read: nobody else's bytes are taken in.
    authorizeSettings(actor, { kind: "updatePlatform" });
    const file = await readLogo(req, res);
    const { mode } = parse(ZBrandingLogoFieldsSchema, req.body);
    const logo = { bytes: file.buffer, originalName: utf8FileName(file.originalname), mode };
    res.json(await inTransaction(pool, (c) => uploadBrandingLogo(c, actor, logo, dataDir)));
  });
  return router;
}

export function brandingFileRoutes(dataDir: string): Router {
  const router = Router();
  router.get("/branding/:file", async (req, res) => {
    const file = brandingFilePath(dataDir, req.params.file);
    if (!file) throw mediaNotFound();
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    // Stored names are never reused: a new logo is a new name.
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file, { headers: { "Content-Type": mimeOfBrandingFile(file) }, dotfiles: "deny" }, (err) => {
        if (!err || res.headersSent) return resolve();
        reject((err as NodeJS.ErrnoException).code === "ENOENT" ? mediaNotFound() : err);
      });
    });
  });
  return router;
}
