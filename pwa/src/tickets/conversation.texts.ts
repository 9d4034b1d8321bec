// Texts of the conversation's phone layout (decision 0088): folded notices and the composer's '+' menu.
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("conversationLayout", {
  "pt-BR": {
    noticeMore: "Mostrar o aviso inteiro",
    noticeLess: "Recolher o aviso",
    quickMessage: "Resposta rápida",
  },
  en: {
    noticeMore: "Show the whole notice",
    noticeLess: "Fold the notice",
    quickMessage: "Quick message",
  },
  es: {
    noticeMore: "Mostrar el aviso completo",
    noticeLess: "Recoger el aviso",
    quickMessage: "Respuesta rápida",
  },
  tr: {
    noticeMore: "Uyarının tamamını göster",
    noticeLess: "Uyarıyı daralt",
    quickMessage: "Hızlı mesaj",
  },
});
