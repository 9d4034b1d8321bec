// The internal chat (spec 3 §7 "Internal chat"): the caller's chats, create, edit and delete (the owner's), the
// messages newest page first, write, and mark read. Every call needs the plan flag useInternalChat (spec 3 §6);
// a chat the caller is not a member of answers 404 as another company's does. Routes are parse -> use case in a
// transaction -> answer.
import { type NextFunction, type Request, type Response, Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  ZChatMessageRequestSchema,
  ZChatRequestSchema,
  ZListChatMessagesQuerySchema,
  ZListChatsQuerySchema,
} from "../contract/chats.ts";
import { zIdParam } from "../contract/ids.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { parse, planFeatureMissing } from "../kernel/errors.ts";
import { onPooledClient, transaction } from "../kernel/transaction.ts";
import { loadPlanFlags } from "../plans/company-access.ts";
import { findMemberChat, listChatMessages, listChats } from "./chat-queries.ts";
import { readChat } from "./read-chat.ts";

// On the company EntityManager (decision 0028): loaded on the first call, not at start (decision 0039).
const createChat = lazyUseCase(async () => (await import("./create-chat.ts")).createChat);
const updateChat = lazyUseCase(async () => (await import("./update-chat.ts")).updateChat);
const deleteChat = lazyUseCase(async () => (await import("./delete-chat.ts")).deleteChat);
const sendChatMessage = lazyUseCase(async () => (await import("./send-chat-message.ts")).sendChatMessage);

/** Refuses every chat call of a company whose plan has useInternalChat off (without a plan: the defaults, on). */
function requireInternalChatFlag(pool: pg.Pool) {
  return async (_req: Request, res: Response, next: NextFunction) => {
    try {
      const flags = await loadPlanFlags(pool, actorOf(res).companyId);
      if (flags && !flags.useInternalChat) throw planFeatureMissing();
      next();
    } catch (err) {
      next(err);
    }
  };
}

export function chatRoutes(pool: pg.Pool): Router {
  const router = Router();
  router.use("/chats", requireInternalChatFlag(pool));

  router.get("/chats", async (req, res) => {
    const actor = actorOf(res);
    res.json(await listChats(pool, actor.companyId, actor.id, parse(ZListChatsQuerySchema, req.query)));
  });

  router.post("/chats", async (req, res) => {
    const actor = actorOf(res);
    const input = parse(ZChatRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => createChat(client, actor, input)));
  });

  router.put("/chats/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZChatRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => updateChat(client, actor, id, input)));
  });

  router.delete("/chats/:id", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (client) => deleteChat(client, actor, id));
    res.json({ message: "Chat deleted" });
  });

  router.get("/chats/:id/messages", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const { pageNumber } = parse(ZListChatMessagesQuerySchema, req.query);
    res.json(
      await onPooledClient(pool, async (client) => {
        await findMemberChat(client, actor.companyId, actor.id, id);
        return listChatMessages(client, actor.companyId, id, pageNumber);
      }),
    );
  });

  router.post("/chats/:id/messages", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZChatMessageRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (client) => sendChatMessage(client, actor, id, input)));
  });

  router.post("/chats/:id/read", async (req, res) => {
    const actor = actorOf(res);
    const id = parse(zIdParam, req.params.id);
    res.json(await transaction(pool, (client) => readChat(client, actor, id)));
  });

  return router;
}
