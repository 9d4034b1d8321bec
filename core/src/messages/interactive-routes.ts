// POST /messages/lista|copy|call|URL|PIX/{ticketId} (spec 1 §7 Interactive):
// the id in the path is the ticket's (as in the original product's dialog,
// which posts the open ticket's id) and must be numeric ('ID do Ticket inválido.'). An optional `id` (UUID) in
// the body is the client's idempotency key: the PWA's outbox sends a header image here, and a retry after a lost
// answer stores neither a second message nor a second image.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  ZCallMessageRequestSchema,
  ZClientMessageIdSchema,
  ZCopyMessageRequestSchema,
  ZListMessageRequestSchema,
  ZPixMessageRequestSchema,
  ZTicketIdParamSchema,
  ZUrlMessageRequestSchema,
} from "../contract/messages.ts";
import { parse } from "../kernel/errors.ts";
import { postInteractiveMessage } from "./post-interactive-message.ts";
import type { InteractiveMessage } from "./send-interactive-message.ts";

export function interactiveMessageRoutes({ pool, config }: { pool: pg.Pool; config: { dataDir: string } }): Router {
  const router = Router();
  const deps = { pool, dataDir: config.dataDir };

  /** Parses the ticket id, the client id and the body `build` reads; answers the stored message. */
  const route = (path: string, build: (body: unknown) => { message: InteractiveMessage; image?: string }) =>
    router.post(path, async (req, res) => {
      const actor = actorOf(res);
      const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
      const { id } = parse(ZClientMessageIdSchema, req.body ?? {});
      const built = build(req.body ?? {});
      res.json(await postInteractiveMessage(deps, actor, { ticketId, id, ...built }));
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
