// POST /messages/lista|copy|call|URL|PIX/{ticketId} (spec 1 §7 Interactive):
// the id in the path is the ticket's (as in the original product's dialog,
// which posts the open ticket's id) and must be numeric ('ID do Ticket inválido.'). An optional `id` (UUID) in
// the body is the client's idempotency key: the PWA's outbox sends a header image here, and a retry after a lost
// answer stores neither a second message nor a second image.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  INTERACTIVE_IMAGE_MAX_BYTES,
  ZCallMessageRequestSchema,
  ZClientMessageIdSchema,
  ZCopyMessageRequestSchema,
  ZListMessageRequestSchema,
  ZPixMessageRequestSchema,
  ZTicketIdParamSchema,
  ZUrlMessageRequestSchema,
} from "../contract/messages.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { removeMedia, saveMedia, sniffImage } from "../media/media-store.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { loadMessageDetails } from "./list-messages.ts";
import { type InteractiveMessage, sendInteractiveMessage } from "./send-interactive-message.ts";

const invalidImage = (message: string) => invalidInput(message, "image");

/** Stores a base64 header image in the company's media; answers its URL, or undefined when none was sent. */
async function storeImage(dataDir: string, companyId: number, image: string | undefined): Promise<string | undefined> {
  const b64 = image?.replace(/^data:[^,]*,/, "").trim();
  if (!b64) return undefined;
  const bytes = Buffer.from(b64, "base64");
  if (bytes.length > INTERACTIVE_IMAGE_MAX_BYTES) throw invalidImage("Image too large");
  const kind = sniffImage(bytes);
  if (!kind) throw invalidImage("Invalid image");
  return (await saveMedia(dataDir, companyId, `header.${kind}`, bytes)).url;
}

export function interactiveMessageRoutes({ pool, config }: { pool: pg.Pool; config: { dataDir: string } }): Router {
  const router = Router();

  /** The header image of a message this company already stored under `id`; undefined when there is none. */
  async function storedImage(companyId: number, id: string): Promise<string | null | undefined> {
    const { rows } = await pool.query<{ image: string | null }>(
      "SELECT data_json->>'imageUrl' AS image FROM messages WHERE company_id = $1 AND id = $2",
      [companyId, id],
    );
    return rows[0] ? rows[0].image : undefined;
  }

  /** Validates, stores an optional image (once per client id), sends, and answers the stored message. */
  const route = (path: string, build: (body: unknown) => { message: InteractiveMessage; image?: string }) =>
    router.post(path, async (req, res) => {
      const actor = actorOf(res);
      const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
      const { id } = parse(ZClientMessageIdSchema, req.body ?? {});
      const built = build(req.body ?? {});
      // A retry keeps the image the first request stored; sendMessage answers the stored message (or refuses an
      // id used for another one).
      const retried = id ? await storedImage(actor.companyId, id) : undefined;
      const newImage =
        retried === undefined ? await storeImage(config.dataDir, actor.companyId, built.image) : undefined;
      const imageUrl = retried ?? newImage;
      const message =
        imageUrl && built.message.type !== "list" && built.message.type !== "pix"
          ? { ...built.message, imageUrl }
          : built.message;
      try {
        const sent = await transaction(pool, (client) =>
          sendInteractiveMessage(client, actor, { ticketId, message, ...(id ? { id } : {}) }),
        );
        const [viewer, [stored]] = await Promise.all([
          loadViewer(pool, actor),
          loadMessageDetails(pool, actor.companyId, [sent]),
        ]);
        // Two first tries at once: the one stored first keeps its image; the other's has nothing to belong to.
        const kept = (stored?.dataJson as { imageUrl?: string | null } | null)?.imageUrl;
        if (newImage && kept !== newImage) await removeMedia(config.dataDir, actor.companyId, newImage);
        res.json(stored && presentMessage(viewer, stored));
      } catch (err) {
        // The send was refused: its header image has nothing to belong to.
        if (newImage) await removeMedia(config.dataDir, actor.companyId, newImage);
        throw err;
      }
    });

  route("/messages/lista/:ticketId", (body) => ({
    message: { type: "list", request: parse(ZListMessageRequestSchema, body) },
  }));
  route("/messages/copy/:ticketId", (body) => {
    const request = parse(ZCopyMessageRequestSchema, body);
    return { message: { type: "copy", request }, image: request.image };
  });
  route("/messages/call/:ticketId", (body) => {
    const request = parse(ZCallMessageRequestSchema, body);
    return { message: { type: "call", request }, image: request.image };
  });
  route("/messages/URL/:ticketId", (body) => {
    const request = parse(ZUrlMessageRequestSchema, body);
    return { message: { type: "url", request }, image: request.image };
  });
  route("/messages/PIX/:ticketId", (body) => ({
    message: { type: "pix", request: parse(ZPixMessageRequestSchema, body) },
  }));
  return router;
}
