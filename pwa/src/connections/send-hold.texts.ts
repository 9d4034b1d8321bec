// Texts of a connection's held queue (decision 0053): the channel refused a send as rate-limited or the account as
// restricted, so its messages wait. Shown on the connections page and in the ticket's connection notice.
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("sendHold", {
  "pt-BR": {
    reasons: {
      "rate-limited": "o WhatsApp limitou a quantidade de envios",
      restricted: "o WhatsApp restringiu a conta",
    },
    ticket:
      "Os envios pela conexão {{name}} estão retidos: {{reason}}. As mensagens aguardam na fila e saem quando o canal voltar a aceitar.",
    row: "Envios retidos desde {{since}}: {{reason}}.",
  },
  en: {
    reasons: {
      "rate-limited": "WhatsApp limited how many messages may go out",
      restricted: "WhatsApp restricted the account",
    },
    ticket:
      "Sending through the connection {{name}} is on hold: {{reason}}. Messages wait in the queue and go out once the channel accepts them again.",
    row: "Sending on hold since {{since}}: {{reason}}.",
  },
  es: {
    reasons: {
      "rate-limited": "WhatsApp limitó la cantidad de envíos",
      restricted: "WhatsApp restringió la cuenta",
    },
    ticket:
      "Los envíos por la conexión {{name}} están retenidos: {{reason}}. Los mensajes esperan en la cola y salen cuando el canal vuelva a aceptarlos.",
    row: "Envíos retenidos desde {{since}}: {{reason}}.",
  },
  tr: {
    reasons: {
      "rate-limited": "WhatsApp gönderim sayısını sınırladı",
      restricted: "WhatsApp hesabı kısıtladı",
    },
    ticket:
      "{{name}} bağlantısı üzerinden gönderimler bekletiliyor: {{reason}}. Mesajlar kuyrukta bekler ve kanal yeniden kabul ettiğinde gönderilir.",
    row: "{{since}} tarihinden beri gönderimler bekletiliyor: {{reason}}.",
  },
});
