// The announcements' use cases (spec 3 §2 "Announcements", §7): the list the super user manages and the active ones
// every top bar shows, create, update, delete, attach and detach an image. The table is the platform's (no company,
// decision 0072): only the super user writes, and each write tells every open top bar over NOTIFY.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import {
  ANNOUNCEMENTS_PAGE_SIZE,
  type AnnouncementDTO,
  type AnnouncementsPage,
  type TAnnouncementRequest,
  type TListAnnouncementsQuery,
} from "../contract/announcements.ts";
import { ANNOUNCEMENTS_CHANNEL } from "../contract/topics.ts";
import { AppError, invalidInput, noPermission } from "../kernel/errors.ts";
import { likePattern } from "../kernel/like-pattern.ts";
import { removeAnnouncementFile, saveAnnouncementFile, sniffAnnouncementImage } from "./announcement-media.ts";

export const announcementNotFound = () => new AppError("ERR_NOT_FOUND", "Announcement not found");

const COLUMNS = `a.id, a.title, a.text, a.priority::int AS priority, a.status, a.media_path AS "mediaPath",
  a.media_name AS "mediaName", a.created_at AS "createdAt", a.updated_at AS "updatedAt"`;

/** Writes are the super user's alone (spec 3 §6). */
export function authorizeAnnouncementWrite(actor: Actor): void {
  if (!actor.super) throw noPermission();
}

/** Every open top bar asks again once the transaction commits (the hub's 'announcements' frame). */
const announce = (client: pg.ClientBase) => client.query("SELECT pg_notify($1, '')", [ANNOUNCEMENTS_CHANNEL]);

/**
 * GET /announcements: the super user's list (every announcement, newest first) or, for everyone else and for a
 * top bar (`active=1`), the active ones, highest priority first.
 */
export async function listAnnouncements(
  db: pg.Pool | pg.ClientBase,
  actor: Actor,
  q: TListAnnouncementsQuery,
): Promise<AnnouncementsPage> {
  const onlyActive = !actor.super || q.active === "1";
  const params: unknown[] = [];
  const where: string[] = [];
  if (onlyActive) where.push("a.status");
  if (q.searchParam) {
    params.push(likePattern(q.searchParam.toLowerCase()));
    where.push(`(lower(a.title) LIKE $${params.length} OR lower(a.text) LIKE $${params.length})`);
  }
  const filter = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const order = onlyActive ? "a.priority, a.created_at DESC, a.id DESC" : "a.created_at DESC, a.id DESC";
  const offset = (q.pageNumber - 1) * ANNOUNCEMENTS_PAGE_SIZE;
  const { rows } = await db.query<AnnouncementDTO & { total: number }>(
    `SELECT ${COLUMNS}, count(*) OVER ()::int AS total FROM announcements a ${filter}
     ORDER BY ${order} LIMIT ${ANNOUNCEMENTS_PAGE_SIZE} OFFSET $${params.length + 1}`,
    [...params, offset],
  );
  let count = rows[0]?.total;
  if (count === undefined) {
    // A page past the end: the total still answers (a screen showing "(N)").
    const { rows: c } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM announcements a ${filter}`,
      params,
    );
    count = c[0]?.n ?? 0;
  }
  const records = rows.map(({ total: _total, ...r }) => r);
  return { records, count, hasMore: offset + records.length < count };
}

async function findAnnouncement(client: pg.ClientBase, id: number, lock = false): Promise<AnnouncementDTO> {
  const { rows } = await client.query<AnnouncementDTO>(
    `SELECT ${COLUMNS} FROM announcements a WHERE a.id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  if (!rows[0]) throw announcementNotFound();
  return rows[0];
}

export async function createAnnouncement(
  client: pg.ClientBase,
  actor: Actor,
  input: TAnnouncementRequest,
): Promise<AnnouncementDTO> {
  authorizeAnnouncementWrite(actor);
  const { rows } = await client.query<{ id: number }>(
    "INSERT INTO announcements (title, text, priority, status) VALUES ($1, $2, $3, $4) RETURNING id",
    [input.title, input.text, input.priority, input.status],
  );
  await announce(client);
  return findAnnouncement(client, rows[0]!.id);
}

export async function updateAnnouncement(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: TAnnouncementRequest,
): Promise<AnnouncementDTO> {
  authorizeAnnouncementWrite(actor);
  const { rowCount } = await client.query(
    `UPDATE announcements SET title = $2, text = $3, priority = $4, status = $5, updated_at = now() WHERE id = $1`,
    [id, input.title, input.text, input.priority, input.status],
  );
  if (!rowCount) throw announcementNotFound();
  await announce(client);
  return findAnnouncement(client, id);
}

/** Deletes the announcement; its image file goes after the commit (the caller's `afterCommit`). */
export async function deleteAnnouncement(client: pg.ClientBase, actor: Actor, id: number): Promise<string | null> {
  authorizeAnnouncementWrite(actor);
  const { rows } = await client.query<{ mediaPath: string | null }>(
    `DELETE FROM announcements WHERE id = $1 RETURNING media_path AS "mediaPath"`,
    [id],
  );
  if (!rows[0]) throw announcementNotFound();
  await announce(client);
  return rows[0].mediaPath;
}

export type AnnouncementUpload = { bytes: Buffer; originalName: string };

/**
 * POST /announcements/{id}/media-upload: the image (png or jpg by its bytes) replaces any earlier one. Answers the
 * announcement and the replaced file, which the caller removes after the commit.
 */
export async function attachAnnouncementMedia(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  upload: AnnouncementUpload,
  dataDir: string,
): Promise<{ announcement: AnnouncementDTO; replaced: string | null }> {
  authorizeAnnouncementWrite(actor);
  const before = await findAnnouncement(client, id, true);
  const kind = sniffAnnouncementImage(upload.bytes);
  if (!kind) throw invalidInput("Only PNG or JPEG images", "file");
  const fileName = await saveAnnouncementFile(dataDir, upload.originalName, upload.bytes, kind);
  try {
    await client.query("UPDATE announcements SET media_path = $2, media_name = $3, updated_at = now() WHERE id = $1", [
      id,
      fileName,
      upload.originalName.slice(0, 200),
    ]);
    await announce(client);
    return { announcement: await findAnnouncement(client, id), replaced: before.mediaPath };
  } catch (err) {
    await removeAnnouncementFile(dataDir, fileName);
    throw err;
  }
}

/** DELETE /announcements/{id}/media-upload: the image leaves the announcement (the file after the commit). */
export async function detachAnnouncementMedia(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
): Promise<{ announcement: AnnouncementDTO; removed: string | null }> {
  authorizeAnnouncementWrite(actor);
  const before = await findAnnouncement(client, id, true);
  await client.query(
    "UPDATE announcements SET media_path = NULL, media_name = NULL, updated_at = now() WHERE id = $1",
    [id],
  );
  await announce(client);
  return { announcement: await findAnnouncement(client, id), removed: before.mediaPath };
}
