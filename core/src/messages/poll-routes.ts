// POST /messages/poll/{ticketId}: an agent sends a poll on a WhatsApp (QR code) ticket (decision 0062). The spec
// names no call for it: it sits beside POST /messages/template/{ticketId} and answers as it does.
import { Router } from "express";
import type pg from "pg";
import { z } from "zod";
import { actorOf } from "../auth/authenticate.ts";
import { ZSendPollRequestSchema } from "../contract/message-polls.ts";
import { ZTicketIdParamSchema } from "../contract/messages.ts";
import { invalidInput, parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { presentMessage } from "../presenters/present-message.ts";
import { loadViewer } from "../presenters/viewer.ts";
import { loadMessageDetails } from "./list-messages.ts";
import { sendPollMessage } from "./send-poll-message.ts";

export function pollMessageRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.post("/messages/poll/:ticketId", async (req, res) => {
    const actor = actorOf(res);
    const ticketId = parse(ZTicketIdParamSchema, req.params.ticketId);
    const input = parse(ZSendPollRequestSchema, req.body ?? {});
    const header = req.header("idempotency-key");
    const key = header === undefined ? undefined : z.uuid().safeParse(header.trim());
    if (key && !key.success) throw invalidInput("Idempotency-Key must be a UUID", "Idempotency-Key");
    const id = await transaction(pool, (client) =>
      sendPollMessage(client, actor, { ...input, id: input.id ?? key?.data, ticketId }),
    );
    const [viewer, messages] = await Promise.all([
      loadViewer(pool, actor),
      loadMessageDetails(pool, actor.companyId, [id]),
    ]);
    res.json({ messages: messages.map((m) => presentMessage(viewer, m)) });
  });
  return router;
}
