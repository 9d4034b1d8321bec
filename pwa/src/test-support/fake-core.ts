// A tiny stand-in for core's sync endpoints behind msw: it applies each
// (clientId, mutation id) once, like the real server, and can be told to lose
// its answer, fail, or refuse a mutation, so tests observe the PWA at the network edge.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationResult, PushResponse, TPushRequest, TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { type ApiClient, createApiClient } from "../api/http.ts";

export const BASE_URL = "http://chatflow.test";

export type FakeCore = {
  /** Messages the server stored, keyed by id. */
  messages: Map<string, Pick<MessageDTO, "id" | "ticketId" | "body">>;
  /** Every push request body, in arrival order. */
  pushes: TPushRequest[];
  /** Next push: apply, then drop the connection instead of answering. */
  loseNextAnswer: boolean;
  /** Next push: answer 500 without applying anything. */
  failNextPush: boolean;
  /** Refuse sendMessage for these ticket ids with this error. */
  refuse: Map<number, ErrorBody>;
};

export function createFakeCore() {
  const core: FakeCore = {
    messages: new Map(),
    pushes: [],
    loseNextAnswer: false,
    failNextPush: false,
    refuse: new Map(),
  };
  const applied = new Map<string, MutationResult>();

  const handlers = [
    http.post(`${BASE_URL}/sync/push`, async ({ request }) => {
      const body = (await request.json()) as TPushRequest;
      core.pushes.push(body);
      if (core.failNextPush) {
        core.failNextPush = false;
        return HttpResponse.json({ error: "ERR_INTERNAL", message: "boom" }, { status: 500 });
      }
      const results: MutationResult[] = body.mutations.map((m) => {
        const key = `${body.clientId}:${m.id}`;
        const seen = applied.get(key);
        if (seen) return seen;
        const args = m.args as TSendMessageArgs;
        const refusal = core.refuse.get(args.ticketId);
        const result: MutationResult = refusal ? { id: m.id, ok: false, error: refusal } : { id: m.id, ok: true };
        if (!refusal) core.messages.set(args.id, { id: args.id, ticketId: args.ticketId, body: args.body });
        applied.set(key, result);
        return result;
      });
      if (core.loseNextAnswer) {
        core.loseNextAnswer = false;
        return HttpResponse.error();
      }
      return HttpResponse.json({ results } satisfies PushResponse);
    }),
  ];
  return { core, handlers };
}

export function testApi(token = "access-token"): ApiClient {
  return createApiClient({
    baseUrl: BASE_URL,
    getToken: () => token,
    refreshToken: async () => null,
    onSessionExpired: () => undefined,
  });
}
