// A prompt's voice (spec 2 §3 Prompt: voice, voiceKey, voiceRegion; §9 the pt-BR neural voices): the answer
// synthesised by Azure's speech service into an Ogg/Opus voice note kept in the company's media store. The region
// is tenant input, so it must be a bare region name before it becomes part of a host name.
import { saveMedia } from "../media/media-store.ts";
import { assertOk, type OutboundOptions, postRaw } from "./outbound-http.ts";

export const TTS_BASE_URL = "https://{region}.tts.speech.microsoft.com";
export const REGION_PATTERN = /^[a-z0-9]{2,40}$/;

const escapeXml = (s: string) =>
  s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

export function ssml(voice: string, text: string): string {
  return `<speak version='1.0' xml:lang='pt-BR'><voice name='${escapeXml(voice)}'>${escapeXml(text)}</voice></speak>`;
}

/** The voice note's media URL (/media/{companyId}/{file}); throws OutboundError when the service fails. */
export async function synthesize(
  o: { voice: string; key: string; region: string; text: string; companyId: number },
  config: OutboundOptions & { ttsBaseUrl: string; dataDir: string },
): Promise<string> {
  if (!REGION_PATTERN.test(o.region)) throw new Error("Invalid voice region");
  const root = config.ttsBaseUrl.replace("{region}", o.region).replace(/\/+$/, "");
  const answer = await postRaw(
    `${root}/cognitiveservices/v1`,
    ssml(o.voice, o.text),
    {
      "content-type": "application/ssml+xml",
      "ocp-apim-subscription-key": o.key,
      "x-microsoft-outputformat": "ogg-24khz-16bit-mono-opus",
      "user-agent": "chatflow",
    },
    config,
  );
  assertOk({ status: answer.status, body: "" }, "The speech service");
  const saved = await saveMedia(config.dataDir, o.companyId, "resposta.ogg", answer.bytes);
  return saved.url;
}
