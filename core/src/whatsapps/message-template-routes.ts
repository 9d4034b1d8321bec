// GET /whatsapp/{whatsappId}/templates: a Cloud API connection's approved message templates; POST
// /messages/template/{ticketId}: send one with its values (issue 10; decision 0053). The spec names neither: they
// sit beside the connection and message calls they belong to.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { zIdParam } from "../contract/ids.ts";
import { ZSendTemplateRequestSchema } from "../contract/message-templates.ts";
import { ZTicketIdParamSchema } from "../contract/messages.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { loadMessageDetails } from "../messages/list-messages.ts";
import { sendTemplateMessage } from "../messages/send-template-message.ts";
import type { GraphApi } from "../meta/graph-api.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { listMessageTemplates, TemplatesCache } from "./message-templates.ts";

export function messageTemplateRoutes(pool: pg.Pool, graph: GraphApi, cache = new TemplatesCache()): Router {
  const router = Router();

  router.get("/whatsapp/:whatsappId/templates", async (req, res) => {
    const actor = actorOf(res);
    const whatsappId = parse(zIdParam, req.params.whatsappId);
    res.json({ templates: await listMessageTemplates(pool, graph, cache, actor, whatsappId) });
  });

  router.post("/messages/template/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
    const input = parse(ZSendTemplateRequestSchema, req.body ?? {});
    const header = req.header("idempotency-key");
    const key = header === undefined ? undefined : z.uuid().safeParse(header.trim());
    if (key && !key.success) throw invalidInput("Idempotency-Key must be a UUID", "Idempotency-Key");
    if (key?.success && input.id && input.id.toLowerCase() !== key.data.toLowerCase()) {
      throw invalidInput("The id and the Idempotency-Key differ", "id");
    }
    const id = await transaction(pool, (client) =>
      sendTemplateMessage(client, actor, { ...input, id: input.id ?? key?.data, ticketId }),
    );
    const [viewer, messages] = await Promise.all([
      loadViewer(pool, actor),
      loadMessageDetails(pool, actor.companyId, [id]),
    ]);
    res.json({ messages: messages.map((m) => presentMessage(viewer, m)) });
  });
  return router;
}
