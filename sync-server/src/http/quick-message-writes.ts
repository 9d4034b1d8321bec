// Core's REST writes to quick messages (spec 2 §7: POST/PUT/DELETE /quick-messages and the media upload) land
// here and are applied to the live Yjs document through a Hocuspocus direct connection (decision 0048): the
// co-editors connected to it see the change at once, and the store that follows projects it into
// quick_messages before the answer, so core reads its own write. The caller's own access token is checked as
// a connection's would be, and the document policy decides: a REST call can change exactly what that user
// could change by co-editing, no more.

import type { IncomingMessage, ServerResponse } from "node:http";
import { checkToken } from "@chatflow/core/auth/authenticate.ts";
import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import {
  addQuickMessage,
  type QuickMessage,
  quickMessagesDocumentName,
  quickMessagesListOf,
  removeQuickMessage,
  updateQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import type { Extension, onRequestPayload } from "@hocuspocus/server";
import type pg from "pg";
import { z } from "zod";
import { subscriptionOver } from "../auth/connection-rights.ts";
import { documentAccess } from "../auth/document-policy.ts";

/** Where core posts its writes (loopback only: the sync server binds 127.0.0.1 unless told otherwise). */
export const QUICK_MESSAGE_WRITES_PATH = "/internal/quick-messages";
const BODY_MAX_BYTES = 64 * 1024;

const text = (max: number) => z.string().max(max);
const ZItemSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  shortcode: text(200).min(1),
  message: text(8192),
  mediaPath: text(400).optional(),
  mediaName: text(200).optional(),
  visao: z.boolean().optional(),
  userId: z.number().int().positive().optional(),
});
const ZPatchSchema = z.object({
  shortcode: text(200).min(1).optional(),
  message: text(8192).optional(),
  mediaPath: text(400).nullable().optional(),
  mediaName: text(200).nullable().optional(),
  visao: z.boolean().nullable().optional(),
  userId: z.number().int().positive().nullable().optional(),
});
export const ZQuickMessageWritesSchema = z.object({
  /** The list's document id: `general` or `user-{id}`. */
  list: z.string().max(32),
  ops: z
    .array(
      z.discriminatedUnion("op", [
        z.object({ op: z.literal("add"), item: ZItemSchema }),
        z.object({ op: z.literal("update"), id: ZItemSchema.shape.id, patch: ZPatchSchema }),
        z.object({ op: z.literal("remove"), id: ZItemSchema.shape.id }),
      ]),
    )
    .min(1)
    .max(20),
});
export type QuickMessageWrites = z.infer<typeof ZQuickMessageWritesSchema>;

/** Per op: whether it found its item (an add always does). */
export type QuickMessageWritesAnswer = { applied: boolean[] };

export const STATUS: Partial<Record<ErrorCode, number>> = {
  ERR_SESSION_EXPIRED: 401,
  ERR_INVALID_TOKEN: 403,
  ERR_SUBSCRIPTION_EXPIRED: 402,
  ERR_NO_PERMISSION: 403,
  ERR_VALIDATION: 400,
};

export function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > BODY_MAX_BYTES) throw new Error("too large");
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

export function quickMessageWrites(pool: pg.Pool, tokens: Tokens): Extension {
  return {
    async onRequest({ request, response, instance }: onRequestPayload) {
      const url = new URL(request.url ?? "/", "http://sync");
      if (url.pathname !== QUICK_MESSAGE_WRITES_PATH) return;
      const refuse = (code: ErrorCode) => answer(response, STATUS[code] ?? 400, { error: code });
      // Every answer returns from this function, then the chain is stopped below: a refusal that returned from
      // the hook itself let Hocuspocus write its own answer after it (ERR_HTTP_HEADERS_SENT, unhandled).
      await (async () => {
        try {
          if (request.method !== "POST") return void refuse("ERR_VALIDATION");
          const auth = request.headers.authorization;
          const check = await checkToken(pool, tokens, auth?.startsWith("Bearer ") ? auth.slice(7) : undefined);
          if (!check.actor) return void refuse(check.refused);
          const actor = check.actor;
          if (
            subscriptionOver({
              companyId: actor.companyId,
              super: actor.super,
              dueDate: actor.company?.dueDate ?? null,
            })
          ) {
            return void refuse("ERR_SUBSCRIPTION_EXPIRED");
          }
          const parsed = ZQuickMessageWritesSchema.safeParse(await readJson(request).catch(() => undefined));
          const list = parsed.success ? quickMessagesListOf(parsed.data.list) : null;
          if (!parsed.success || !list) return void refuse("ERR_VALIDATION");
          const name = { companyId: actor.companyId, kind: "quick-messages" as const, id: parsed.data.list };
          if (documentAccess(actor, name) !== "edit") return void refuse("ERR_NO_PERMISSION");
          const connection = await instance.openDirectConnection(quickMessagesDocumentName(actor.companyId, list), {
            actor,
            document: name,
          });
          const applied: boolean[] = [];
          try {
            await connection.transact((doc) => {
              for (const op of parsed.data.ops) {
                if (op.op === "add") {
                  addQuickMessage(doc, op.item as QuickMessage);
                  applied.push(true);
                } else if (op.op === "update") applied.push(updateQuickMessage(doc, op.id, op.patch));
                else applied.push(removeQuickMessage(doc, op.id));
              }
            });
          } finally {
            // Stores the document (and so its projection) before answering.
            await connection.disconnect();
          }
          answer(response, 200, { applied } satisfies QuickMessageWritesAnswer);
        } catch (err) {
          logger.error({ reason: (err as Error).message }, "quick message write failed");
          if (!response.headersSent) answer(response, 500, { error: "ERR_INTERNAL" });
        }
      })();
      // Handled: Hocuspocus's default answer must not follow (a hook that rejects empty stops the chain).
      throw null;
    },
  };
}
