// POST /settings-whitelabel/logo (multipart typeArch, mode, file; super user), GET /branding/{file}, which
// serves the stored logos to anyone (the login screen shows them before a session exists), and
// POST /settings/cert-upload?ref= (multipart file; super user), the payment provider's .p12 certificate.
import type { Request, Response } from "express";
import { Router } from "express";
import multer from "multer";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  BRANDING_LOGO_FIELD,
  BRANDING_LOGO_MAX_BYTES,
  CERT_FIELD,
  CERT_MAX_BYTES,
  CERT_MESSAGES,
  ZBrandingLogoFieldsSchema,
  ZCertUploadQuerySchema,
} from "../contract/settings.ts";
import { invalidInput, mediaNotFound, parse, payloadTooLarge } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { utf8FileName } from "../media/media-store.ts";
import { sendStored } from "../media/serve-stored.ts";
import { mediaStore } from "../media/store-registry.ts";
import { multipartNulByteError } from "../media/upload.ts";
import { brandingKey, mimeOfBrandingFile, removeBrandingFile } from "./branding-store.ts";
import { authorizeSettings } from "./settings-policy.ts";
import { uploadBrandingLogo } from "./upload-branding-logo.ts";
import { authorizeCertificates, uploadCertificate } from "./upload-certificate.ts";

/** One small file read in memory (a logo, a certificate), with multer's refusals turned into 400 and 413. */
export function singleFile(field: string, maxBytes: number, missing: string) {
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
  }).single(field);
  return (req: Request, res: Response): Promise<Express.Multer.File> =>
    new Promise((resolve, reject) => {
      upload(req, res, (err: unknown) => {
        if (err instanceof multer.MulterError) {
          if (err.code === "LIMIT_FILE_SIZE") return reject(payloadTooLarge("File too large"));
          return reject(invalidInput(err.message, err.field ?? field));
        }
        if (err) return reject(err);
        const nul = multipartNulByteError(req);
        if (nul) return reject(nul);
        if (!req.file) return reject(invalidInput(missing, field));
        resolve(req.file);
      });
    });
}

const readLogo = singleFile(BRANDING_LOGO_FIELD, BRANDING_LOGO_MAX_BYTES, "Required");
const readCertificate = singleFile(CERT_FIELD, CERT_MAX_BYTES, CERT_MESSAGES.noFile);

export function whitelabelRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();
  router.post("/settings-whitelabel/logo", async (req, res) => {
    const actor = actorOf(res);
    // Before the body is read: nobody else's bytes are taken in.
    authorizeSettings(actor, { kind: "updatePlatform" });
    const file = await readLogo(req, res);
    const { mode } = parse(ZBrandingLogoFieldsSchema, req.body);
    const logo = { bytes: file.buffer, originalName: utf8FileName(file.originalname), mode };
    const done = await transaction(pool, (c) => uploadBrandingLogo(c, actor, logo, dataDir));
    // Only once the new name is committed: a rolled-back upload keeps the old logo and its file.
    if (done.replaced) await removeBrandingFile(dataDir, done.replaced);
    res.json(done.fileName);
  });
  router.post("/settings/cert-upload", async (req, res) => {
    const actor = actorOf(res);
    authorizeCertificates(actor);
    const { ref } = parse(ZCertUploadQuerySchema, req.query);
    const file = await readCertificate(req, res);
    const cert = { bytes: file.buffer, originalName: utf8FileName(file.originalname), destination: ref };
    res.json(await uploadCertificate(actor, cert, dataDir));
  });
  return router;
}

export function brandingFileRoutes(dataDir: string): Router {
  const router = Router();
  router.get("/branding/:file", async (req, res) => {
    const key = brandingKey(req.params.file);
    if (!key) throw mediaNotFound();
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    // Stored names are never reused: a new logo is a new name.
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    const sent = await sendStored(req, res, await mediaStore(dataDir), key, mimeOfBrandingFile(req.params.file));
    if (!sent) {
      res.removeHeader("Cache-Control");
      throw mediaNotFound();
    }
  });
  return router;
}
