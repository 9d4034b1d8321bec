// WhatsApp Cloud API message templates (issue 10; decision 0053): the approved templates of a connection's
// WhatsApp Business Account as core answers them, and a template send with its variables, shared by core's
// routes, the sync push and the PWA's template picker.
import { z } from "zod";
import { zId } from "./ids.ts";

/** A template's header: text (with at most one variable) or a media kind the picker cannot fill (not offered). */
export type TemplateHeader = { format: "TEXT"; text: string } | { format: "IMAGE" | "VIDEO" | "DOCUMENT" | "LOCATION" };

/** One approved template, as GET /whatsapp/{whatsappId}/templates answers it. */
export type MessageTemplate = {
  /** Meta's template name (lower case, digits, underscores). */
  name: string;
  /** Its language code (pt_BR, en_US, es...): a template exists once per language. */
  language: string;
  /** MARKETING, UTILITY or AUTHENTICATION. */
  category: string;
  header: TemplateHeader | null;
  /** The body text with its numbered variables ({{1}}, {{2}}...). */
  body: string;
  footer: string | null;
  /** The labels of its buttons (sent as the template defines them). */
  buttons: string[];
  /** How many values the header and the body ask for. */
  headerVariables: number;
  bodyVariables: number;
  /** False when the picker cannot send it (a media header, a named variable): shown, not offered. */
  sendable: boolean;
};

export type ListMessageTemplatesResponse = { templates: MessageTemplate[] };

/** Variables of a template text: {{1}}, {{2}}... (numbered, as Meta's positional parameters). */
const VARIABLE = /\{\{\s*(\d{1,2})\s*\}\}/g;
/** Any {{...}} at all: a named one ({{first_name}}) is one the picker does not fill. */
const ANY_VARIABLE = /\{\{[^}]*\}\}/g;

/** How many positional values the text asks for (the highest number used). */
export function countVariables(text: string): number {
  let max = 0;
  for (const m of text.matchAll(VARIABLE)) max = Math.max(max, Number(m[1]));
  return max;
}

/** Whether every {{...}} of the text is a positional one. */
export function onlyPositionalVariables(text: string): boolean {
  return (text.match(ANY_VARIABLE) ?? []).every((v) => /^\{\{\s*\d{1,2}\s*\}\}$/.test(v));
}

/** The text with {{n}} replaced by the n-th value; a value not given leaves its {{n}} as it was. */
export function renderTemplateText(text: string, values: readonly string[]): string {
  return text.replace(VARIABLE, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value?.trim() ? value : whole;
  });
}

/** What the inbox shows of a sent template: header, body and footer with the values filled in. */
export function templatePreview(
  template: MessageTemplate,
  headerParams: readonly string[],
  bodyParams: readonly string[],
) {
  const header = template.header?.format === "TEXT" ? renderTemplateText(template.header.text, headerParams) : "";
  return [header && `*${header}*`, renderTemplateText(template.body, bodyParams), template.footer ?? ""]
    .filter(Boolean)
    .join("\n\n");
}

/** The messages of a variable's checks (the picker shows them translated). */
export const TEMPLATE_PARAM_REQUIRED = "Preencha a variável";
export const TEMPLATE_PARAM_FORMAT = "Sem quebras de linha, tabulações ou mais de quatro espaços seguidos";

/** Meta refuses a text parameter with new lines, tabs or more than four spaces in a row (error 132018). */
const zParam = z
  .string()
  .trim()
  .min(1, TEMPLATE_PARAM_REQUIRED)
  .max(1024, "Too Long!")
  .refine((v) => !/[\n\t]/.test(v) && !v.includes("\u0000") && !/ {5,}/.test(v), TEMPLATE_PARAM_FORMAT);

export const ZSendTemplateRequestSchema = z.object({
  /** The client's id of the message (UUIDv7): the idempotency key, as for POST /messages/{ticketId}. */
  id: z.uuid().optional(),
  /** The template's name, as listed. */
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, "Invalid template name"),
  /** The template's language code, as listed. */
  language: z.string().regex(/^[a-z]{2,3}(_[A-Za-z]{2,4})?$/, "Invalid language"),
  /** Values of the header's variable ({{1}}), when it has one. */
  headerParams: z.array(zParam).max(1).default([]),
  /** Values of the body's variables, {{1}} first. */
  bodyParams: z.array(zParam).max(30).default([]),
  /** The filled-in text the inbox shows (templatePreview); the contact gets Meta's rendering of the template. */
  body: z.string().trim().min(1, "Empty message").max(4096),
});
export type TSendTemplateRequest = z.infer<typeof ZSendTemplateRequestSchema>;

/** The sync push's sendTemplate: the request with the client's id and the ticket. */
export const ZSendTemplateArgsSchema = ZSendTemplateRequestSchema.extend({
  /** UUIDv7 made by the client; the server stores the message under this id. */
  id: z.uuid(),
  /** The ticket the template goes out on. */
  ticketId: zId,
});
export type TSendTemplateArgs = z.infer<typeof ZSendTemplateArgsSchema>;

/** messages.data_json of a template message: what the channel worker sends. */
export type TemplatePayload = {
  template: { name: string; language: string; headerParams: string[]; bodyParams: string[] };
};
