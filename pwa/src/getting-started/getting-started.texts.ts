// The first-run checklist's texts (mounted as t("gettingStarted.*"); see i18n/define-texts.ts). The spec has no
// such screen: the wording follows the names of the screens each step opens.
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("gettingStarted", {
  "pt-BR": {
    title: "Primeiros passos",
    intro: "Prepare a sua empresa para atender: cada passo abre a tela onde ele é feito.",
    progress: "{{done}} de {{total}} passos concluídos",
    stepsLabel: "Passos",
    done: "Concluído",
    todo: "A fazer",
    dismiss: "Dispensar e ir para os atendimentos",
    steps: {
      connection: { title: "Conectar um canal", text: "WhatsApp, Facebook ou Instagram, em Conexões" },
      queue: { title: "Criar uma fila", text: "Os atendimentos chegam às filas, em Filas & Chatbot" },
      agent: { title: "Convidar um atendente", text: "Crie o usuário de quem vai atender, em Usuários" },
      quickMessages: { title: "Adicionar respostas rápidas", text: "Mensagens prontas para usar no atendimento" },
    },
  },
  en: {
    title: "Getting started",
    intro: "Get your company ready to serve customers: each step opens the screen where it is done.",
    progress: "{{done}} of {{total}} steps done",
    stepsLabel: "Steps",
    done: "Done",
    todo: "To do",
    dismiss: "Dismiss and go to the inbox",
    steps: {
      connection: { title: "Connect a channel", text: "WhatsApp, Facebook or Instagram, in Connections" },
      queue: { title: "Create a queue", text: "Conversations arrive in queues, in Queues & Chatbot" },
      agent: { title: "Invite an agent", text: "Create the user of whoever will answer, in Users" },
      quickMessages: { title: "Add quick messages", text: "Ready replies to use in conversations" },
    },
  },
  es: {
    title: "Primeros pasos",
    intro: "Prepare su empresa para atender: cada paso abre la pantalla donde se hace.",
    progress: "{{done}} de {{total}} pasos completados",
    stepsLabel: "Pasos",
    done: "Completado",
    todo: "Pendiente",
    dismiss: "Descartar e ir a las atenciones",
    steps: {
      connection: { title: "Conectar un canal", text: "WhatsApp, Facebook o Instagram, en Conexiones" },
      queue: { title: "Crear una cola", text: "Las atenciones llegan a las colas, en Colas y Chatbot" },
      agent: { title: "Invitar a un agente", text: "Cree el usuario de quien va a atender, en Usuarios" },
      quickMessages: { title: "Agregar respuestas rápidas", text: "Mensajes listos para usar en la atención" },
    },
  },
  tr: {
    title: "Başlarken",
    intro: "Şirketinizi müşterilere hizmete hazırlayın: her adım, yapıldığı ekranı açar.",
    progress: "{{total}} adımdan {{done}} tamamlandı",
    stepsLabel: "Adımlar",
    done: "Tamamlandı",
    todo: "Yapılacak",
    dismiss: "Kapat ve gelen kutusuna git",
    steps: {
      connection: { title: "Bir kanal bağlayın", text: "WhatsApp, Facebook veya Instagram, Bağlantılar'da" },
      queue: { title: "Bir kuyruk oluşturun", text: "Görüşmeler kuyruklara gelir, Kuyruklar ve Chatbot'ta" },
      agent: { title: "Bir temsilci davet edin", text: "Yanıtlayacak kişinin kullanıcısını Kullanıcılar'da oluşturun" },
      quickMessages: { title: "Hızlı mesajlar ekleyin", text: "Görüşmelerde kullanılacak hazır yanıtlar" },
    },
  },
});
