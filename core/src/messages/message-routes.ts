// The message calls of spec 1 §7: list a conversation, send (JSON or multipart
// media), edit, delete, forward, transcribe an audio, and the company's message
// counts. Each route validates with the contract's schema, runs its use case in
// a transaction and answers the stored message in the shape GET /messages/{ticketId} uses,
// presented for the caller (presentMessage).
import { Router } from "express";
import type pg from "pg";
import { v7 as uuidv7 } from "uuid";
import { z } from "zod";
import { type Actor, actorOf } from "../auth/authenticate.ts";
import { loadContact } from "../contacts/contact-queries.ts";
import { contactCardPayload } from "../contract/message-payloads.ts";
import {
  ZCountMessagesQuerySchema,
  ZEditMessageRequestSchema,
  ZForwardMessageRequestSchema,
  ZListMessagesQuerySchema,
  ZMessageIdParamSchema,
  ZSendMediaFieldsSchema,
  ZSendMessageRequestSchema,
  ZTicketIdParamSchema,
} from "../contract/messages.ts";
import { ZSearchMessagesQuerySchema } from "../contract/search.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import {
  companyMediaExists,
  mediaTypeOfMime,
  mediaUrlOf,
  mimeOfFileName,
  parseMediaUrl,
} from "../media/media-store.ts";
import { discardUploads, mediaUpload } from "../media/upload.ts";
import { presentContact } from "../presenters/present-contact.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { sendMessage, type TSendMessageInput } from "../tickets/send-message.ts";
import { contactFromCard } from "./contact-from-card.ts";
import { countMessages } from "./count-messages.ts";
import { deleteMessage } from "./delete-message.ts";
import { editMessage } from "./edit-message.ts";
import { forwardMessage } from "./forward-message.ts";
import { interactiveMessageRoutes } from "./interactive-routes.ts";
import { listMessages, loadMessageDetails } from "./list-messages.ts";
import { pollMessageRoutes } from "./poll-routes.ts";
import { searchMessages } from "./search-messages.ts";
import { type TranscribeConfig, transcribeAudio } from "./transcribe-audio.ts";

export { MESSAGES_PAGE_SIZE } from "./list-messages.ts";

export type MessageRouteDeps = { pool: pg.Pool; config: TranscribeConfig };

export function messageRoutes({ pool, config }: MessageRouteDeps): Router {
  const router = Router();
  /** The stored messages by id, as the caller may read them. */
  const answer = async (actor: Actor, ids: string[]) => {
    const [viewer, messages] = await Promise.all([
      loadViewer(pool, actor),
      loadMessageDetails(pool, actor.companyId, ids),
    ]);
    return messages.map((m) => presentMessage(viewer, m));
  };
  const answerOne = async (actor: Actor, id: string) => (await answer(actor, [id]))[0];

  router.get("/messages/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
    const query = parse(ZListMessagesQuerySchema, req.query);
    const [viewer, page] = await Promise.all([loadViewer(pool, actor), listMessages(pool, actor, ticketId, query)]);
    res.json({ ...page, messages: page.messages.map((m) => presentMessage(viewer, m)) });
  });

  router.post("/messages/:ticketId", mediaUpload(config.dataDir, "medias"), async (req, res) => {
    const files = (req.files as Express.Multer.File[] | undefined) ?? [];
    try {
      const actor = actorOf(res);
      const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
      const key = idempotencyKey(req.header("idempotency-key"));
      const inputs = req.is("multipart")
        ? multipartInputs(actor, ticketId, req.body, files, key)
        : [await jsonInput(config.dataDir, actor, ticketId, req.body, key)];
      const ids = await transaction(pool, async (client) => {
        const out: string[] = [];
        for (const input of inputs) out.push(await sendMessage(client, actor, input));
        return out;
      });
      const messages = await answer(actor, ids);
      // A repeated send (same client ids) answered the stored messages: its new files belong to none.
      const stored = new Set(messages.map((m) => m.mediaUrl));
      await discardUploads(files.filter((f) => !stored.has(mediaUrlOf(actor.companyId, f.filename))));
      res.json({ messages });
    } catch (err) {
      await discardUploads(files);
      throw err;
    }
  });

  router.post("/messages/edit/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(ZMessageIdParamSchema, req.params.id);
    const { body } = parse(ZEditMessageRequestSchema, req.body ?? {});
    await transaction(pool, (client) => editMessage(client, actor, { id, body }));
    res.json(await answerOne(actor, id));
  });

  router.delete("/messages/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(ZMessageIdParamSchema, req.params.id);
    await transaction(pool, (client) => deleteMessage(client, actor, { id }));
    res.json(await answerOne(actor, id));
  });

  // 'Conversar' on a contact card: the card's contact (found by the stored whole number, or added), as the
  // caller may read it; the PWA then opens a ticket with it by its id.
  router.post("/messages/:id/contact-card", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(ZMessageIdParamSchema, req.params.id);
    const contactId = await transaction(pool, (client) => contactFromCard(client, actor, id));
    const [viewer, contact] = await Promise.all([
      loadViewer(pool, actor),
      loadContact(pool, actor.companyId, contactId),
    ]);
    res.json(presentContact(viewer, contact));
  });

  router.post("/message/forward", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZForwardMessageRequestSchema, req.body ?? {});
    const id = await transaction(pool, (client) => forwardMessage(client, actor, input));
    res.json(await answerOne(actor, id));
  });

  router.get("/messages/transcribeAudio/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(ZMessageIdParamSchema, req.params.id);
    res.json({ transcribedText: await transcribeAudio(pool, actor, id, config) });
  });

  router.get("/messages-allMe", async (req, res) => {
    const actor = actorOf(res);
    res.json(await countMessages(pool, actor, parse(ZCountMessagesQuerySchema, req.query)));
  });

  // Message text across the conversations the caller may see (issue 21, decision 0089).
  router.get("/messages-search", async (req, res) => {
    res.json(await searchMessages(pool, actorOf(res), parse(ZSearchMessagesQuerySchema, req.query)));
  });

  router.use(interactiveMessageRoutes({ pool, config }));
  router.use(pollMessageRoutes(pool));
  return router;
}

/** The Idempotency-Key header: a message id (UUID) chosen by the client; absent, undefined. */
function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = z.uuid().safeParse(header.trim());
  if (!parsed.success) throw invalidInput("Idempotency-Key must be a UUID", "Idempotency-Key");
  return parsed.data;
}

/** The message id from the body and the header: either, or both when they agree. */
function clientIdOf(bodyId: string | undefined, key: string | undefined): string | undefined {
  if (bodyId && key && bodyId.toLowerCase() !== key.toLowerCase()) {
    throw invalidInput("The id and the Idempotency-Key differ", "id");
  }
  return bodyId ?? key;
}

/** One message per uploaded file (caption: body, or body[i]); no file at all is a text message. */
function multipartInputs(
  actor: Actor,
  ticketId: number,
  fields: unknown,
  files: Express.Multer.File[],
  key: string | undefined,
): TSendMessageInput[] {
  const f = parse(ZSendMediaFieldsSchema, fields ?? {});
  const captionOf = (i: number) => (Array.isArray(f.body) ? (f.body[i] ?? "") : (f.body ?? ""));
  const fieldIds = f.id === undefined ? undefined : Array.isArray(f.id) ? f.id : [f.id];
  // The header names one message: a request of one file, or of none.
  if (key !== undefined && (files.length > 1 || (fieldIds?.length ?? 0) > 1)) {
    throw invalidInput("The Idempotency-Key names one message: send one id per file instead", "Idempotency-Key");
  }
  const clientIds = key === undefined ? fieldIds : [clientIdOf(fieldIds?.[0], key)!];
  if (clientIds && clientIds.length !== Math.max(1, files.length)) {
    throw invalidInput("One message id per file", "id");
  }
  const idOf = (i: number) => clientIds?.[i] ?? uuidv7();
  const common = { ticketId, isPrivate: f.isPrivate, quotedMsgId: f.quotedMsg ?? null };
  if (files.length === 0) return [{ ...common, id: idOf(0), body: captionOf(0) }];
  return files.map((file, i) => ({
    ...common,
    id: idOf(i),
    // Like the channels do, a media without caption is named by its file.
    body: captionOf(i).trim() || file.originalname,
    mediaType: mediaTypeOfMime(file.mimetype),
    mediaUrl: mediaUrlOf(actor.companyId, file.filename),
  }));
}

async function jsonInput(
  dataDir: string,
  actor: Actor,
  ticketId: number,
  raw: unknown,
  key: string | undefined,
): Promise<TSendMessageInput> {
  const r = parse(ZSendMessageRequestSchema, raw ?? {});
  const common = { id: clientIdOf(r.id, key) ?? uuidv7(), ticketId, isPrivate: r.isPrivate, quotedMsgId: r.quotedMsg };
  if (r.vCard) {
    return { ...common, ...contactCardPayload({ name: r.vCard.name, number: r.vCard.number }) };
  }
  if (r.mediaUrl) {
    // Only files of the caller's own media store: core never fetches arbitrary URLs for a send.
    if (!(await companyMediaExists(dataDir, actor.companyId, r.mediaUrl))) {
      throw invalidInput("Unknown media", "mediaUrl");
    }
    const fileName = parseMediaUrl(r.mediaUrl)!.fileName;
    return { ...common, body: r.body, mediaUrl: r.mediaUrl, mediaType: mediaTypeOfMime(mimeOfFileName(fileName)) };
  }
  return { ...common, body: r.body };
}
