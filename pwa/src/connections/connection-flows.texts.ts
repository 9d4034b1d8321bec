// The connection dialog's default flow tab (mounted as t("connectionFlows.*")).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("connectionFlows", {
  "pt-BR": {
    tab: "Fluxo padrão",
    none: "Nenhum",
    flowIdWelcome: "Fluxo de boas-vindas",
    flowIdWelcomeHelp: "Começa na primeira mensagem de um novo atendimento e substitui o bot de filas desta conexão.",
    flowIdNotPhrase: "Fluxo de frase não encontrada",
    flowIdNotPhraseHelp: "Começa quando a mensagem não corresponde a nenhuma campanha por frase.",
    loadError: "Não foi possível carregar os fluxos.",
  },
  en: {
    tab: "Default flow",
    none: "None",
    flowIdWelcome: "Welcome flow",
    flowIdWelcomeHelp: "Starts on a new conversation's first message and replaces this connection's queue bot.",
    flowIdNotPhrase: "Phrase not found flow",
    flowIdNotPhraseHelp: "Starts when a message matches no phrase campaign.",
    loadError: "Could not load the flows.",
  },
  es: {
    tab: "Flujo predeterminado",
    none: "Ninguno",
    flowIdWelcome: "Flujo de bienvenida",
    flowIdWelcomeHelp:
      "Comienza con el primer mensaje de una nueva atención y reemplaza el bot de colas de esta conexión.",
    flowIdNotPhrase: "Flujo de frase no encontrada",
    flowIdNotPhraseHelp: "Comienza cuando el mensaje no coincide con ninguna campaña por frase.",
    loadError: "No se pudieron cargar los flujos.",
  },
  tr: {
    tab: "Varsayılan akış",
    none: "Yok",
    flowIdWelcome: "Karşılama akışı",
    flowIdWelcomeHelp: "Yeni bir görüşmenin ilk mesajında başlar ve bu bağlantının kuyruk botunun yerini alır.",
    flowIdNotPhrase: "İfade bulunamadı akışı",
    flowIdNotPhraseHelp: "Mesaj hiçbir ifade kampanyasıyla eşleşmediğinde başlar.",
    loadError: "Akışlar yüklenemedi.",
  },
});
