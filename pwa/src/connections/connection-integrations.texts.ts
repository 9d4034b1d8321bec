// The connection dialog's integrations tab (mounted as t("connectionIntegrations.*")).
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("connectionIntegrations", {
  "pt-BR": {
    tab: "Integrações",
    none: "Nenhuma",
    intro:
      "Atendem as conversas que aguardam nesta conexão sem fila. Uma conexão com filas usa o bot de filas; a integração e o prompt de cada fila continuam valendo.",
    integrationId: "Integração",
    integrationIdHelp: "Typebot, Dialogflow, n8n ou webhook que recebe as novas conversas.",
    promptId: "Prompt",
    promptIdHelp: "O assistente de IA que responde as novas conversas até pedirem um atendente.",
    loadError: "Não foi possível carregar as integrações e os prompts.",
  },
  en: {
    tab: "Integrations",
    none: "None",
    intro:
      "They take the conversations waiting on this connection with no queue. A connection with queues uses the queue bot; each queue's integration and prompt still apply.",
    integrationId: "Integration",
    integrationIdHelp: "The Typebot, Dialogflow, n8n or webhook that gets new conversations.",
    promptId: "Prompt",
    promptIdHelp: "The AI assistant that answers new conversations until they ask for an agent.",
    loadError: "Could not load the integrations and prompts.",
  },
  es: {
    tab: "Integraciones",
    none: "Ninguna",
    intro:
      "Atienden las conversaciones que esperan en esta conexión sin cola. Una conexión con colas usa el bot de colas; la integración y el prompt de cada cola siguen valiendo.",
    integrationId: "Integración",
    integrationIdHelp: "Typebot, Dialogflow, n8n o webhook que recibe las nuevas conversaciones.",
    promptId: "Prompt",
    promptIdHelp: "El asistente de IA que responde las nuevas conversaciones hasta que piden un agente.",
    loadError: "No se pudieron cargar las integraciones y los prompts.",
  },
  tr: {
    tab: "Entegrasyonlar",
    none: "Yok",
    intro:
      "Bu bağlantıda kuyruksuz bekleyen görüşmeleri üstlenirler. Kuyruklu bir bağlantı kuyruk botunu kullanır; her kuyruğun entegrasyonu ve istemi geçerli kalır.",
    integrationId: "Entegrasyon",
    integrationIdHelp: "Yeni görüşmeleri alan Typebot, Dialogflow, n8n veya webhook.",
    promptId: "İstem",
    promptIdHelp: "Yeni görüşmeleri bir temsilci istenene kadar yanıtlayan yapay zekâ asistanı.",
    loadError: "Entegrasyonlar ve istemler yüklenemedi.",
  },
});
