// Core tells the sync server that a flow was published through POST /flowbuilder/flow (decision 0107): the
// flow's live document takes the publish into its drawing through a Hocuspocus direct connection, so editors
// who have it open see it at once, as any co-editor's edit. A document nobody has open takes it in as it loads
// (document-store.ts), so this is only the live half. The caller's own token and the document policy decide,
// as for quick message writes (decision 0048).

import { checkToken } from "@chatflow/core/auth/authenticate.ts";
import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import { flowDocumentName } from "@chatflow/core/contract/documents/flow.ts";
import { takeInPublishedFlow } from "@chatflow/core/contract/documents/flow-published.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import type { FlowSnapshot } from "@chatflow/core/contract/flows.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import type { Extension, onRequestPayload } from "@hocuspocus/server";
import type pg from "pg";
import { z } from "zod";
import { subscriptionOver } from "../auth/connection-rights.ts";
import { documentAccess } from "../auth/document-policy.ts";
import { answer, readJson, STATUS } from "./quick-message-writes.ts";

/** Where core posts it (loopback, as the quick message writes). */
export const FLOW_PUBLISHED_PATH = "/internal/flow-published";

const ZFlowPublishedSchema = z.object({ flowId: z.number().int().positive().max(2_147_483_647) });

export function flowPublished(pool: pg.Pool, tokens: Tokens): Extension {
  return {
    async onRequest({ request, response, instance }: onRequestPayload) {
      const url = new URL(request.url ?? "/", "http://sync");
      if (url.pathname !== FLOW_PUBLISHED_PATH) return;
      const refuse = (code: ErrorCode) => answer(response, STATUS[code] ?? 400, { error: code });
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
          const parsed = ZFlowPublishedSchema.safeParse(await readJson(request).catch(() => undefined));
          if (!parsed.success) return void refuse("ERR_VALIDATION");
          const id = String(parsed.data.flowId);
          const document = { companyId: actor.companyId, kind: "flow" as const, id };
          if (documentAccess(actor, document) !== "edit") return void refuse("ERR_NO_PERMISSION");
          const { rows } = await pool.query<{ saved_at: Date | null; flow: FlowSnapshot | null }>(
            "SELECT saved_at, flow FROM flows WHERE company_id = $1 AND id = $2",
            [actor.companyId, parsed.data.flowId],
          );
          const savedAt = rows[0]?.saved_at?.toISOString();
          const flow = rows[0]?.flow;
          if (!savedAt || !flow) return void answer(response, 200, { drawn: false });
          // Opening loads the document (which takes the publish in if nobody had it open); a live one takes it here.
          const connection = await instance.openDirectConnection(
            flowDocumentName(actor.companyId, parsed.data.flowId),
            {
              actor,
              document,
            },
          );
          let drawn = false;
          try {
            await connection.transact((doc) => {
              drawn = takeInPublishedFlow(doc, flow, savedAt);
            });
          } finally {
            // Stores the document before answering.
            await connection.disconnect();
          }
          answer(response, 200, { drawn });
        } catch (err) {
          logger.error({ reason: (err as Error).message }, "flow publish not drawn");
          if (!response.headersSent) answer(response, 500, { error: "ERR_INTERNAL" });
        }
      })();
      // Handled (every answer above returns here): Hocuspocus's default answer must not follow.
      throw null;
    },
  };
}
