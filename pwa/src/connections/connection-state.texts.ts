// Texts of a connection's state told truthfully (issue 22; decision 0093): why a connection is down, for admins (the
// connections screen) and, briefly, for agents (the ticket's notice); what the worker does next; the QR dialog's
// progress; the Cloud API dialog's webhook fields; and what a channel that cannot edit or delete a sent message means.
import { defineTexts } from "../i18n/define-texts.ts";

export const texts = defineTexts("connectionState", {
  "pt-BR": {
    reasons: {
      "token-expired": "o token de acesso da Meta expirou",
      "token-revoked": "o token de acesso da Meta foi revogado ou deixou de valer",
      "permission-removed": "a Meta retirou uma permissão necessária",
      "graph-unreachable": "a Meta não responde",
      "whatsapp-unreachable": "não foi possível alcançar o WhatsApp (sem rede ou bloqueado)",
      "whatsapp-timeout": "o WhatsApp não respondeu a tempo",
      "logged-out": "o aparelho foi desconectado pelo celular; leia um novo QR Code",
      banned: "o WhatsApp recusou esta conta",
    },
    row: "Motivo: {{reason}}.",
    retryAt: "Nova tentativa às {{time}}.",
    fixToken: "Cole um novo token em Editar e salve.",
    ticket: "A conexão {{name}} está desconectada: {{reason}}. As mensagens aguardam na fila até ela voltar.",
    reconnect: "Reconectar",
    qr: {
      opening: "Abrindo a sessão com o WhatsApp…",
      waiting: "Sessão aberta: aguardando o WhatsApp enviar o código…",
      failed: "Não foi possível obter o QR Code: {{reason}}.",
      retry: "Tentar novamente",
    },
    cloud: {
      title: "Dados para o webhook da Meta",
      help: "No painel do app da Meta, em WhatsApp > Configuração, informe estes dois valores.",
      callbackUrl: "URL de callback",
      verifyToken: "Token de verificação",
      copy: "Copiar {{what}}",
      copied: "{{what}} copiado.",
      noVerifyToken: "Defina um token de verificação e salve para vê-lo aqui.",
    },
    capabilities: {
      editWarning:
        "Este canal não permite editar mensagens enviadas: a edição vale só no Chat-flow, o cliente continua vendo o original.",
      deleteWarning:
        "Este canal não permite apagar mensagens enviadas: ela some só no Chat-flow, o cliente continua vendo o original.",
      editedHere: "Editada só no Chat-flow: o cliente vê o original",
      deletedHere: "Apagada só no Chat-flow: o cliente ainda vê a mensagem",
      menuLocalOnly: "{{action}} (só no Chat-flow)",
    },
  },
  en: {
    reasons: {
      "token-expired": "Meta's access token expired",
      "token-revoked": "Meta's access token was revoked or no longer works",
      "permission-removed": "Meta removed a permission it needs",
      "graph-unreachable": "Meta is not answering",
      "whatsapp-unreachable": "WhatsApp cannot be reached (no network or blocked)",
      "whatsapp-timeout": "WhatsApp did not answer in time",
      "logged-out": "the phone logged this device out; scan a new QR code",
      banned: "WhatsApp refused this account",
    },
    row: "Reason: {{reason}}.",
    retryAt: "Next try at {{time}}.",
    fixToken: "Paste a new token under Edit and save.",
    ticket: "The connection {{name}} is disconnected: {{reason}}. Messages wait in the queue until it is back.",
    reconnect: "Reconnect",
    qr: {
      opening: "Opening the session with WhatsApp…",
      waiting: "Session open: waiting for WhatsApp to send the code…",
      failed: "Could not get the QR code: {{reason}}.",
      retry: "Try again",
    },
    cloud: {
      title: "Details for Meta's webhook",
      help: "In the Meta app dashboard, under WhatsApp > Configuration, enter these two values.",
      callbackUrl: "Callback URL",
      verifyToken: "Verify token",
      copy: "Copy {{what}}",
      copied: "{{what}} copied.",
      noVerifyToken: "Set a verify token and save to see it here.",
    },
    capabilities: {
      editWarning:
        "This channel cannot edit sent messages: the edit is only in Chat-flow, the customer keeps the original.",
      deleteWarning:
        "This channel cannot delete sent messages: it goes only from Chat-flow, the customer keeps the original.",
      editedHere: "Edited only in Chat-flow: the customer sees the original",
      deletedHere: "Deleted only in Chat-flow: the customer still sees it",
      menuLocalOnly: "{{action}} (only in Chat-flow)",
    },
  },
  es: {
    reasons: {
      "token-expired": "el token de acceso de Meta expiró",
      "token-revoked": "el token de acceso de Meta fue revocado o dejó de valer",
      "permission-removed": "Meta retiró un permiso necesario",
      "graph-unreachable": "Meta no responde",
      "whatsapp-unreachable": "no se pudo alcanzar WhatsApp (sin red o bloqueado)",
      "whatsapp-timeout": "WhatsApp no respondió a tiempo",
      "logged-out": "el teléfono desconectó este dispositivo; escanee un nuevo código QR",
      banned: "WhatsApp rechazó esta cuenta",
    },
    row: "Motivo: {{reason}}.",
    retryAt: "Nuevo intento a las {{time}}.",
    fixToken: "Pegue un nuevo token en Editar y guarde.",
    ticket: "La conexión {{name}} está desconectada: {{reason}}. Los mensajes esperan en la cola hasta que vuelva.",
    reconnect: "Reconectar",
    qr: {
      opening: "Abriendo la sesión con WhatsApp…",
      waiting: "Sesión abierta: esperando que WhatsApp envíe el código…",
      failed: "No se pudo obtener el código QR: {{reason}}.",
      retry: "Intentar de nuevo",
    },
    cloud: {
      title: "Datos para el webhook de Meta",
      help: "En el panel de la app de Meta, en WhatsApp > Configuración, ingrese estos dos valores.",
      callbackUrl: "URL de callback",
      verifyToken: "Token de verificación",
      copy: "Copiar {{what}}",
      copied: "{{what}} copiado.",
      noVerifyToken: "Defina un token de verificación y guarde para verlo aquí.",
    },
    capabilities: {
      editWarning:
        "Este canal no permite editar mensajes enviados: la edición vale solo en Chat-flow, el cliente sigue viendo el original.",
      deleteWarning:
        "Este canal no permite borrar mensajes enviados: desaparece solo en Chat-flow, el cliente sigue viendo el original.",
      editedHere: "Editado solo en Chat-flow: el cliente ve el original",
      deletedHere: "Borrado solo en Chat-flow: el cliente aún lo ve",
      menuLocalOnly: "{{action}} (solo en Chat-flow)",
    },
  },
  tr: {
    reasons: {
      "token-expired": "Meta erişim belirtecinin süresi doldu",
      "token-revoked": "Meta erişim belirteci iptal edildi veya artık geçerli değil",
      "permission-removed": "Meta gerekli bir izni kaldırdı",
      "graph-unreachable": "Meta yanıt vermiyor",
      "whatsapp-unreachable": "WhatsApp'a ulaşılamıyor (ağ yok veya engelli)",
      "whatsapp-timeout": "WhatsApp zamanında yanıt vermedi",
      "logged-out": "telefon bu cihazın oturumunu kapattı; yeni bir QR kodu okutun",
      banned: "WhatsApp bu hesabı reddetti",
    },
    row: "Neden: {{reason}}.",
    retryAt: "Sonraki deneme {{time}}.",
    fixToken: "Düzenle'de yeni bir belirteç yapıştırıp kaydedin.",
    ticket: "{{name}} bağlantısı kopuk: {{reason}}. Mesajlar bağlantı dönene kadar kuyrukta bekler.",
    reconnect: "Yeniden bağlan",
    qr: {
      opening: "WhatsApp ile oturum açılıyor…",
      waiting: "Oturum açık: WhatsApp'ın kodu göndermesi bekleniyor…",
      failed: "QR kodu alınamadı: {{reason}}.",
      retry: "Tekrar dene",
    },
    cloud: {
      title: "Meta webhook bilgileri",
      help: "Meta uygulama panelinde, WhatsApp > Yapılandırma altında bu iki değeri girin.",
      callbackUrl: "Geri çağırma URL'si",
      verifyToken: "Doğrulama belirteci",
      copy: "{{what}} kopyala",
      copied: "{{what}} kopyalandı.",
      noVerifyToken: "Burada görmek için bir doğrulama belirteci belirleyip kaydedin.",
    },
    capabilities: {
      editWarning:
        "Bu kanal gönderilen mesajların düzenlenmesine izin vermez: düzenleme yalnızca Chat-flow'da geçerlidir, müşteri orijinali görmeye devam eder.",
      deleteWarning:
        "Bu kanal gönderilen mesajların silinmesine izin vermez: mesaj yalnızca Chat-flow'dan kalkar, müşteri orijinali görmeye devam eder.",
      editedHere: "Yalnızca Chat-flow'da düzenlendi: müşteri orijinali görür",
      deletedHere: "Yalnızca Chat-flow'da silindi: müşteri hâlâ görür",
      menuLocalOnly: "{{action}} (yalnızca Chat-flow'da)",
    },
  },
});
