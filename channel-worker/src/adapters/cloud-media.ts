// Outbound media for the Cloud API: a file of core's media store (shared
// DATA_DIR), read from disk as a lazy Blob and uploaded to
// POST /{phone_number_id}/media, whose id the media message then names.
import { openAsBlob } from "node:fs";
import { stat } from "node:fs/promises";
import { mediaFilePath } from "@chatflow/core/media/media-store.ts";
import { SendError } from "./adapter.ts";
import { type MediaRef, originalName } from "./whatsapp-cloud-payloads.ts";

/** The stored file as a Blob read from disk as it is sent (never whole in memory); null when it is gone. */
export async function openStoredMedia(dataDir: string, companyId: number, media: MediaRef): Promise<Blob | null> {
  const file = mediaFilePath(dataDir, companyId, media.fileName);
  if (!file) return null;
  try {
    if (!(await stat(file)).isFile()) return null;
    return await openAsBlob(file, { type: media.mime });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    // Unreadable (permissions): retrying will not help, and waiting would hold every later message.
    throw new SendError("permanent", `cannot read ${media.fileName}: ${(err as Error).message}`, {
      code: "ERR_MEDIA_NOT_FOUND",
      cause: err,
    });
  }
}

/** The multipart body the media endpoint takes. */
export function uploadForm(blob: Blob, media: MediaRef): FormData {
  const form = new FormData();
  form.append("messaging_product", "whatsapp");
  form.append("type", media.mime);
  form.append("file", blob, originalName(media.fileName));
  return form;
}

/** Graph media ids stay valid for 30 days; we reuse one for a day. */
const REUSE_MS = 24 * 3600 * 1000;
const REUSE_MAX = 200;

/**
 * Upload ids by stored file, per connection (ids belong to a phone number): a message that
 * waits out a throttle, or a file sent to many contacts, is not uploaded again each time.
 * Stored files never change (unique names, written once), so the id stays right.
 */
export class UploadedMedia {
  readonly #ids = new Map<string, { id: string; at: number }>();

  get(url: string): string | null {
    const hit = this.#ids.get(url);
    if (!hit) return null;
    if (Date.now() - hit.at < REUSE_MS) return hit.id;
    this.#ids.delete(url);
    return null;
  }

  set(url: string, id: string): void {
    this.#ids.delete(url);
    this.#ids.set(url, { id, at: Date.now() });
    // Maps keep insertion order: the first key is the oldest.
    if (this.#ids.size > REUSE_MAX) this.#ids.delete(this.#ids.keys().next().value!);
  }
}
