// What a message's delivery mark says to a screen reader (mounted as t("deliveryState.*"); see i18n/define-texts.ts):
// the three places an outgoing message can be (this device, the server, the channel) and then the channel's ticks.
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("deliveryState", {
  "pt-BR": {
    queued: "Neste aparelho, aguardando envio ao servidor",
    accepted: "No servidor, aguardando o canal",
    sent: "Enviada",
    delivered: "Entregue",
    read: "Lida",
    failed: "Falha no envio",
  },
  en: {
    queued: "On this device, waiting to reach the server",
    accepted: "On the server, waiting for the channel",
    sent: "Sent",
    delivered: "Delivered",
    read: "Read",
    failed: "Failed to send",
  },
  es: {
    queued: "En este dispositivo, esperando llegar al servidor",
    accepted: "En el servidor, esperando el canal",
    sent: "Enviado",
    delivered: "Entregado",
    read: "Leído",
    failed: "Error al enviar",
  },
  tr: {
    queued: "Bu cihazda, sunucuya gönderilmeyi bekliyor",
    accepted: "Sunucuda, kanalı bekliyor",
    sent: "Gönderildi",
    delivered: "Teslim edildi",
    read: "Okundu",
    failed: "Gönderilemedi",
  },
});
