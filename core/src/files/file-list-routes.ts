// File lists (spec 2 §7 File lists): GET /files/, GET /files/{id}, POST /files, PUT /files/{id},
// POST /files/uploadList/{id} (multipart, several files), DELETE /files/{id}. Admins only (spec 2 §6); routes
// are parse -> use case in a transaction -> answer, files removed from disk only after the commit.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  FILE_LIST_UPLOAD_FIELD,
  type FileListOption,
  fileDisplayName,
  ZCreateFileListRequestSchema,
  ZListFileListsQuerySchema,
  ZUpdateFileListRequestSchema,
  ZUploadFileListFieldsSchema,
} from "../contract/files.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { mediaTypeOfMime, mediaUrlOf, removeMedia } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { authorizeFileLists } from "./file-list-policy.ts";
import { listFileLists, loadFileList } from "./file-list-queries.ts";

// On the company EntityManager (decision 0028): loaded on the first call, not at start (decision 0039).
const createFileList = lazyUseCase(async () => (await import("./create-file-list.ts")).createFileList);
const updateFileList = lazyUseCase(async () => (await import("./update-file-list.ts")).updateFileList);
const deleteFileList = lazyUseCase(async () => (await import("./delete-file-list.ts")).deleteFileList);
const addFileListFiles = lazyUseCase(async () => (await import("./upload-file-list.ts")).addFileListFiles);

async function removeAll(dataDir: string, companyId: number, paths: string[]): Promise<void> {
  for (const p of paths) await removeMedia(dataDir, companyId, p);
}

export function fileListRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();

  router.get("/files", async (req, res) => {
    const actor = actorOf(res);
    authorizeFileLists(actor);
    res.json(await listFileLists(pool, actor.companyId, parse(ZListFileListsQuerySchema, req.query)));
  });

  router.get("/files/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeFileLists(actor);
    res.json(await loadFileList(pool, actor.companyId, parse(zIdParam, req.params.id)));
  });

  router.post("/files", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZCreateFileListRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createFileList(client, actor, input)));
  });

  router.put("/files/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateFileListRequestSchema, req.body ?? {});
    const { list, dropped } = await transaction(pool, (client) => updateFileList(client, actor, id, input));
    await removeAll(dataDir, actor.companyId, dropped);
    res.json(list);
  });

  router.post("/files/uploadList/:id", mediaUpload(dataDir, FILE_LIST_UPLOAD_FIELD), async (req, res) => {
    const actor = actorOf(res);
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    try {
      const id = parse(zIdParam, req.params.id);
      if (files.length === 0) throw invalidInput("At least one file", FILE_LIST_UPLOAD_FIELD);
      const { name } = parse(ZUploadFileListFieldsSchema, req.body ?? {});
      const names = name === undefined ? [] : Array.isArray(name) ? name : [name];
      const added: FileListOption[] = files.map((file, i) => ({
        name: fileDisplayName(names[i]?.trim() || file.originalname),
        path: mediaUrlOf(actor.companyId, file.filename),
        mediaType: mediaTypeOfMime(file.mimetype),
      }));
      res.json(await transaction(pool, (client) => addFileListFiles(client, actor, id, added)));
    } catch (err) {
      await discardUploads(files);
      throw err;
    }
  });

  router.delete("/files/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const paths = await transaction(pool, (client) => deleteFileList(client, actor, id));
    await removeAll(dataDir, actor.companyId, paths);
    res.json({ message: "File list deleted" });
  });

  return router;
}
