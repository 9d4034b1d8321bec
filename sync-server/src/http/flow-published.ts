// Core tells the sync server that a flow was published through POST /flowbuilder/flow (decision 0107): the
// flow's live document takes the publish into its drawing through a Hocuspocus direct connection, so editors
// who have it open see it at once, as any co-editor's edit. A document nobody has open takes it in as it loads
// (document-store.ts), so this is only the live half. The caller's own token and the document policy decide,
// as for quick message writes (decision 0048).

import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import { flowDocumentName } from "@chatflow/core/contract/documents/flow.ts";
import { takeInPublishedFlow } from "@chatflow/core/contract/documents/flow-published.ts";
import type { FlowSnapshot } from "@chatflow/core/contract/flows.ts";
import type { Extension } from "@hocuspocus/server";
import type pg from "pg";
import { z } from "zod";
import { documentAccess } from "../auth/document-policy.ts";
import { internalEndpoint } from "./internal-endpoint.ts";

/** Where core posts it (loopback, as the quick message writes). */
export const FLOW_PUBLISHED_PATH = "/internal/flow-published";

const ZFlowPublishedSchema = z.object({ flowId: z.number().int().positive().max(2_147_483_647) });

export function flowPublished(pool: pg.Pool, tokens: Tokens): Extension {
  return internalEndpoint({
    path: FLOW_PUBLISHED_PATH,
    schema: ZFlowPublishedSchema,
    pool,
    tokens,
    failure: "flow publish not drawn",
    async handle(actor, { flowId }, instance) {
      const document = { companyId: actor.companyId, kind: "flow" as const, id: String(flowId) };
      if (documentAccess(actor, document) !== "edit") return { refused: "ERR_NO_PERMISSION" };
      const { rows } = await pool.query<{ saved_at: Date | null; flow: FlowSnapshot | null }>(
        "SELECT saved_at, flow FROM flows WHERE company_id = $1 AND id = $2",
        [actor.companyId, flowId],
      );
      const savedAt = rows[0]?.saved_at?.toISOString();
      const flow = rows[0]?.flow;
      if (!savedAt || !flow) return { body: { drawn: false } };
      // Opening loads the document (which takes the publish in if nobody had it open); a live one takes it here.
      const connection = await instance.openDirectConnection(flowDocumentName(actor.companyId, flowId), {
        actor,
        document,
      });
      let drawn = false;
      try {
        await connection.transact((doc) => {
          drawn = takeInPublishedFlow(doc, flow, savedAt);
        });
      } finally {
        // Stores the document before answering.
        await connection.disconnect();
      }
      return { body: { drawn } };
    },
  });
}
