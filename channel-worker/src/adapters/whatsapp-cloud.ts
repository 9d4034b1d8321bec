// The WhatsApp Cloud API adapter (channel whatsappapi): sends through the Graph
// API messages endpoint, uploading media first. Inbound messages and statuses arrive
// through core's webhook, so there is no session to open and nothing to receive here.
import path from "node:path";
import { logger } from "@chatflow/core/kernel/logger.ts";
import { asSendError, SendError } from "@chatflow/core/kernel/send-error.ts";
import {
  DEFAULT_GRAPH_API,
  type GraphApiOptions,
  UPLOAD_ATTEMPTS,
  UPLOAD_TIMEOUT_MS,
} from "@chatflow/core/meta/graph-api.ts";
import { graphConnection } from "@chatflow/core/meta/graph-connection.ts";
import { classifyCloudRefusal, type GraphErrorAnswer } from "@chatflow/core/meta/graph-send-errors.ts";
import type { AdapterEvents, ChannelAdapter, ChannelConnection, OutboundMessage } from "./adapter.ts";
import { openStoredMedia, UploadedMedia, uploadForm } from "./cloud-media.ts";
import { toOggOpus } from "./voice-note.ts";
import { type MediaRef, planCloudMessage } from "./whatsapp-cloud-payloads.ts";

/** A messages answer ({messages: [{id}]}), a media upload's ({id}), or an error. */
type GraphAnswer = { messages?: { id?: string }[]; id?: string } & GraphErrorAnswer;

/** Where the adapter finds the files of media messages: core's DATA_DIR (resolved the same way). */
export type CloudMediaOptions = { dataDir: string };

export function whatsappCloudAdapter(
  connection: ChannelConnection,
  events: AdapterEvents,
  graph: GraphApiOptions = DEFAULT_GRAPH_API,
  media: CloudMediaOptions = { dataDir: path.resolve(".data") },
): ChannelAdapter {
  const { call, lifecycle } = graphConnection(connection, events, {
    graph,
    tokenCheckEveryMs: graph.tokenCheckEveryMs,
  });
  const base = `${graph.url.replace(/\/+$/, "")}/${graph.version}/${connection.phoneNumberId}`;
  const uploaded = new UploadedMedia();

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
      logger.warn({ connectionId: connection.id, err }, "voice message sent as a plain audio file");
      return { blob, ref: { ...ref, voice: false } };
    }
  }

  /** POST /media: the id, or the failure as classified for a send. */
  async function postMedia(blob: Blob, ref: MediaRef): Promise<string> {
    const timeoutMs = graph.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS;
    const { res, answer } = await call<GraphAnswer>(`${base}/media`, uploadForm(blob, ref), timeoutMs);
    if (!res.ok) throw classifyCloudRefusal(res.status, answer);
    if (!answer?.id) throw new SendError("retryable-maybe-delivered", `Graph API ${res.status} upload without an id`);
    return answer.id;
  }

  return {
    ...lifecycle,
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
      const { res, answer } = await call<GraphAnswer>(`${base}/messages`, JSON.stringify(body), graph.timeoutMs);
      if (!res.ok) throw classifyCloudRefusal(res.status, answer);
      const remoteId = answer?.messages?.[0]?.id;
      if (!remoteId) {
        throw new SendError("retryable-maybe-delivered", `Graph API ${res.status} answered without a message id`);
      }
      return { remoteId };
    },
  };
}
