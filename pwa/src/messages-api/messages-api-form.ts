// The two test forms of /messages-api (spec 3 §5): their rules (the contract's schemas, so the page and core say
// the same), and the call each makes to POST /api/messages/send with the connection's token, not the session's.
import {
  EXTERNAL_NUMBER_MESSAGE,
  EXTERNAL_SEND_PATH,
  type TExternalSendAnswer,
  ZExternalMediaFormSchema,
  ZExternalTemplateFormSchema,
  ZExternalTextFormSchema,
} from "@chatflow/core/contract/external-api.ts";
import { TEMPLATE_PARAM_FORMAT, TEMPLATE_PARAM_REQUIRED } from "@chatflow/core/contract/message-templates.ts";
import { fetchJson } from "../api/http.ts";
import { fieldErrors } from "../i18n/form-errors.ts";

export type TextForm = { token: string; number: string; body: string };
export type MediaForm = { token: string; number: string; body: string; file: File | null };
export type TemplateForm = { token: string; number: string; name: string; language: string; values: string };

/** The contract's messages this screen has its own texts for (the template's rules are core's too). */
const KNOWN = {
  [EXTERNAL_NUMBER_MESSAGE]: "messagesApi.numberRule",
  "Invalid template name": "messagesApi.templateNameRule",
  "Invalid language": "messagesApi.templateLanguageRule",
  [TEMPLATE_PARAM_FORMAT]: "messagesApi.templateValueRule",
  [TEMPLATE_PARAM_REQUIRED]: "messagesApi.templateValueRule",
};

/** Field errors of the text form, translated; empty when it may be sent. */
export function validateTextForm(form: TextForm): Record<string, string> {
  const parsed = ZExternalTextFormSchema.safeParse(form);
  return parsed.success ? {} : fieldErrors(parsed.error, KNOWN);
}

/** Field errors of the media form (the file's under `file`), translated; empty when it may be sent. */
export function validateMediaForm(form: MediaForm): Record<string, string> {
  const parsed = ZExternalMediaFormSchema.safeParse({ ...form, fileName: form.file?.name });
  if (parsed.success) return {};
  const { fileName, ...rest } = fieldErrors(parsed.error, KNOWN);
  return fileName ? { ...rest, file: fileName } : rest;
}

/** Field errors of the template form (a value's under `values`), translated; empty when it may be sent. */
export function validateTemplateForm(form: TemplateForm): Record<string, string> {
  const parsed = ZExternalTemplateFormSchema.safeParse(form);
  if (parsed.success) return {};
  const errors = fieldErrors(parsed.error, KNOWN);
  // One message for the values field, whichever line it is about.
  const value = Object.entries(errors).find(([k]) => k.startsWith("values"))?.[1];
  const rest = Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith("values")));
  return value ? { ...rest, values: value } : rest;
}

const sendUrl = () => `${window.location.origin}${EXTERNAL_SEND_PATH}`;
const authorization = (token: string) => ({ Accept: "application/json", Authorization: `Bearer ${token.trim()}` });

/** Sends the text form's message as a system outside the product would. */
export function sendTextForm(form: TextForm): Promise<TExternalSendAnswer> {
  return fetchJson<TExternalSendAnswer>(sendUrl(), {
    method: "POST",
    credentials: "omit",
    headers: { ...authorization(form.token), "Content-Type": "application/json" },
    body: JSON.stringify({ number: form.number.trim(), body: form.body }),
  });
}

/** Sends the template form's template, its values as the body's text parameters (Meta's components shape). */
export function sendTemplateForm(form: TemplateForm): Promise<TExternalSendAnswer> {
  const { number, name, language, values } = ZExternalTemplateFormSchema.parse(form);
  const components =
    values.length > 0 ? [{ type: "body", parameters: values.map((text) => ({ type: "text", text })) }] : [];
  return fetchJson<TExternalSendAnswer>(sendUrl(), {
    method: "POST",
    credentials: "omit",
    headers: { ...authorization(form.token), "Content-Type": "application/json" },
    body: JSON.stringify({ number, template: { name, language, components } }),
  });
}

/** Sends the media form's file; with no text the message is named by the file (spec 3 §5). */
export function sendMediaForm(form: MediaForm & { file: File }): Promise<TExternalSendAnswer> {
  const data = new FormData();
  data.append("number", form.number.trim());
  data.append("body", form.body.trim() || form.file.name);
  data.append("medias", form.file, form.file.name);
  return fetchJson<TExternalSendAnswer>(sendUrl(), {
    method: "POST",
    credentials: "omit",
    headers: authorization(form.token),
    body: data,
  });
}

/** What a reader copies: the endpoint and a curl call for each kind of message, on this server. */
export function curlExamples(origin: string): { text: string; media: string } {
  const url = `${origin}${EXTERNAL_SEND_PATH}`;
  return {
    text: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer TOKEN' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '{"number": "5511999999999", "body": "Olá!"}'`,
    ].join("\n"),
    media: [
      `curl -X POST '${url}' \\`,
      `  -H 'Authorization: Bearer TOKEN' \\`,
      `  -F 'number=5511999999999' \\`,
      `  -F 'body=Segue o boleto' \\`,
      `  -F 'medias=@boleto.pdf'`,
    ].join("\n"),
  };
}

export const JSON_BODY_EXAMPLE = JSON.stringify(
  { number: "5511999999999", body: "Olá!", userId: 1, queueId: 1, sendSignature: false, closeTicket: false },
  null,
  2,
);

export const MULTIPART_FIELDS_EXAMPLE = [
  "number: 5511999999999",
  "body: Segue o boleto",
  "userId: 1",
  "queueId: 1",
  "sendSignature: false",
  "closeTicket: false",
  "medias: <file> (1..10)",
].join("\n");

export const ANSWER_EXAMPLE = JSON.stringify(
  {
    ticket: { id: 42, uuid: "…", status: "pending", contactId: 7, whatsappId: 1, userId: null, queueId: null },
    messages: [
      {
        id: "0192…",
        body: "Olá!",
        mediaType: "chat",
        mediaUrl: null,
        ack: 0,
        sendState: "queued",
        createdAt: "2026-01-01T12:00:00.000Z",
      },
    ],
  },
  null,
  2,
);

/** The JSON bodies of the other kinds of message: an approved template, a contact card, an interactive list. */
export const TEMPLATE_BODY_EXAMPLE = JSON.stringify(
  {
    number: "5511999999999",
    template: {
      name: "pedido_enviado",
      language: "pt_BR",
      components: [
        { type: "header", parameters: [{ type: "text", text: "Pedido 42" }] },
        {
          type: "body",
          parameters: [
            { type: "text", text: "Maria" },
            { type: "text", text: "amanhã" },
          ],
        },
      ],
    },
  },
  null,
  2,
);

export const CONTACT_BODY_EXAMPLE = JSON.stringify(
  { number: "5511999999999", contact: { name: "Suporte", number: "5511933334444" } },
  null,
  2,
);

export const INTERACTIVE_BODY_EXAMPLE = JSON.stringify(
  {
    number: "5511999999999",
    interactive: {
      type: "list",
      title: "Horários",
      text: "Escolha um horário",
      buttonText: "Ver horários",
      sections: [{ title: "Manhã", rows: [{ title: "09:00", rowId: "h9" }] }],
    },
  },
  null,
  2,
);

export const BUTTON_BODY_EXAMPLE = JSON.stringify(
  {
    number: "5511999999999",
    interactive: { type: "url", title: "Seu boleto", buttonText: "Abrir", copyText: "https://exemplo.com/boleto/42" },
  },
  null,
  2,
);
