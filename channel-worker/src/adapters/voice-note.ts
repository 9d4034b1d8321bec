// Voice notes go out as Ogg/Opus: WhatsApp plays only those as voice notes (ptt). Browsers record other
// containers (Chrome and Safari MP4/AAC, some WebM/Opus; pwa/src/tickets/composer/audio-format.ts), so a
// recording made in the composer is converted with ffmpeg before it is sent (issue 10). The ffmpeg binary comes
// from npm (@ffmpeg-installer, a static build with libopus); FFMPEG_PATH names another one (a system ffmpeg).
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import ffmpegInstaller from "@ffmpeg-installer/ffmpeg";

export const FFMPEG = process.env.FFMPEG_PATH || ffmpegInstaller.path;

/** Converting a few minutes of speech takes well under a second; past this the send fails over to the plain file. */
const CONVERT_TIMEOUT_MS = 60_000;

/** An Ogg stream whose first packet is an Opus header. */
export function isOggOpus(bytes: Buffer): boolean {
  return bytes.subarray(0, 4).toString("latin1") === "OggS" && bytes.subarray(0, 128).includes("OpusHead");
}

/** The composer names its recordings `audio-<time>.<ext>` (use-audio-recorder.ts): those are voice notes. */
export function isRecording(fileName: string): boolean {
  return /^audio-\d+\.(ogg|m4a|webm|mp4)$/i.test(fileName);
}

/** An audio file's type from its first bytes, for one sent as a plain file. */
export function audioMime(bytes: Buffer): string {
  if (bytes.subarray(4, 8).toString("latin1") === "ftyp") return "audio/mp4";
  if (bytes.subarray(0, 4).toString("latin1") === "OggS") return "audio/ogg";
  if (bytes.readUInt32BE(0) === 0x1a45dfa3) return "audio/webm";
  return "audio/mpeg";
}

/** The bytes as mono Ogg/Opus at 32 kb/s, WhatsApp's voice-note format; Ogg/Opus already is returned as it is. */
export async function toOggOpus(bytes: Buffer, ffmpeg = FFMPEG): Promise<Buffer> {
  if (isOggOpus(bytes)) return bytes;
  // Files, not pipes: an MP4 whose index comes last cannot be read from a stream.
  const dir = await mkdtemp(path.join(tmpdir(), "chatflow-voice-"));
  try {
    const input = path.join(dir, "in");
    const output = path.join(dir, "out.ogg");
    await writeFile(input, bytes);
    const args = ["-hide_banner", "-loglevel", "error", "-nostdin", "-i", input, "-vn", "-map_metadata", "-1"];
    args.push(
      "-ac",
      "1",
      "-ar",
      "48000",
      "-c:a",
      "libopus",
      "-b:a",
      "32k",
      "-application",
      "voip",
      "-f",
      "ogg",
      output,
    );
    await new Promise<void>((resolve, reject) => {
      execFile(ffmpeg, args, { timeout: CONVERT_TIMEOUT_MS, maxBuffer: 1 << 20 }, (err, _stdout, stderr) =>
        err ? reject(new Error(`ffmpeg: ${String(stderr).trim() || err.message}`)) : resolve(),
      );
    });
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
