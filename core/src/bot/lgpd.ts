// LGPD consent (spec 1 §3 Contact lgpdAcceptedAt, ticket status lgpd; spec 3 §3 company settings enableLGPD,
// lgpdConsent, lgpdMessage, lgpdLink, lgpdDeleteMessage). The spec names the settings and the status, not the
// answer the contact gives: the product's own is a numbered choice, 1 to accept and 2 to refuse (decision 0046).

/** The contact's answers, trimmed. */
export const LGPD_ACCEPT = "1";
export const LGPD_REFUSE = "2";

/** What a message of a contact who refused shows once lgpdDeleteMessage is on (its text and media dropped). */
export const LGPD_DELETED_BODY = "🚫 _Mensagem apagada_";

/** The choice below the company's text and link. */
const LGPD_CHOICE = "Para continuar o atendimento, responda *1* para aceitar ou *2* para recusar.";

/** Sent when the contact refuses; the conversation then ends. */
export const LGPD_REFUSED_TEXT =
  "Você não aceitou os termos de privacidade. Sem o seu consentimento não podemos continuar este atendimento.";

/** The consent request: the company's message, its link, then the numbered choice. */
export function consentRequest(message: string, link: string): string {
  return [message.trim(), link.trim(), LGPD_CHOICE].filter(Boolean).join("\n\n");
}

/** The contact's answer to the request. */
export function consentAnswer(body: string): "accept" | "refuse" | null {
  const answer = body.trim();
  if (answer === LGPD_ACCEPT) return "accept";
  if (answer === LGPD_REFUSE) return "refuse";
  return null;
}
