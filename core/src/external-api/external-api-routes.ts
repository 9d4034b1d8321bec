// POST /api/messages/send (spec 3 §7): the external messages API, JSON or multipart with `medias`. No session:
// the bearer token is a connection's token. Parse -> the use case in a transaction -> the stored messages and their
// ticket (decision 0077 records the answer's shape, the Idempotency-Key and the refusals).
import { Router } from "express";
import type pg from "pg";
import { v5 as uuidv5, v7 as uuidv7 } from "uuid";
import { bearer } from "../auth/authenticate.ts";
import type { Channel } from "../contract/entities.ts";
import { EXTERNAL_SEND_PATH, IDEMPOTENCY_HEADER, ZExternalSendRequestSchema } from "../contract/external-api.ts";
import type { AbuseLimits } from "../kernel/config.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { hitRateLimit } from "../kernel/rate-limit.ts";
import { transaction } from "../kernel/transaction.ts";
import { mediaTypeOfMime, mediaUrlOf } from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { type ApiConnection, apiActor, assertApiAllowed, findApiConnection } from "./api-connection.ts";
import { loadExternalAnswer } from "./external-answer.ts";
import { externalPayload } from "./external-message-kinds.ts";
import { type ExternalMessage, sendExternalMessage } from "./send-external-message.ts";

/** The namespace the Idempotency-Key's message ids are made in (UUIDv5 of connection and key). */
const IDEMPOTENCY_NAMESPACE = "3f1b7c52-6a0e-4d8e-9a51-0c6b2f7e9d14";

export function externalApiRoutes(pool: pg.Pool, dataDir: string, limits: Pick<AbuseLimits, "externalApiPerToken">) {
  const router = Router();
  router.post(
    EXTERNAL_SEND_PATH,
    async (req, res, next) => {
      try {
        const connection = await findApiConnection(pool, bearer(req));
        await assertApiAllowed(pool, connection);
        await hitRateLimit(pool, `external-api:connection:${connection.id}`, limits.externalApiPerToken);
        res.locals.apiConnection = connection;
        // The upload stores files in the connection's company folder (media/upload.ts reads the actor).
        res.locals.actor = apiActor(connection, null);
        next();
      } catch (err) {
        next(err);
      }
    },
    mediaUpload(dataDir, "medias"),
    async (req, res) => {
      const files = (req.files as Express.Multer.File[] | undefined) ?? [];
      const connection = res.locals.apiConnection as ApiConnection;
      try {
        const input = parse(ZExternalSendRequestSchema, req.body ?? {});
        const idOf = messageIds(connection, req.header(IDEMPOTENCY_HEADER));
        const payload = externalPayload(input, connection.channel as Channel);
        if (payload && files.length > 0) {
          throw invalidInput("A template, contact or interactive message takes no files", "medias");
        }
        const messages: ExternalMessage[] = payload
          ? [{ id: idOf(0), ...payload }]
          : files.length === 0
            ? [{ id: idOf(0), body: input.body }]
            : files.map((file, i) => ({
                id: idOf(i),
                // Like the channels do, a media without caption is named by its file.
                body: input.body.trim() || file.originalname,
                mediaType: mediaTypeOfMime(file.mimetype),
                mediaUrl: mediaUrlOf(connection.companyId, file.filename),
              }));
        const ticketId = await transaction(pool, (client) =>
          sendExternalMessage(client, connection, { ...input, messages }),
        );
        const answer = await loadExternalAnswer(
          pool,
          connection.companyId,
          ticketId,
          messages.map((m) => m.id),
        );
        // A retried call answered the stored messages: its new files belong to none.
        const stored = new Set(answer.messages.map((m) => m.mediaUrl));
        await discardUploads(files.filter((f) => !stored.has(mediaUrlOf(connection.companyId, f.filename))));
        res.json(answer);
      } catch (err) {
        await discardUploads(files);
        throw err;
      }
    },
  );
  return router;
}

/** The id of the i-th message: made from the Idempotency-Key (the same key, the same ids), else new. */
function messageIds(connection: ApiConnection, header: string | undefined): (i: number) => string {
  if (header === undefined) return () => uuidv7();
  const key = header.trim();
  if (!/^[\x21-\x7e]{1,200}$/.test(key)) {
    throw invalidInput("Idempotency-Key must be 1 to 200 visible characters", IDEMPOTENCY_HEADER);
  }
  return (i) => uuidv5(`${connection.id}:${key}:${i}`, IDEMPOTENCY_NAMESPACE);
}
