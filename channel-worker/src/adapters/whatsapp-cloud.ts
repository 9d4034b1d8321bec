// The WhatsApp Cloud API adapter (channel whatsappapi): sends through the Graph
// API messages endpoint, uploading media first. Inbound messages and statuses arrive
// through core's webhook, so there is no session to open and nothing to receive here.
import path from "node:path";
import { GRAPH_API_URL, GRAPH_API_VERSION } from "@chatflow/core/contract/graph-api.ts";
import {
  type AdapterEvents,
  asSendError,
  type ChannelAdapter,
  type ChannelConnection,
  type ConnectionStatus,
  type OutboundMessage,
  SendError,
} from "./adapter.ts";
import { openStoredMedia, UploadedMedia, uploadForm } from "./cloud-media.ts";
import { toOggOpus } from "./voice-note.ts";
import { type MediaRef, planCloudMessage } from "./whatsapp-cloud-payloads.ts";

export type GraphApiOptions = {
  /** Base URL of the Graph API; tests point it at a fake on loopback. */
  url: string;
  /** Graph API version path segment. */
  version: string;
  /** Whole-request timeout. Longer than undici's 10 s connect timeout, so a connect timeout is told apart. */
  timeoutMs: number;
  /** Whole-upload timeout for media (files up to 100 MB); UPLOAD_TIMEOUT_MS by default. */
  uploadTimeoutMs?: number;
  /** From which try a failed upload fails its message for good; UPLOAD_ATTEMPTS by default. */
  uploadAttempts?: number;
};

export const UPLOAD_TIMEOUT_MS = 180_000;
/**
 * A message waits while its upload fails, and every later message of the connection waits behind
 * it: an upload that fails this many times (a file too big for the link, a 5xx that stays) is given up.
 */
export const UPLOAD_ATTEMPTS = 5;

export const DEFAULT_GRAPH_API: GraphApiOptions = {
  url: GRAPH_API_URL,
  version: GRAPH_API_VERSION,
  timeoutMs: 20_000,
};

/** Socket error codes meaning no byte of the request reached the server. */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

/** Graph error codes that refuse a message without taking it (throttling): safe to resend later. */
const THROTTLED = new Set([4, 80007, 130429, 131056]);
/** The account may not send for now (temporarily blocked for policy, account locked): the queue waits, the admin is told. */
const RESTRICTED = new Set([368, 131031]);

function errorCodes(err: unknown): string[] {
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  if (!cause) return [];
  // Happy eyeballs tries several addresses and reports them together.
  if (Array.isArray(cause.errors)) return cause.errors.map((e) => String(e.code ?? ""));
  return [String(cause.code ?? "")];
}

/** Classifies a fetch rejection: only failures before the connection existed are certainly not delivered. */
export function classifyFetchError(err: unknown): SendError {
  const codes = errorCodes(err);
  if (codes.length > 0 && codes.every((c) => NOT_CONNECTED.has(c))) {
    return new SendError("retryable-not-delivered", `Graph API unreachable (${codes.join(", ")})`, { cause: err });
  }
  const name = (err as { name?: string } | undefined)?.name;
  const what = name === "TimeoutError" ? "timed out" : `failed (${codes.join(", ") || String(err)})`;
  return new SendError("retryable-maybe-delivered", `Graph API request ${what}`, { cause: err });
}

/** A messages answer ({messages: [{id}]}), a media upload's ({id}), or an error. */
type GraphAnswer = { messages?: { id?: string }[]; id?: string; error?: { code?: number; message?: string } };

/** Classifies a Graph API answer that is not a success. */
export function classifyHttpError(status: number, answer: GraphAnswer | null): SendError {
  const code = answer?.error?.code;
  const detail = `Graph API ${status}${code ? ` code ${code}` : ""}: ${answer?.error?.message ?? "no detail"}`;
  if (status === 429 || (code !== undefined && THROTTLED.has(code))) {
    return new SendError("retryable-not-delivered", detail, { hold: "rate-limited" });
  }
  if (code !== undefined && RESTRICTED.has(code)) {
    return new SendError("retryable-not-delivered", detail, { hold: "restricted" });
  }
  // More than 24 hours since the contact wrote (core refuses these first; Meta's clock has the last word).
  if (code === 131047) return new SendError("permanent", detail, { code: "ERR_OUTSIDE_MESSAGING_WINDOW" });
  if (status >= 400 && status < 500) return new SendError("permanent", detail);
  return new SendError("retryable-maybe-delivered", detail);
}

/** Where the adapter finds the files of media messages: core's DATA_DIR (resolved the same way). */
export type CloudMediaOptions = { dataDir: string };

export function whatsappCloudAdapter(
  connection: ChannelConnection,
  events: AdapterEvents,
  graph: GraphApiOptions = DEFAULT_GRAPH_API,
  media: CloudMediaOptions = { dataDir: path.resolve(".data") },
): ChannelAdapter {
  let status: ConnectionStatus = "DISCONNECTED";
  const setStatus = (next: ConnectionStatus, error?: string) => {
    if (next === status) return;
    status = next;
    events.onStatus(next, error ? { error } : undefined);
  };
  const base = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${connection.phoneNumberId}`;
  const uploaded = new UploadedMedia();

  /** One Graph API call; a refused connection reports the connection down, any answer reports it up. */
  async function call(
    url: string,
    body: string | FormData,
    timeoutMs: number,
  ): Promise<{ res: Response; answer: GraphAnswer | null }> {
    const headers: Record<string, string> = { authorization: `Bearer ${connection.accessToken}` };
    if (typeof body === "string") headers["content-type"] = "application/json";
    let res: Response;
    try {
      res = await fetch(url, { method: "POST", headers, body, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const failure = classifyFetchError(err);
      if (failure.kind === "retryable-not-delivered") setStatus("DISCONNECTED", failure.message);
      throw failure;
    }
    let answer: GraphAnswer | null = null;
    try {
      answer = (await res.json()) as GraphAnswer;
    } catch {
      // An unreadable answer: judged by its status alone.
    }
    // Any answer at all means the Graph API is reachable.
    setStatus("CONNECTED");
    return { res, answer };
  }

  /**
   * Uploads the file and answers its media id and whether it went as a voice message. Nothing reaches the
   * contact by an upload, so a failure is "not delivered": tried again later, except a refusal of the file
   * itself (4xx), and a failure of this upload (timeout, reset, 5xx, no id) from the last allowed try on.
   * An unreachable or throttling Graph API holds every message alike, so it never gives up.
   */
  async function upload(
    message: OutboundMessage,
    ref: MediaRef,
    required: boolean,
  ): Promise<{ id: string; voice: boolean } | null> {
    const known = uploaded.get(ref.url);
    if (known) return { id: known, voice: Boolean(ref.voice) };
    let blob = await openStoredMedia(media.dataDir, message.companyId, ref);
    if (blob && ref.voice) ({ blob, ref } = await asVoice(blob, ref));
    if (!blob) {
      if (!required) return null;
      throw new SendError("permanent", `the file ${ref.fileName} of this message is gone`, {
        code: "ERR_MEDIA_NOT_FOUND",
      });
    }
    let id: string;
    try {
      id = await postMedia(blob, ref);
    } catch (err) {
      const failure = asSendError(err);
      if (failure.kind !== "retryable-maybe-delivered") throw failure;
      const tries = message.attempt ?? 1;
      if (tries < (graph.uploadAttempts ?? UPLOAD_ATTEMPTS)) {
        throw new SendError("retryable-not-delivered", `media upload: ${failure.message}`, { cause: failure });
      }
      // Given up: an optional header image is left out (as when its file is gone); a message's own file fails it.
      if (!required) return null;
      throw new SendError("permanent", `media upload failed on try ${tries}: ${failure.message}`, {
        code: "ERR_MEDIA_UPLOAD_FAILED",
        cause: failure,
      });
    }
    uploaded.set(ref.url, id);
    return { id, voice: Boolean(ref.voice) };
  }

  /**
   * A recording as Ogg/Opus for a voice message; one ffmpeg cannot read goes as the audio file it is. Answers a
   * new ref (the plan's stays as planned).
   */
  async function asVoice(blob: Blob, ref: MediaRef): Promise<{ blob: Blob; ref: MediaRef }> {
    try {
      const ogg = await toOggOpus(Buffer.from(await blob.arrayBuffer()));
      const fileName = `${ref.fileName.replace(/\.[^.]*$/, "")}.ogg`;
      const converted = new Blob([new Uint8Array(ogg)], { type: "audio/ogg" });
      return { blob: converted, ref: { ...ref, fileName, mime: "audio/ogg" } };
    } catch (err) {
      console.warn(`connection ${connection.id}: voice message sent as a plain audio file: ${(err as Error).message}`);
      return { blob, ref: { ...ref, voice: false } };
    }
  }

  /** POST /media: the id, or the failure as classified for a send. */
  async function postMedia(blob: Blob, ref: MediaRef): Promise<string> {
    const timeoutMs = graph.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS;
    const { res, answer } = await call(`${base}/media`, uploadForm(blob, ref), timeoutMs);
    if (!res.ok) throw classifyHttpError(res.status, answer);
    if (!answer?.id) throw new SendError("retryable-maybe-delivered", `Graph API ${res.status} upload without an id`);
    return answer.id;
  }

  return {
    connectionId: connection.id,
    idempotentSend: false,
    async start() {
      // Nothing to open: the first send tells whether the Graph API is reachable.
      setStatus("CONNECTED");
    },
    async stop() {
      setStatus("DISCONNECTED");
    },
    status: () => status,
    async send(message: OutboundMessage) {
      const plan = planCloudMessage(message);
      const file = plan.media ? await upload(message, plan.media, plan.mediaRequired) : null;
      const body = {
        messaging_product: "whatsapp",
        recipient_type: "individual",
        to: message.to,
        ...plan.build(file?.id ?? null, file?.voice ?? false),
        ...(message.quotedRemoteId ? { context: { message_id: message.quotedRemoteId } } : {}),
        // Echoed in this message's status webhooks: a send whose answer was lost is reconciled by it (decision 0042).
        biz_opaque_callback_data: message.id,
      };
      const { res, answer } = await call(`${base}/messages`, JSON.stringify(body), graph.timeoutMs);
      if (!res.ok) throw classifyHttpError(res.status, answer);
      const remoteId = answer?.messages?.[0]?.id;
      if (!remoteId) {
        throw new SendError("retryable-maybe-delivered", `Graph API ${res.status} answered without a message id`);
      }
      return { remoteId };
    },
  };
}
