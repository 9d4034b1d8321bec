// Which container a voice note is recorded in. Core takes a file by its bytes (media-sniff):
// Ogg/Opus (Firefox) and MP4 named .m4a (Chrome, Safari) are stored as audio; WebM would be
// taken for a video, so it is the last resort (decision 0036).
export type AudioFormat = { mimeType: string; ext: string };

export const AUDIO_FORMATS: AudioFormat[] = [
  { mimeType: "audio/ogg;codecs=opus", ext: "ogg" },
  { mimeType: "audio/mp4", ext: "m4a" },
  { mimeType: "audio/webm;codecs=opus", ext: "webm" },
];

/** The first format the browser records, or null when it records none of them. */
export function pickAudioFormat(isTypeSupported: (type: string) => boolean): AudioFormat | null {
  return AUDIO_FORMATS.find((f) => isTypeSupported(f.mimeType)) ?? null;
}

/** The blob's type without codec parameters, so the upload's declared type is plain (audio/ogg). */
export const baseMime = (mimeType: string) => mimeType.split(";")[0] ?? mimeType;

/** mm:ss of a recording's length. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}

/**
 * Spec 1 §4 Messages, §9: a recording under 10,000 bytes is discarded (a press of the microphone by mistake). The
 * spec's mp3 at 128 kbps is not followed: WhatsApp plays a voice note only as Ogg/Opus (decision 0069).
 */
export const MIN_RECORDING_BYTES = 10_000;

/** Whether recorded chunks add up to a recording worth sending. */
export const longEnough = (chunks: { size: number }[]) =>
  chunks.reduce((sum, c) => sum + c.size, 0) >= MIN_RECORDING_BYTES;
