// Outbound media for the Cloud API: a file of core's media store (the shared
// DATA_DIR as a lazy Blob read as it is sent, or the bucket), uploaded to
// POST /{phone_number_id}/media, whose id the media message then names.
import { openAsBlob } from "node:fs";
import { SendError } from "@chatflow/core/kernel/send-error.ts";
import { readStoredBytes } from "@chatflow/core/media/file-store.ts";
import { mediaKey } from "@chatflow/core/media/media-store.ts";
import { mediaStore } from "@chatflow/core/media/store-registry.ts";
import { type MediaRef, originalName } from "./whatsapp-cloud-payloads.ts";

/**
 * The stored file as a Blob: from the local store read from disk as it is sent (never whole in memory), from a
 * bucket downloaded first (a Graph upload is a form of known length). Null when it is gone.
 */
export async function openStoredMedia(dataDir: string, companyId: number, media: MediaRef): Promise<Blob | null> {
  const key = mediaKey(companyId, media.fileName);
  if (!key) return null;
  const store = await mediaStore(dataDir);
  try {
    if (!(await store.stat(key))) return null;
    if (store.filePath) return await openAsBlob(store.filePath(key), { type: media.mime });
    const bytes = await readStoredBytes(store, key);
    return bytes && new Blob([bytes], { type: media.mime });
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    // A bucket that did not answer may answer later; an unreadable file (permissions) will not, and waiting would
    // hold every later message.
    throw new SendError(
      store.kind === "s3" ? "retryable-not-delivered" : "permanent",
      `cannot read ${media.fileName}: ${(err as Error).message}`,
      { code: "ERR_MEDIA_NOT_FOUND", cause: err },
    );
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
