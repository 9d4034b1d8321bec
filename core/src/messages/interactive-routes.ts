// POST /messages/lista|copy|call|URL|PIX/{ticketId} (spec 1 §7 Interactive):
// the id in the path is the ticket's (as in the original product's dialog,
// which posts the open ticket's id) and must be numeric ('ID do Ticket inválido.').
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  ZCallMessageRequestSchema,
  ZCopyMessageRequestSchema,
  ZListMessageRequestSchema,
  ZPixMessageRequestSchema,
  ZTicketIdParamSchema,
  ZUrlMessageRequestSchema,
} from "../contract/messages.ts";
import { invalidInput, parse } from "../http/errors.ts";
import { removeMedia, saveMedia, sniffImage } from "../media/media-store.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { inTransaction } from "../sync/change-log.ts";
import { loadMessageDetails } from "./list-messages.ts";
import { type InteractiveMessage, sendInteractiveMessage } from "./send-interactive-message.ts";

/** Header images are small: WhatsApp's own limit for images is 5 MB, the JSON body's 2 MB. */
const IMAGE_MAX_BYTES = 1024 * 1024;

const invalidImage = (message: string) => invalidInput(message, "image");

/** Stores a base64 header image in the company's media; answers its URL, or undefined when none was sent. */
async function storeImage(dataDir: string, companyId: number, image: string | undefined): Promise<string | undefined> {
  const b64 = image?.replace(/^data:[^,]*,/, "").trim();
  if (!b64) return undefined;
  const bytes = Buffer.from(b64, "base64");
  if (bytes.length > IMAGE_MAX_BYTES) throw invalidImage("Image too large");
  const kind = sniffImage(bytes);
  if (!kind) throw invalidImage("Invalid image");
  return (await saveMedia(dataDir, companyId, `header.${kind}`, bytes)).url;
}

export function interactiveMessageRoutes({ pool, config }: { pool: pg.Pool; config: { dataDir: string } }): Router {
  const router = Router();

  /** Validates, stores an optional image, sends, and answers the stored message. */
  const route = (path: string, build: (body: unknown, companyId: number) => Promise<InteractiveMessage>) =>
    router.post(path, async (req, res) => {
      const actor = actorOf(res);
      const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
      const message = await build(req.body ?? {}, actor.companyId);
      const imageUrl = "imageUrl" in message ? message.imageUrl : undefined;
      try {
        const id = await inTransaction(pool, (client) => sendInteractiveMessage(client, actor, { ticketId, message }));
        const [viewer, [stored]] = await Promise.all([
          loadViewer(pool, actor),
          loadMessageDetails(pool, actor.companyId, [id]),
        ]);
        res.json(stored && presentMessage(viewer, stored));
      } catch (err) {
        // The send was refused: its header image has nothing to belong to.
        if (imageUrl) await removeMedia(config.dataDir, actor.companyId, imageUrl);
        throw err;
      }
    });

  route("/messages/lista/:ticketId", async (body) => ({
    type: "list",
    request: parse(ZListMessageRequestSchema, body),
  }));
  route("/messages/copy/:ticketId", async (body, companyId) => {
    const request = parse(ZCopyMessageRequestSchema, body);
    return { type: "copy", request, imageUrl: await storeImage(config.dataDir, companyId, request.image) };
  });
  route("/messages/call/:ticketId", async (body, companyId) => {
    const request = parse(ZCallMessageRequestSchema, body);
    return { type: "call", request, imageUrl: await storeImage(config.dataDir, companyId, request.image) };
  });
  route("/messages/URL/:ticketId", async (body, companyId) => {
    const request = parse(ZUrlMessageRequestSchema, body);
    return { type: "url", request, imageUrl: await storeImage(config.dataDir, companyId, request.image) };
  });
  route("/messages/PIX/:ticketId", async (body) => ({ type: "pix", request: parse(ZPixMessageRequestSchema, body) }));
  return router;
}
