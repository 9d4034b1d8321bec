// The conversation's drop zone texts (mounted as t("dropZone.*"); see i18n/define-texts.ts).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("dropZone", {
  "pt-BR": { dropHere: "Solte o arquivo aqui" },
  en: { dropHere: "Drop the file here" },
  es: { dropHere: "Suelte el archivo aquí" },
  tr: { dropHere: "Dosyayı buraya bırakın" },
});
