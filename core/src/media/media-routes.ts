// GET /media/{companyId}/{file}: a stored media file, to members of that
// company only. Everything else (another company, a name we never made, a
// path trying to climb out) answers the same 404.
import { Router } from "express";
import { actorOf } from "../auth/authenticate.ts";
import { mediaNotFound } from "../kernel/errors.ts";
import { mediaKey, mediaTypeOfMime, mimeOfFileName } from "./media-store.ts";
import { sendStored } from "./serve-stored.ts";
import { mediaStore } from "./store-registry.ts";

export function mediaRoutes(dataDir: string): Router {
  const router = Router();
  router.get("/media/:companyId/:file", async (req, res) => {
    const actor = actorOf(res);
    if (req.params.companyId !== String(actor.companyId)) throw mediaNotFound();
    const key = mediaKey(actor.companyId, req.params.file);
    if (!key) throw mediaNotFound();
    const mime = mimeOfFileName(req.params.file);
    // Uploaded bytes are whatever a person sent: never let a browser run them in our origin.
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.setHeader("Cache-Control", "private, max-age=31536000, immutable");
    const inline = mediaTypeOfMime(mime) !== "application" || mime === "application/pdf";
    if (!inline) res.attachment(req.params.file);
    if (!(await sendStored(req, res, await mediaStore(dataDir), key, mime))) {
      // The 404 is the error handler's JSON: none of the file's headers go with it (a 404 kept for a year would hide
      // the file from this browser should it appear).
      res.removeHeader("Content-Disposition");
      res.removeHeader("Cache-Control");
      throw mediaNotFound();
    }
  });
  return router;
}
