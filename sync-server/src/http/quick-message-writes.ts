// Core's REST writes to quick messages (spec 2 §7: POST/PUT/DELETE /quick-messages and the media upload) land
// here and are applied to the live Yjs document through a Hocuspocus direct connection (decision 0048): the
// co-editors connected to it see the change at once, and the store that follows projects it into
// quick_messages before the answer, so core reads its own write. The caller's own access token is checked as
// a connection's would be, and the document policy decides: a REST call can change exactly what that user
// could change by co-editing, no more.

import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import {
  addQuickMessage,
  type QuickMessage,
  quickMessagesDocumentName,
  quickMessagesListOf,
  removeQuickMessage,
  updateQuickMessage,
} from "@chatflow/core/contract/documents/quick-messages.ts";
import type { Extension } from "@hocuspocus/server";
import type pg from "pg";
import { z } from "zod";
import { documentAccess } from "../auth/document-policy.ts";
import { internalEndpoint } from "./internal-endpoint.ts";

/** Where core posts its writes (loopback only: the sync server binds 127.0.0.1 unless told otherwise). */
export const QUICK_MESSAGE_WRITES_PATH = "/internal/quick-messages";

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

export function quickMessageWrites(pool: pg.Pool, tokens: Tokens): Extension {
  return internalEndpoint({
    path: QUICK_MESSAGE_WRITES_PATH,
    schema: ZQuickMessageWritesSchema,
    pool,
    tokens,
    failure: "quick message write failed",
    async handle(actor, writes, instance) {
      const list = quickMessagesListOf(writes.list);
      if (!list) return { refused: "ERR_VALIDATION" };
      const name = { companyId: actor.companyId, kind: "quick-messages" as const, id: writes.list };
      if (documentAccess(actor, name) !== "edit") return { refused: "ERR_NO_PERMISSION" };
      const connection = await instance.openDirectConnection(quickMessagesDocumentName(actor.companyId, list), {
        actor,
        document: name,
      });
      const applied: boolean[] = [];
      try {
        await connection.transact((doc) => {
          for (const op of writes.ops) {
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
      return { body: { applied } satisfies QuickMessageWritesAnswer };
    },
  });
}
