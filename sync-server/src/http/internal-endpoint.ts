// Core's loopback calls to the sync server (quick message writes, decision 0048; a published flow, decision 0107) as
// Hocuspocus extensions: one POST path each, with the caller's own access token checked as a connection's would be
// and the subscription's end refused, the JSON body read with a size limit and parsed by the endpoint's schema, and
// every answer written here. After an answer the chain is stopped: a refusal that returned from the hook itself let
// Hocuspocus write its own answer after it (ERR_HTTP_HEADERS_SENT, unhandled).
import type { IncomingMessage, ServerResponse } from "node:http";
import { type Actor, checkToken } from "@chatflow/core/auth/authenticate.ts";
import type { Tokens } from "@chatflow/core/auth/tokens.ts";
import type { ErrorCode } from "@chatflow/core/contract/errors.ts";
import { logger } from "@chatflow/core/kernel/logger.ts";
import type { Extension, Hocuspocus, onRequestPayload } from "@hocuspocus/server";
import type pg from "pg";
import type { z } from "zod";
import { subscriptionOver } from "../auth/connection-rights.ts";

const BODY_MAX_BYTES = 64 * 1024;

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

/** What an endpoint answers: a body (200), or a refusal with the spec's code. */
export type EndpointAnswer = { body: unknown } | { refused: ErrorCode };

/**
 * The extension serving POST `path`: `handle` gets the signed-in caller, the body its schema parsed and the server
 * (for direct connections); a body the schema refuses answers ERR_VALIDATION; a failure is logged as `failure`.
 */
export function internalEndpoint<S extends z.ZodType>(o: {
  path: string;
  schema: S;
  pool: pg.Pool;
  tokens: Tokens;
  failure: string;
  handle(actor: Actor, body: z.infer<S>, instance: Hocuspocus): Promise<EndpointAnswer>;
}): Extension {
  return {
    async onRequest({ request, response, instance }: onRequestPayload) {
      const url = new URL(request.url ?? "/", "http://sync");
      if (url.pathname !== o.path) return;
      const refuse = (code: ErrorCode) => answer(response, STATUS[code] ?? 400, { error: code });
      await (async () => {
        if (request.method !== "POST") return void refuse("ERR_VALIDATION");
        const auth = request.headers.authorization;
        const check = await checkToken(o.pool, o.tokens, auth?.startsWith("Bearer ") ? auth.slice(7) : undefined);
        if (!check.actor) return void refuse(check.refused);
        const actor = check.actor;
        const over = subscriptionOver({
          companyId: actor.companyId,
          super: actor.super,
          dueDate: actor.company?.dueDate ?? null,
        });
        if (over) return void refuse("ERR_SUBSCRIPTION_EXPIRED");
        const parsed = o.schema.safeParse(await readJson(request).catch(() => undefined));
        if (!parsed.success) return void refuse("ERR_VALIDATION");
        const result = await o.handle(actor, parsed.data, instance);
        if ("refused" in result) refuse(result.refused);
        else answer(response, 200, result.body);
      })().catch((err: unknown) => {
        logger.error({ reason: (err as Error).message }, o.failure);
        if (!response.headersSent) answer(response, 500, { error: "ERR_INTERNAL" });
      });
      // Handled (every answer above is written by now): Hocuspocus's default answer must not follow.
      throw null;
    },
  };
}
