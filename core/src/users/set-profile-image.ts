// Use case: a user (or an admin for them) uploads an avatar. Only raster
// images, recognised by their bytes rather than the name or the declared type
// (an SVG could carry script). Stored in the media store under media/company-{id}/
// and served, like message media, at /media/{companyId}/{file}.
import { randomUUID } from "node:crypto";
import path from "node:path";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { loadCompanyUser } from "../auth/load-user.ts";
import { PROFILE_IMAGE_FIELD, type UserAnswer } from "../contract/users.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { invalidInput, userNotFound } from "../kernel/errors.ts";
import { companyMediaPrefix, mediaUrlOf, mimeOfFileName } from "../media/media-store.ts";
import { mediaStore } from "../media/store-registry.ts";
import { userAnswer } from "./user-answer.ts";
import { authorizeUser } from "./user-policy.ts";

export type UploadedImage = { bytes: Buffer; originalName: string };

/** The image type from the file's first bytes, or null when it is not an image we accept. */
export function sniffImage(b: Buffer): "png" | "jpg" | "gif" | "webp" | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return "png";
  }
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "jpg";
  if (b.length >= 6 && /^GIF8[79]a$/.test(b.subarray(0, 6).toString("latin1"))) return "gif";
  if (
    b.length >= 12 &&
    b.subarray(0, 4).toString("latin1") === "RIFF" &&
    b.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "webp";
  }
  return null;
}

const NotAnImageError = () => invalidInput("Only image files are accepted", PROFILE_IMAGE_FIELD);

/** A name safe on any file system and in a URL path. */
const safeBase = (name: string) =>
  path
    .parse(name)
    .name.replace(/[^A-Za-z0-9_-]+/g, "-")
    .slice(0, 60) || "avatar";

export async function setProfileImage(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  image: UploadedImage,
  dataDir: string,
): Promise<UserAnswer> {
  const companyId = actor.companyId;
  const target = await loadCompanyUser(client, companyId, id);
  if (!target) throw userNotFound();
  authorizeUser(actor, "update", target);
  const ext = sniffImage(image.bytes);
  if (!ext) throw NotAnImageError();
  const file = `${randomUUID()}-${safeBase(image.originalName)}.${ext}`;
  await (await mediaStore(dataDir)).put(`${companyMediaPrefix(companyId)}${file}`, image.bytes, mimeOfFileName(file));
  await client.query("UPDATE users SET profile_image = $3, updated_at = now() WHERE id = $1 AND company_id = $2", [
    id,
    companyId,
    mediaUrlOf(companyId, file),
  ]);
  await recordChanges(client, [{ companyId, entity: "users", id }]);
  return userAnswer((await loadCompanyUser(client, companyId, id))!);
}
