// AI prompts (spec 2 §2 /prompts, §3 Prompt, §5, §7 Prompts; decision 0056): an OpenAI assistant that answers the
// contacts waiting in its queue. The PWA's form validates with these same schemas.
import { z } from "zod";
import { zId } from "./ids.ts";

/** Spec 2 §9 OpenAI defaults. */
export const PROMPT_DEFAULTS = { maxTokens: 100, temperature: 1, maxMessages: 10, voice: "texto" } as const;
/** Spec 2 §9: text, or one of these pt-BR neural voices. */
export const PROMPT_VOICES = [
  "texto",
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;
/** The longest prompt text kept: it is sent with every answer, so its size is a cost. */
export const PROMPT_TEXT_MAX = 10_000;
/** Most messages of history sent: each one is paid for on every answer. */
export const PROMPT_MAX_MESSAGES_LIMIT = 50;
/** What the assistant answers when the contact asks for a person; the runtime hands the ticket over on it. */
export const HANDOVER_ACTION = "Ação: Transferir para o setor de atendimento";

const required = "Required";
const isAbsent = (iss: { input: unknown }) => (iss.input === undefined || iss.input === null ? required : undefined);
const num = (min: number, max: number, int: boolean) => {
  const n = z.coerce.number({ error: required }).min(min, "Too Short!").max(max, "Too Long!");
  return z.preprocess((v) => (v === "" || v === null ? undefined : v), int ? n.int(required) : n);
};

const fields = {
  /** The name shown in the list, 5 to 100 characters (spec 2 §5). */
  name: z.string({ error: isAbsent }).trim().min(1, required).min(5, "Too Short!").max(100, "Too Long!"),
  /** The assistant's instructions, at least 50 characters (spec 2 §5). */
  prompt: z.string({ error: isAbsent }).trim().min(1, required).min(50, "Too Short!").max(PROMPT_TEXT_MAX, "Too Long!"),
  /** 'texto' answers in text; a voice answers in speech (spec 2 §9). */
  voice: z.enum(PROMPT_VOICES, { error: required }).default(PROMPT_DEFAULTS.voice),
  /** The speech service's key and region, for a voice. */
  voiceKey: z.string().trim().max(500, "Too Long!").nullable().default(null),
  voiceRegion: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9]{2,40}$/, "Invalid region")
      .nullable()
      .default(null),
  ),
  /** The most tokens one answer may use. */
  maxTokens: num(10, 4096, true).default(PROMPT_DEFAULTS.maxTokens),
  /** OpenAI's sampling temperature. */
  temperature: num(0, 2, false).default(PROMPT_DEFAULTS.temperature),
  /** The company's OpenAI key; answered masked, and kept when an edit leaves it out. */
  apiKey: z.string({ error: isAbsent }).trim().min(1, required).max(500, "Too Long!"),
  /** The queue whose waiting contacts it answers (spec 2 §5: 'Informe o setor' without one). */
  queueId: z
    .preprocess((v) => (v === "" || v === 0 || v === undefined ? null : v), zId.nullable())
    .nullable()
    .refine((v) => v !== null && v !== undefined, "Informe o setor"),
  /** How many of the ticket's latest messages go with each question. */
  maxMessages: num(1, PROMPT_MAX_MESSAGES_LIMIT, true).default(PROMPT_DEFAULTS.maxMessages),
  /** Ignored: always the caller's company. */
  companyId: z.unknown().optional(),
};

export const ZCreatePromptRequestSchema = z.object(fields);
export type TCreatePromptRequest = z.infer<typeof ZCreatePromptRequestSchema>;

/** PUT /prompt/{id}: the whole form; an absent or empty apiKey keeps the stored one. */
export const ZUpdatePromptRequestSchema = z.object({
  ...fields,
  apiKey: z.preprocess((v) => (v === "" ? undefined : v), fields.apiKey.optional()),
});
export type TUpdatePromptRequest = z.infer<typeof ZUpdatePromptRequestSchema>;

/** A prompt as the calls carry it (spec 2 §3 Prompt); the key is masked. */
export type PromptDTO = {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string | null;
  voiceRegion: string | null;
  maxTokens: number;
  temperature: number;
  apiKey: string;
  queueId: number | null;
  queue: { id: number; name: string } | null;
  maxMessages: number;
  createdAt: string;
  updatedAt: string;
};

/** The last four characters, so an admin can tell keys apart without the key being readable. */
export const maskApiKey = (key: string) => (key.length <= 4 ? "****" : `****${key.slice(-4)}`);
