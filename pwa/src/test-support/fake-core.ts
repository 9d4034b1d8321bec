// A tiny stand-in for core's sync endpoints and media send behind msw: it applies
// each (clientId, mutation id) once and each uploaded message id once, like the
// real server, and can be told to lose its answer, fail, or refuse a mutation, so
// tests observe the PWA at the network edge.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import type { ErrorBody } from "@chatflow/core/contract/errors.ts";
import type { MutationResult, PushResponse, TPushRequest, TSendMessageArgs } from "@chatflow/core/contract/sync.ts";
import { HttpResponse, http } from "msw";
import { type ApiClient, createApiClient } from "../api/http.ts";
import { buildMessage } from "./factories.ts";

export const BASE_URL = "http://chatflow.test";

export type FakeCore = {
  /** Messages the server stored, keyed by id (text and media, in arrival order). */
  messages: Map<string, Pick<MessageDTO, "id" | "ticketId" | "body">>;
  /** Every media send request (POST /messages/:ticketId multipart), in arrival order. */
  uploads: { id: string; ticketId: number; fileName: string; size: number; type: string; body: string }[];
  /** Next media send: apply, then drop the connection instead of answering. */
  loseNextUploadAnswer: boolean;
  /** Next media send: answer 500 without storing anything. */
  failNextUpload: boolean;
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
    uploads: [],
    loseNextUploadAnswer: false,
    failNextUpload: false,
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
    http.post(`${BASE_URL}/messages/:ticketId`, async ({ request, params }) => {
      const ticketId = Number(params.ticketId);
      const form = await request.formData();
      const file = form.get("medias") as File;
      const id = String(form.get("id"));
      const caption = String(form.get("body") ?? "");
      core.uploads.push({ id, ticketId, fileName: file.name, size: file.size, type: file.type, body: caption });
      if (core.failNextUpload) {
        core.failNextUpload = false;
        return HttpResponse.json({ error: "ERR_INTERNAL", message: "boom" }, { status: 500 });
      }
      const refusal = core.refuse.get(ticketId);
      if (refusal) return HttpResponse.json(refusal, { status: 409 });
      // The real route answers the stored message when the id is known: nothing new is stored.
      if (!core.messages.has(id)) core.messages.set(id, { id, ticketId, body: caption || file.name });
      if (core.loseNextUploadAnswer) {
        core.loseNextUploadAnswer = false;
        return HttpResponse.error();
      }
      const stored = core.messages.get(id)!;
      const message = buildMessage({
        id,
        ticketId,
        body: stored.body,
        mediaUrl: `/media/1/${id}-${file.name}`,
        mediaType: file.type.split("/")[0] ?? "application",
        ack: 0,
        fromMe: true,
        read: true,
      });
      return HttpResponse.json({ messages: [message] });
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
