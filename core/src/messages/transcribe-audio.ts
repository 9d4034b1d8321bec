// Use case: GET /messages/transcribeAudio/{id} (spec 1 §2, §7): the text of an
// audio message, by OpenAI's speech-to-text with the platform's key
// (openaikeyaudio). The text is kept in the message's data_json
// (transcribedText), so asking again answers it without paying OpenAI again.

import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { recordChanges } from "../kernel/change-log.ts";
import { OPENAI_BASE_URL } from "../kernel/config.ts";
import {
  audioNotTranscribable,
  invalidTranscriptionData,
  transcriptionFailed,
  transcriptionNotConfigured,
} from "../kernel/errors.ts";
import { logger } from "../kernel/logger.ts";
import { transaction } from "../kernel/transaction.ts";
import { readStoredBytes } from "../media/file-store.ts";
import { mediaKey, mimeOfFileName, parseMediaUrl } from "../media/media-store.ts";
import { mediaStore } from "../media/store-registry.ts";
import { getPlatformSetting } from "../settings/platform-settings.ts";
import { findVisibleMessage } from "./find-message.ts";

export type TranscribeConfig = { dataDir: string; openaiBaseUrl?: string };

export const TRANSCRIPTION_MODEL = "whisper-1";
/** OpenAI refuses larger uploads; better said plainly than as a 502. */
export const TRANSCRIPTION_MAX_BYTES = 25 * 1024 * 1024;
/** Long voice notes take a while to transcribe; past this OpenAI counts as unreachable. */
const OPENAI_TIMEOUT_MS = 120_000;
/** The spec's wording for an answer without text. */
export const INVALID_TRANSCRIPTION = "Dados de transcrição inválidos";

type AudioMessage = { id: string; mediaUrl: string | null; transcribedText: string | null };

/** Answers the message's transcription, asking OpenAI only the first time. */
export async function transcribeAudio(
  pool: pg.Pool,
  actor: Actor,
  id: string,
  config: TranscribeConfig,
): Promise<string> {
  const m = await findAudioMessage(pool, actor, id);
  if (m.transcribedText) return m.transcribedText;
  const file = await audioFile(config.dataDir, actor.companyId, m.mediaUrl);
  const key = (await getPlatformSetting(pool, "openaikeyaudio")).trim();
  // Not the caller's fault and not fixable by them: the platform has not set the feature up.
  if (!key) throw transcriptionNotConfigured();
  // Several agents opening the same voice note at once share one OpenAI call (and its bill).
  let pending = inFlight.get(m.id);
  if (!pending) {
    pending = transcribeOnce(pool, actor.companyId, m.id, file, key, config).finally(() => inFlight.delete(m.id));
    inFlight.set(m.id, pending);
  }
  return pending;
}

/** Transcriptions being asked of OpenAI in this process, by message id. */
const inFlight = new Map<string, Promise<string>>();

async function transcribeOnce(
  pool: pg.Pool,
  companyId: number,
  messageId: string,
  file: Parameters<typeof requestTranscription>[2],
  key: string,
  config: TranscribeConfig,
): Promise<string> {
  // A call that finished between this request's read and its in-flight check has stored its text
  // already (it leaves inFlight only after its commit): read it again rather than pay OpenAI twice.
  const kept = await pool.query<{ text: string | null }>(
    "SELECT data_json->>'transcribedText' AS text FROM messages WHERE id = $1 AND company_id = $2",
    [messageId, companyId],
  );
  if (kept.rows[0]?.text) return kept.rows[0].text;
  const text = await requestTranscription(config.openaiBaseUrl ?? OPENAI_BASE_URL, key, file);
  if (!text) throw invalidTranscriptionData(INVALID_TRANSCRIPTION);
  // OpenAI is called outside any transaction; only the write takes the row lock.
  return transaction(pool, (client) => keepTranscription(client, companyId, messageId, text));
}

/** The message if the caller may read it (findVisibleMessage), and it is an audio message still there. */
async function findAudioMessage(pool: pg.Pool, actor: Actor, id: string): Promise<AudioMessage> {
  const m = await findVisibleMessage(pool, actor, id);
  if (m.mediaType !== "audio") throw audioNotTranscribable("Only audio messages can be transcribed");
  // The inbox shows a deleted message as gone; its audio (and any kept text) is not read back.
  if (m.isDeleted) throw audioNotTranscribable("The message was deleted");
  const kept = m.dataJson && typeof m.dataJson === "object" ? (m.dataJson as { transcribedText?: unknown }) : {};
  const transcribedText = typeof kept.transcribedText === "string" ? kept.transcribedText : null;
  return { id: m.id, mediaUrl: m.mediaUrl, transcribedText };
}

type AudioFile = { bytes: Buffer<ArrayBuffer>; name: string; type: string };

/** The message's file in the company's media store; only files we stored are ever sent out. */
async function audioFile(dataDir: string, companyId: number, mediaUrl: string | null): Promise<AudioFile> {
  const parsed = mediaUrl ? parseMediaUrl(mediaUrl) : null;
  const key = parsed?.companyId === companyId ? mediaKey(companyId, parsed.fileName) : null;
  const store = await mediaStore(dataDir);
  const stored = key ? await store.stat(key) : null;
  if (!key || !parsed || !stored) throw audioNotTranscribable("The audio file is not stored");
  if (stored.size > TRANSCRIPTION_MAX_BYTES) throw audioNotTranscribable("The audio is larger than 25 MB");
  // At most 25 MB, read whole: the upload to OpenAI is a multipart form of known length.
  const bytes = await readStoredBytes(store, key);
  if (!bytes) throw audioNotTranscribable("The audio file is not stored");
  return { bytes, name: parsed.fileName, type: mimeOfFileName(parsed.fileName) };
}

/** POST {base}/audio/transcriptions; answers the trimmed text ("" when OpenAI heard none). */
async function requestTranscription(baseUrl: string, key: string, file: AudioFile): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([file.bytes], { type: file.type }), file.name);
  form.append("model", TRANSCRIPTION_MODEL);
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/+$/, "")}/audio/transcriptions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: form,
      signal: AbortSignal.timeout(OPENAI_TIMEOUT_MS),
    });
  } catch (err) {
    logger.warn({ reason: (err as Error).message }, "transcribeAudio: OpenAI unreachable");
    throw transcriptionFailed("The transcription service could not be reached");
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    // OpenAI's own message stays in the server log: it may quote part of the key.
    logger.warn({ status: res.status, body: JSON.stringify(body)?.slice(0, 500) }, "transcribeAudio: OpenAI refused");
    throw transcriptionFailed(`The transcription service answered ${res.status}`);
  }
  const text = (body as { text?: unknown } | null)?.text;
  return typeof text === "string" ? text.trim() : "";
}

/**
 * Stores the text unless a concurrent request stored one first (then that one is
 * answered, so every caller sees the same text). The row is replicated: recorded.
 */
async function keepTranscription(client: pg.ClientBase, companyId: number, id: string, text: string): Promise<string> {
  const stored = await client.query(
    `UPDATE messages SET updated_at = now(),
       data_json = (CASE WHEN jsonb_typeof(data_json) = 'object' THEN data_json ELSE '{}'::jsonb END)
         || jsonb_build_object('transcribedText', $3::text)
     WHERE id = $1 AND company_id = $2
       AND (jsonb_typeof(data_json) IS DISTINCT FROM 'object' OR data_json->>'transcribedText' IS NULL)
     RETURNING id`,
    [id, companyId, text],
  );
  if (stored.rowCount) {
    await recordChanges(client, [{ companyId, entity: "messages", id }]);
    return text;
  }
  const { rows } = await client.query<{ text: string | null }>(
    `SELECT data_json->>'transcribedText' AS text FROM messages WHERE id = $1 AND company_id = $2`,
    [id, companyId],
  );
  return rows[0]?.text ?? text;
}
