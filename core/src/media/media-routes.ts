// GET /media/{companyId}/{file}: a stored media file, to members of that
// company only. Everything else (another company, a name we never made, a
// path trying to climb out) answers the same 404.
import { Router } from "express";
import { actorOf } from "../auth/authenticate.ts";
import { mediaNotFound } from "../kernel/errors.ts";
import { mediaFilePath, mediaTypeOfMime, mimeOfFileName } from "./media-store.ts";

export function mediaRoutes(dataDir: string): Router {
  const router = Router();
  router.get("/media/:companyId/:file", async (req, res) => {
    const actor = actorOf(res);
    if (req.params.companyId !== String(actor.companyId)) throw mediaNotFound();
    const file = mediaFilePath(dataDir, actor.companyId, req.params.file);
    if (!file) throw mediaNotFound();
    const mime = mimeOfFileName(req.params.file);
    // Uploaded bytes are whatever a person sent: never let a browser run them in our origin.
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
    res.setHeader("Cache-Control", "private, max-age=31536000, immutable");
    const inline = mediaTypeOfMime(mime) !== "application" || mime === "application/pdf";
    if (!inline) res.attachment(req.params.file);
    await new Promise<void>((resolve, reject) => {
      res.sendFile(file, { headers: { "Content-Type": mime }, dotfiles: "deny" }, (err) => {
        if (!err) return resolve();
        if (res.headersSent) return resolve();
        reject((err as NodeJS.ErrnoException).code === "ENOENT" ? mediaNotFound() : err);
      });
    });
  });
  return router;
}
