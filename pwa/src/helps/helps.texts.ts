// The help videos page's texts (mounted as t("helpsPage.*"); see i18n/define-texts.ts).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("helpsPage", {
  "pt-BR": {
    title: "Ajuda",
    listLabel: "Vídeos de ajuda",
    empty: "Nenhum vídeo de ajuda.",
    player: "Vídeo: {{title}}",
    needsConnection: "O vídeo precisa de conexão.",
    offline: "Sem conexão: estes são os vídeos carregados por último. Precisa de conexão para assistir.",
    loadError: "Não foi possível carregar os vídeos de ajuda.",
  },
  en: {
    title: "Help",
    listLabel: "Help videos",
    empty: "No help videos.",
    player: "Video: {{title}}",
    needsConnection: "The video needs a connection.",
    offline: "Offline: these are the videos last loaded. Watching needs a connection.",
    loadError: "Could not load the help videos.",
  },
  es: {
    title: "Ayuda",
    listLabel: "Videos de ayuda",
    empty: "Ningún video de ayuda.",
    player: "Video: {{title}}",
    needsConnection: "El video necesita conexión.",
    offline: "Sin conexión: estos son los videos cargados por última vez. Para verlos necesita conexión.",
    loadError: "No se pudieron cargar los videos de ayuda.",
  },
  tr: {
    title: "Yardım",
    listLabel: "Yardım videoları",
    empty: "Yardım videosu yok.",
    player: "Video: {{title}}",
    needsConnection: "Video bağlantı gerektirir.",
    offline: "Çevrimdışı: bunlar en son yüklenen videolar. İzlemek için bağlantı gerekir.",
    loadError: "Yardım videoları yüklenemedi.",
  },
});
