// The new-ticket toast's texts (mounted as t("newTicketToast.*"); see i18n/define-texts.ts).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("newTicketToast", {
  "pt-BR": {
    label: "Nova conversa aguardando",
    title: "Nova conversa: {{name}}",
    more_one: "e mais {{count}} aguardando",
    more_other: "e mais {{count}} aguardando",
    accept: "Aceitar",
    open: "Ver",
    dismiss: "Dispensar",
  },
  en: {
    label: "New conversation waiting",
    title: "New conversation: {{name}}",
    more_one: "and {{count}} more waiting",
    more_other: "and {{count}} more waiting",
    accept: "Accept",
    open: "View",
    dismiss: "Dismiss",
  },
  es: {
    label: "Nueva conversación en espera",
    title: "Nueva conversación: {{name}}",
    more_one: "y {{count}} más en espera",
    more_other: "y {{count}} más en espera",
    accept: "Aceptar",
    open: "Ver",
    dismiss: "Descartar",
  },
  tr: {
    label: "Bekleyen yeni konuşma",
    title: "Yeni konuşma: {{name}}",
    more_one: "ve {{count}} tane daha bekliyor",
    more_other: "ve {{count}} tane daha bekliyor",
    accept: "Kabul et",
    open: "Görüntüle",
    dismiss: "Kapat",
  },
});
