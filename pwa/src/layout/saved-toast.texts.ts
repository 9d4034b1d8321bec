// The outbox-backed saves' toast (mounted as t("savedToast.*"); see i18n/define-texts.ts).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("savedToast", {
  "pt-BR": { pending: "Salvo neste dispositivo, enviando…" },
  en: { pending: "Saved on this device, sending…" },
  es: { pending: "Guardado en este dispositivo, enviando…" },
  tr: { pending: "Bu cihaza kaydedildi, gönderiliyor…" },
});
