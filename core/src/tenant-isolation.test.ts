// Tenant isolation: a second company, signed up through the API, walks every
// route with the first company's ids. Each answers 404 (or, for lists, leaves
// the other company out), and nothing of the first company is read or changed.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { buildContact, buildQueue, buildTicket, buildUser, buildWhatsapp } from "./testing/factories.ts";
import { listRoutes, type RouteEntry } from "./testing/route-list.ts";
import { coreForFile, forFile } from "./testing/test-world.ts";

const core = coreForFile();
type CompanyA = {
  queueId: number;
  whatsappId: number;
  contactId: number;
  contactNumber: string;
  ticketId: number;
  ticketUuid: string;
  pendingTicketId: number;
  closedTicketId: number;
  messageId: string;
  tagId: number;
  noteId: number;
  userId: number;
  importId: number;
  chatbotId: number;
  scheduleId: number;
  flowId: number;
  flowCampaignId: number;
  fileListId: number;
  quickMessageId: number;
  integrationId: number;
  promptId: number;
  chatId: number;
  invoiceId: number;
  contactListId: number;
  contactListItemId: number;
  campaignId: number;
};

// A 1x1 PNG: the upload must get past the image check to reach the user lookup.
const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d49444154789c6300010000050001" +
    "0d0a2db40000000049454e44ae426082",
  "hex",
);

const TABLES = [
  "queues",
  "chatbots",
  "whatsapps",
  "contacts",
  "tickets",
  "messages",
  "tags",
  "ticket_tags",
  "contact_tags",
  "ticket_notes",
  "users",
  "settings",
  "schedules",
  "flows",
  "flow_campaigns",
  "file_lists",
  "queue_integrations",
  "prompts",
  "chats",
  "chat_users",
  "chat_messages",
  "invoices",
  "invoice_charges",
  "phone_contacts",
  "contact_number_checks",
  "contact_lists",
  "contact_list_items",
  "campaigns",
  "campaign_settings",
];

async function snapshot(companyId: number): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const t of TABLES) {
    const { rows } = await core.db.pool.query(`SELECT to_jsonb(x) AS r FROM ${t} x WHERE company_id = $1 ORDER BY 1`, [
      companyId,
    ]);
    out[t] = rows.map((r) => r.r).sort((p, q) => JSON.stringify(p).localeCompare(JSON.stringify(q)));
  }
  return out;
}

const png = () => new Blob([new Uint8Array(PNG)], { type: "image/png" });

/** The announcement writes a company's admin is refused (the platform's notices, decision 0072). */
function announcementWrites(): Walk[] {
  const refused = (route: string, path: string, body?: unknown): Walk => ({
    route,
    path,
    body,
    status: 403,
    code: "ERR_NO_PERMISSION",
  });
  const body = { title: "Invasor", text: "Invasor" };
  return [
    refused("POST /announcements", "/announcements", body),
    refused("PUT /announcements/:id", "/announcements/1", body),
    refused("DELETE /announcements/:id", "/announcements/1"),
    { ...refused("POST /announcements/:id/media-upload", "/announcements/1/media-upload"), form: announcementForm },
    refused("DELETE /announcements/:id/media-upload", "/announcements/1/media-upload"),
  ];
}

function announcementForm(): FormData {
  const form = new FormData();
  form.append("file", png(), "a.png");
  return form;
}

/** The walk: every route that takes a record id, called by company B with company 1's ids. */
function walk(): Walk[] {
  const t = a.ticketId;
  const nf = (route: string, path: string, code: string, body?: unknown): Walk => ({
    route,
    path,
    body,
    status: 404,
    code,
  });
  const ticket = "ERR_NO_TICKET_FOUND";
  const interactive = (kind: string, body: unknown) =>
    nf(`POST /messages/${kind}/:ticketId`, `/messages/${kind}/${t}`, ticket, body);
  return [
    nf("GET /tickets/u/:uuid", `/tickets/u/${a.ticketUuid}`, ticket),
    nf("PUT /tickets/:id", `/tickets/${t}`, ticket, { status: "closed" }),
    nf("PUT /tickets/:id", `/tickets/${t}`, ticket, { status: "pending" }),
    nf("PUT /tickets/:id", `/tickets/${a.pendingTicketId}`, ticket, { status: "open" }),
    nf("PUT /tickets/:id", `/tickets/${t}`, ticket, { queueId: a.queueId, userId: a.userId, isTransfered: true }),
    nf("PUT /tickets/:id", `/tickets/${a.closedTicketId}`, ticket, { status: "open", queueId: a.queueId }),
    nf("DELETE /tickets/:id", `/tickets/${t}`, ticket),
    nf("GET /tickets-log/:ticketId", `/tickets-log/${t}`, ticket),
    nf("GET /messages/:ticketId", `/messages/${t}`, ticket),
    nf("POST /messages/:ticketId", `/messages/${t}`, ticket, { body: "intrusion" }),
    {
      route: "POST /messages/:ticketId",
      path: `/messages/${t}`,
      form: () => {
        const form = new FormData();
        form.append("body", "intrusion with media");
        form.append("medias", png(), "a.png");
        return form;
      },
      status: 404,
      code: ticket,
    },
    nf("POST /messages/edit/:id", `/messages/edit/${a.messageId}`, "ERR_NO_MESSAGE_FOUND", { body: "edited" }),
    nf("DELETE /messages/:id", `/messages/${a.messageId}`, "ERR_NO_MESSAGE_FOUND"),
    nf("POST /messages/:id/contact-card", `/messages/${a.messageId}/contact-card`, "ERR_NO_MESSAGE_FOUND"),
    nf("GET /messages/transcribeAudio/:id", `/messages/transcribeAudio/${a.messageId}`, "ERR_NO_MESSAGE_FOUND"),
    nf("POST /message/forward", "/message/forward", "ERR_NO_MESSAGE_FOUND", {
      messageId: a.messageId,
      contactId: a.contactId,
    }),
    interactive("lista", { title: "t", sections: [{ title: "s", rows: [{ title: "r" }] }] }),
    nf("POST /messages/poll/:ticketId", `/messages/poll/${t}`, "ERR_NO_TICKET_FOUND", {
      name: "Intrusa",
      options: ["a", "b"],
    }),
    nf("POST /messages/template/:ticketId", `/messages/template/${t}`, "ERR_NO_TICKET_FOUND", {
      name: "retomar_conversa",
      language: "pt_BR",
      body: "intrusion",
    }),
    interactive("PIX", {
      title: "t",
      sendvalue: "1",
      sendkey_type: "EVP",
      sendmerchant_name: "m",
      sendKey: randomUUID(),
    }),
    interactive("call", { title: "t", buttonText: "Ligar", copyText: "5511999990000" }),
    interactive("URL", { title: "t", buttonText: "Abrir", copyText: "https://example.com/" }),
    interactive("copy", { title: "t", buttonText: "Copiar", copyText: "CUPOM10" }),
    nf("GET /media/:companyId/:file", `/media/1/${a.messageId}.png`, "ERR_NO_MEDIA_FOUND"),
    nf("GET /contacts/:id", `/contacts/${a.contactId}`, "ERR_NO_CONTACT_FOUND"),
    nf("PUT /contacts/:id", `/contacts/${a.contactId}`, "ERR_NO_CONTACT_FOUND", {
      name: "Hacked",
      number: "5511900000000",
    }),
    nf("DELETE /contacts/:id", `/contacts/${a.contactId}`, "ERR_NO_CONTACT_FOUND"),
    nf("PUT /contacts/toggleAcceptAudio/:id", `/contacts/toggleAcceptAudio/${a.contactId}`, "ERR_NO_CONTACT_FOUND"),
    nf("PUT /contacts/toggleDisableBot/:id", `/contacts/toggleDisableBot/${a.contactId}`, "ERR_NO_CONTACT_FOUND"),
    nf("PUT /contacts/block/:id", `/contacts/block/${a.contactId}`, "ERR_NO_CONTACT_FOUND", { active: false }),
    nf("GET /contacts/profile/:number", `/contacts/profile/${a.contactNumber}`, "ERR_NO_CONTACT_FOUND"),
    {
      // Multipart: an import creates in the caller's company only (company 1's snapshot stays as it was).
      route: "POST /contacts/upload",
      path: "/contacts/upload",
      form: () => {
        const form = new FormData();
        const csv = "name,number,email\nIntruso,5511977776666,x@y.z\n";
        form.append("file", new Blob([csv], { type: "text/csv" }), "c.csv");
        return form;
      },
      status: 200,
      code: "",
    },
    {
      // The mapping step's preview reads the caller's own file and stores nothing (decision 0091).
      route: "POST /contacts/upload/preview",
      path: "/contacts/upload/preview",
      form: () => {
        const form = new FormData();
        form.append("file", new Blob(["Cliente;Fone\nIntruso;5511977776667\n"], { type: "text/csv" }), "c.csv");
        return form;
      },
      status: 200,
      code: "",
    },
    nf("GET /contacts/upload/:id", `/contacts/upload/${a.importId}`, "ERR_NO_IMPORT_FOUND"),
    // The import from the phone names a connection: the first company's is not found (decision 0112).
    nf("POST /contacts/import", "/contacts/import", "ERR_NO_WAPP_FOUND", { whatsappId: a.whatsappId }),
    nf("POST /contacts/import/chats", "/contacts/import/chats", "ERR_NO_WAPP_FOUND", { whatsappId: a.whatsappId }),
    nf("GET /contactTags/:contactId", `/contactTags/${a.contactId}`, "ERR_NO_CONTACT_FOUND"),
    nf("POST /tags/sync", "/tags/sync", "ERR_NO_CONTACT_FOUND", { contactId: a.contactId, tags: [] }),
    nf("PUT /ticket-tags/:ticketId/:tagId", `/ticket-tags/${t}/${a.tagId}`, ticket),
    nf("DELETE /ticket-tags/:ticketId", `/ticket-tags/${t}`, ticket),
    nf("GET /tags/:id", `/tags/${a.tagId}`, "ERR_NO_TAG_FOUND"),
    nf("PUT /tags/:id", `/tags/${a.tagId}`, "ERR_NO_TAG_FOUND", { name: "hacked" }),
    // A lane of another company is as absent as a missing one (decision 0047).
    nf("POST /tags", "/tags", "ERR_NO_TAG_FOUND", { name: "Lane B", kanban: 1, nextLaneId: a.tagId }),
    nf("DELETE /tags/:id", `/tags/${a.tagId}`, "ERR_NO_TAG_FOUND"),
    nf("DELETE /tags-contacts/:tagId/:contactId", `/tags-contacts/${a.tagId}/${a.contactId}`, "ERR_NO_TAG_FOUND"),
    nf("POST /ticket-notes", "/ticket-notes", ticket, { note: "intrusion", ticketId: t, contactId: a.contactId }),
    nf("DELETE /ticket-notes/:id", `/ticket-notes/${a.noteId}`, "ERR_NO_NOTE_FOUND"),
    nf("GET /ticket-notes/list", `/ticket-notes/list?ticketId=${t}`, ticket),
    nf("GET /ticket-notes/list", `/ticket-notes/list?contactId=${a.contactId}`, "ERR_NO_CONTACT_FOUND"),
    nf("GET /ticket-notes/list", `/ticket-notes/list?ticketId=${t}&contactId=${a.contactId}`, ticket),
    nf("POST /tickets", "/tickets", "ERR_NO_CONTACT_FOUND", {
      contactId: a.contactId,
      queueId: a.queueId,
      whatsappId: a.whatsappId,
    }),
    nf("GET /users/:id", `/users/${a.userId}`, "ERR_NO_USER_FOUND"),
    nf("PUT /users/:id", `/users/${a.userId}`, "ERR_NO_USER_FOUND", { name: "Hacked" }),
    nf("DELETE /users/:id", `/users/${a.userId}`, "ERR_NO_USER_FOUND"),
    nf("GET /users/:userId/two-factor", `/users/${a.userId}/two-factor`, "ERR_NO_USER_FOUND"),
    nf("DELETE /users/:userId/two-factor", `/users/${a.userId}/two-factor`, "ERR_NO_USER_FOUND"),
    {
      route: "POST /users/:id/media-upload",
      path: `/users/${a.userId}/media-upload`,
      form: () => {
        const form = new FormData();
        form.append("profileImage", png(), "a.png");
        return form;
      },
      status: 404,
      code: "ERR_NO_USER_FOUND",
    },
    // The internal chat: another company's chat answers as a missing one (a colleague's that excludes the caller too).
    nf("PUT /chats/:id", `/chats/${a.chatId}`, "ERR_NOT_FOUND", { title: "Invadido", users: [a.userId] }),
    nf("DELETE /chats/:id", `/chats/${a.chatId}`, "ERR_NOT_FOUND"),
    nf("GET /chats/:id/messages", `/chats/${a.chatId}/messages`, "ERR_NOT_FOUND"),
    nf("POST /subscription", "/subscription", "ERR_NO_INVOICE_FOUND", {
      firstName: "Invasor",
      zipcode: "12345678909",
      invoiceId: a.invoiceId,
    }),
    nf("POST /chats/:id/messages", `/chats/${a.chatId}/messages`, "ERR_NOT_FOUND", { message: "intrusion" }),
    nf("POST /chats/:id/read", `/chats/${a.chatId}/read`, "ERR_NOT_FOUND"),
    nf("GET /schedules/:id", `/schedules/${a.scheduleId}`, "ERR_NOT_FOUND"),
    nf("PUT /schedules/:id", `/schedules/${a.scheduleId}`, "ERR_NOT_FOUND", { body: "Invadido por outra" }),
    nf("DELETE /schedules/:id", `/schedules/${a.scheduleId}`, "ERR_NOT_FOUND"),
    nf("DELETE /schedules/:id/media-upload", `/schedules/${a.scheduleId}/media-upload`, "ERR_NOT_FOUND"),
    {
      route: "POST /schedules/:id/media-upload",
      path: `/schedules/${a.scheduleId}/media-upload`,
      form: () => {
        const form = new FormData();
        form.append("file", png(), "a.png");
        return form;
      },
      status: 404,
      code: "ERR_NOT_FOUND",
    },
    nf("POST /schedules", "/schedules", "ERR_NO_CONTACT_FOUND", {
      body: "segredo agendado",
      contactId: a.contactId,
      sendAt: "2999-01-01T12:00:00.000Z",
    }),
    nf("PUT /flowbuilder", "/flowbuilder", "ERR_NOT_FOUND", { flowId: a.flowId, name: "Invadido" }),
    nf("POST /flowbuilder/duplicate", "/flowbuilder/duplicate", "ERR_NOT_FOUND", { flowId: a.flowId }),
    nf("GET /flowbuilder/flow/:id", `/flowbuilder/flow/${a.flowId}`, "ERR_NOT_FOUND"),
    nf("POST /flowbuilder/flow", "/flowbuilder/flow", "ERR_NOT_FOUND", {
      idFlow: a.flowId,
      nodes: [{ id: "1", position: { x: 0, y: 0 }, type: "start", data: {} }],
      connections: [],
    }),
    nf("DELETE /flowbuilder/:id", `/flowbuilder/${a.flowId}`, "ERR_NOT_FOUND"),
    nf("GET /flowcampaign/:id", `/flowcampaign/${a.flowCampaignId}`, "ERR_NOT_FOUND"),
    nf("POST /flowcampaign", "/flowcampaign", "ERR_NOT_FOUND", { name: "Invadida", flowId: a.flowId, phrase: "oi" }),
    nf("PUT /flowcampaign", "/flowcampaign", "ERR_NOT_FOUND", {
      id: a.flowCampaignId,
      name: "Invadida",
      flowId: a.flowId,
      phrase: "oi",
      status: false,
    }),
    nf("DELETE /flowcampaign/:id", `/flowcampaign/${a.flowCampaignId}`, "ERR_NOT_FOUND"),
    nf("GET /quick-messages/:id", `/quick-messages/${a.quickMessageId}`, "ERR_NOT_FOUND"),
    nf("PUT /quick-messages/:id", `/quick-messages/${a.quickMessageId}`, "ERR_NOT_FOUND", { message: "Invadida" }),
    nf("DELETE /quick-messages/:id", `/quick-messages/${a.quickMessageId}`, "ERR_NOT_FOUND"),
    nf("DELETE /quick-messages/:id/media-upload", `/quick-messages/${a.quickMessageId}/media-upload`, "ERR_NOT_FOUND"),
    {
      route: "POST /quick-messages/:id/media-upload",
      path: `/quick-messages/${a.quickMessageId}/media-upload`,
      form: () => {
        const form = new FormData();
        form.append("file", png(), "a.png");
        return form;
      },
      status: 404,
      code: "ERR_NOT_FOUND",
    },
    nf("GET /files/:id", `/files/${a.fileListId}`, "ERR_NOT_FOUND"),
    nf("PUT /files/:id", `/files/${a.fileListId}`, "ERR_NOT_FOUND", { name: "Invadida" }),
    nf("DELETE /files/:id", `/files/${a.fileListId}`, "ERR_NOT_FOUND"),
    nf("GET /queueIntegration/:id", `/queueIntegration/${a.integrationId}`, "ERR_NOT_FOUND"),
    nf("PUT /queueIntegration/:id", `/queueIntegration/${a.integrationId}`, "ERR_NOT_FOUND", {
      type: "webhook",
      name: "Invadida",
      urlN8N: "https://b.example.com",
    }),
    nf("DELETE /queueIntegration/:id", `/queueIntegration/${a.integrationId}`, "ERR_NOT_FOUND"),
    nf("GET /prompt/:id", `/prompt/${a.promptId}`, "ERR_NOT_FOUND"),
    nf("PUT /prompt/:id", `/prompt/${a.promptId}`, "ERR_NO_QUEUE_FOUND", {
      name: "Invadido",
      prompt: "x".repeat(60),
      apiKey: "sk-b",
      queueId: a.queueId,
    }),
    nf("DELETE /prompt/:id", `/prompt/${a.promptId}`, "ERR_NOT_FOUND"),
    nf("POST /prompt", "/prompt", "ERR_NO_QUEUE_FOUND", {
      name: "Invadido",
      prompt: "x".repeat(60),
      apiKey: "sk-b",
      queueId: a.queueId,
    }),
    {
      route: "POST /files/uploadList/:id",
      path: `/files/uploadList/${a.fileListId}`,
      form: () => {
        const form = new FormData();
        form.append("files", png(), "a.png");
        return form;
      },
      status: 404,
      code: "ERR_NOT_FOUND",
    },
    // Contact lists (spec 3 §7): another company's list or item is as absent as a missing one.
    nf("GET /contact-lists/:id", `/contact-lists/${a.contactListId}`, "ERR_NOT_FOUND"),
    nf("PUT /contact-lists/:id", `/contact-lists/${a.contactListId}`, "ERR_NOT_FOUND", { name: "Invadida" }),
    nf("DELETE /contact-lists/:id", `/contact-lists/${a.contactListId}`, "ERR_NOT_FOUND"),
    {
      route: "POST /contact-lists/:id/upload",
      path: `/contact-lists/${a.contactListId}/upload`,
      form: () => {
        const form = new FormData();
        form.append("file", new Blob(["x"]), "lista.xlsx");
        return form;
      },
      status: 404,
      code: "ERR_NOT_FOUND",
    },
    nf("GET /contact-list-items", `/contact-list-items?contactListId=${a.contactListId}`, "ERR_NOT_FOUND"),
    nf("POST /contact-list-items", "/contact-list-items", "ERR_NOT_FOUND", {
      contactListId: a.contactListId,
      name: "Intrusa",
      number: "5511900001111",
    }),
    nf("GET /contact-list-items/:id", `/contact-list-items/${a.contactListItemId}`, "ERR_NOT_FOUND"),
    nf("PUT /contact-list-items/:id", `/contact-list-items/${a.contactListItemId}`, "ERR_NOT_FOUND", {
      name: "Intrusa",
      number: "5511900001111",
    }),
    nf("DELETE /contact-list-items/:id", `/contact-list-items/${a.contactListItemId}`, "ERR_NOT_FOUND"),
    // Campaigns (spec 3 §7): another company's campaign, or its connection or list named in a form, is absent.
    nf("GET /campaigns/:id", `/campaigns/${a.campaignId}`, "ERR_NOT_FOUND"),
    nf("PUT /campaigns/:id", `/campaigns/${a.campaignId}`, "ERR_NOT_FOUND", {
      name: "Invadida",
      whatsappId: a.whatsappId,
      contactListId: a.contactListId,
    }),
    nf("DELETE /campaigns/:id", `/campaigns/${a.campaignId}`, "ERR_NOT_FOUND"),
    nf("POST /campaigns/:id/cancel", `/campaigns/${a.campaignId}/cancel`, "ERR_NOT_FOUND"),
    nf("POST /campaigns/:id/restart", `/campaigns/${a.campaignId}/restart`, "ERR_NOT_FOUND"),
    nf("DELETE /campaigns/:id/media-upload", `/campaigns/${a.campaignId}/media-upload`, "ERR_NOT_FOUND"),
    {
      route: "POST /campaigns/:id/media-upload",
      path: `/campaigns/${a.campaignId}/media-upload`,
      form: () => {
        const form = new FormData();
        form.append("file", png(), "a.png");
        return form;
      },
      status: 404,
      code: "ERR_NOT_FOUND",
    },
    nf("POST /campaigns", "/campaigns", "ERR_NO_WAPP_FOUND", {
      name: "Invadida",
      whatsappId: a.whatsappId,
      contactListId: a.contactListId,
    }),
    nf("GET /queue/:id", `/queue/${a.queueId}`, "ERR_NO_QUEUE_FOUND"),
    nf("PUT /queue/:id", `/queue/${a.queueId}`, "ERR_NO_QUEUE_FOUND", { name: "Hacked" }),
    nf("DELETE /queue/:id", `/queue/${a.queueId}`, "ERR_NO_QUEUE_FOUND"),
    nf("GET /chatbot/:id", `/chatbot/${a.chatbotId}`, "ERR_NOT_FOUND"),
    nf("PUT /chatbot/:id", `/chatbot/${a.chatbotId}`, "ERR_NOT_FOUND", { name: "Hacked" }),
    nf("DELETE /chatbot/:id", `/chatbot/${a.chatbotId}`, "ERR_NOT_FOUND"),
    nf("POST /chatbot", "/chatbot", "ERR_NO_QUEUE_FOUND", { queueId: a.queueId, name: "Intrusa" }),
    nf("POST /chatbot", "/chatbot", "ERR_NOT_FOUND", { chatbotId: a.chatbotId, name: "Intrusa" }),
    nf("GET /whatsapp/:id", `/whatsapp/${a.whatsappId}`, "ERR_NO_WAPP_FOUND"),
    nf("PUT /whatsapp/:id", `/whatsapp/${a.whatsappId}`, "ERR_NO_WAPP_FOUND", { name: "Hacked" }),
    nf("DELETE /whatsapp/:id", `/whatsapp/${a.whatsappId}`, "ERR_NO_WAPP_FOUND"),
    nf("DELETE /whatsapp/:id/media-upload", `/whatsapp/${a.whatsappId}/media-upload`, "ERR_NO_WAPP_FOUND"),
    {
      route: "POST /whatsapp/:id/media-upload",
      path: `/whatsapp/${a.whatsappId}/media-upload`,
      form: () => {
        const form = new FormData();
        form.append("file", png(), "a.png");
        return form;
      },
      status: 404,
      code: "ERR_NO_WAPP_FOUND",
    },
    // A connection's integration and prompt of another company are as absent as missing ones (decision 0062).
    nf("POST /whatsapp", "/whatsapp", "ERR_NOT_FOUND", { name: "Intrusa", integrationId: a.integrationId }),
    nf("POST /whatsapp", "/whatsapp", "ERR_NOT_FOUND", { name: "Intrusa", promptId: a.promptId }),
    nf("GET /whatsapp/:whatsappId/templates", `/whatsapp/${a.whatsappId}/templates`, "ERR_NO_WAPP_FOUND"),
    nf("POST /whatsappsession/:id", `/whatsappsession/${a.whatsappId}`, "ERR_NO_WAPP_FOUND"),
    nf("PUT /whatsappsession/:id", `/whatsappsession/${a.whatsappId}`, "ERR_NO_WAPP_FOUND"),
    nf("DELETE /whatsappsession/:id", `/whatsappsession/${a.whatsappId}`, "ERR_NO_WAPP_FOUND"),
    nf("POST /closedimported/:id", `/closedimported/${a.whatsappId}`, "ERR_NO_WAPP_FOUND"),
    // Every company's connections are the super user's alone.
    {
      route: "DELETE /whatsappsession/admin/:id",
      path: `/whatsappsession/admin/${a.whatsappId}`,
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    { route: "GET /whatsapp/all", path: "/whatsapp/all", status: 403, code: "ERR_NO_PERMISSION" },
    // The super user's own ways into any company's connection (decision 0105): refused to everyone else.
    {
      route: "GET /whatsapp-admin/:id",
      path: `/whatsapp-admin/${a.whatsappId}`,
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    {
      route: "GET /whatsapp-admin/:id/references",
      path: `/whatsapp-admin/${a.whatsappId}/references`,
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    nf("GET /companySettings/:id", "/companySettings/1", "ERR_NO_SETTING_FOUND"),
    nf("PUT /companies/:id/schedules", "/companies/1/schedules", "ERR_NO_COMPANY_FOUND", { schedules: [] }),
    nf("GET /companies/:id", "/companies/1", "ERR_NO_COMPANY_FOUND"),
    // The companies page is the super user's alone (spec 3 §6); a company reads only its own plan.
    nf("GET /companies/listPlan/:id", "/companies/listPlan/1", "ERR_NO_COMPANY_FOUND"),
    { route: "GET /companies/list", path: "/companies/list", status: 403, code: "ERR_NO_PERMISSION" },
    { route: "GET /companies", path: "/companies", status: 403, code: "ERR_NO_PERMISSION" },
    { route: "GET /companiesPlan", path: "/companiesPlan", status: 403, code: "ERR_NO_PERMISSION" },
    {
      route: "POST /companies",
      path: "/companies",
      body: { name: "Invasora" },
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    {
      route: "PUT /companies/:id",
      path: "/companies/1",
      body: { name: "Invasora" },
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    { route: "DELETE /companies/:id", path: "/companies/1", status: 403, code: "ERR_NO_PERMISSION" },
    { route: "GET /companies/:id/users", path: "/companies/1/users", status: 403, code: "ERR_NO_PERMISSION" },
    {
      route: "POST /companies/:id/users",
      path: "/companies/1/users",
      body: { name: "Invasor", email: "invasor@example.com", password: "Invasor-1" },
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    {
      route: "PUT /companies/:id/users/:userId",
      path: "/companies/1/users/1",
      body: { name: "Invasor" },
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    {
      route: "DELETE /companies/:id/users/:userId",
      path: "/companies/1/users/1",
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    // The platform's branding is the super user's alone.
    {
      route: "POST /settings-whitelabel/logo",
      path: "/settings-whitelabel/logo",
      body: { mode: "Light" },
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    // Plans are the platform's, the super user's alone.
    { route: "GET /plans/all", path: "/plans/all", status: 403, code: "ERR_NO_PERMISSION" },
    { route: "POST /plans", path: "/plans", body: { name: "Invasor" }, status: 403, code: "ERR_NO_PERMISSION" },
    { route: "PUT /plans/:id", path: "/plans/1", body: { name: "Invasor" }, status: 403, code: "ERR_NO_PERMISSION" },
    { route: "DELETE /plans/:id", path: "/plans/1", status: 403, code: "ERR_NO_PERMISSION" },
    // Help videos are the platform's, edited by the super user alone.
    { route: "POST /helps", path: "/helps", body: { title: "Invasor" }, status: 403, code: "ERR_NO_PERMISSION" },
    { route: "PUT /helps/:id", path: "/helps/1", body: { title: "Invasor" }, status: 403, code: "ERR_NO_PERMISSION" },
    { route: "DELETE /helps/:id", path: "/helps/1", status: 403, code: "ERR_NO_PERMISSION" },
    // Announcements are the platform's, written by the super user alone (decision 0072).
    ...announcementWrites(),
    {
      route: "POST /settings/cert-upload",
      path: "/settings/cert-upload?ref=efi",
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
    // The caller's own company's setting: company 1's row must stay as it is (the snapshot).
    {
      route: "PUT /companySettings",
      path: "/companySettings",
      body: { column: "userRating", data: "enabled" },
      status: 200,
      code: "",
    },
    // Platform settings belong to the super user alone.
    {
      route: "PUT /settings/:key",
      path: "/settings/userCreation",
      body: { value: "disabled" },
      status: 403,
      code: "ERR_NO_PERMISSION",
    },
  ];
}

// Company 1's records, named by id in the walk below.
const a = forFile(async () => {
  const pool = core.db.pool;
  const a = {} as CompanyA;
  a.queueId = (await buildQueue(pool, { companyId: 1 })).id;
  a.whatsappId = (await buildWhatsapp(pool, { companyId: 1, phoneNumberId: "1111", accessToken: "t" })).id;
  a.contactNumber = "5511911112222";
  a.contactId = (await buildContact(pool, { companyId: 1, number: a.contactNumber })).id;
  const ticket = await buildTicket(pool, {
    companyId: 1,
    contactId: a.contactId,
    whatsappId: a.whatsappId,
    queueId: a.queueId,
    status: "open",
    userId: 1,
  });
  a.ticketId = ticket.id;
  a.ticketUuid = ticket.uuid;
  // One ticket per state the PUT bodies below act on: accept (pending) and reopen (closed).
  const waiting = await buildContact(pool, { companyId: 1 });
  a.pendingTicketId = (
    await buildTicket(pool, { companyId: 1, contactId: waiting.id, whatsappId: a.whatsappId, queueId: a.queueId })
  ).id;
  a.closedTicketId = (
    await buildTicket(pool, {
      companyId: 1,
      contactId: a.contactId,
      whatsappId: a.whatsappId,
      queueId: a.queueId,
      status: "closed",
      userId: 1,
    })
  ).id;
  a.messageId = randomUUID();
  await pool.query(
    `INSERT INTO messages (id, company_id, ticket_id, contact_id, whatsapp_id, user_id, body, from_me)
     VALUES ($1, 1, $2, $3, $4, 1, 'segredo da empresa 1', true)`,
    [a.messageId, a.ticketId, a.contactId, a.whatsappId],
  );
  a.tagId = (await pool.query("INSERT INTO tags (company_id, name) VALUES (1, 'vip') RETURNING id")).rows[0].id;
  await pool.query("INSERT INTO ticket_tags (ticket_id, tag_id, company_id) VALUES ($1, $2, 1)", [a.ticketId, a.tagId]);
  // Company 1's quick messages (the sync server's projection of its document).
  a.quickMessageId = (
    await pool.query(
      "INSERT INTO quick_messages (company_id, item_id, shortcode, message) VALUES (1, 'qm-1', 'vip-preco', 'segredo da empresa 1') RETURNING id",
    )
  ).rows[0].id;
  await pool.query("INSERT INTO contact_tags (contact_id, tag_id, company_id) VALUES ($1, $2, 1)", [
    a.contactId,
    a.tagId,
  ]);
  a.noteId = (
    await pool.query(
      "INSERT INTO ticket_notes (company_id, ticket_id, contact_id, user_id, note) VALUES (1, $1, $2, 1, 'nota') RETURNING id",
      [a.ticketId, a.contactId],
    )
  ).rows[0].id;
  a.userId = (await buildUser(pool, { companyId: 1, profile: "user" })).id;
  a.chatbotId = (
    await pool.query("INSERT INTO chatbots (company_id, queue_id, name) VALUES (1, $1, 'Segredo') RETURNING id", [
      a.queueId,
    ])
  ).rows[0].id;
  a.importId = (
    await pool.query(
      "INSERT INTO contact_imports (company_id, file_name, state, finished_at) VALUES (1, 'c.csv', 'finished', now()) RETURNING id",
    )
  ).rows[0].id;
  a.fileListId = (
    await pool.query(
      `INSERT INTO file_lists (company_id, name, message, options)
       VALUES (1, 'Lista secreta', 'segredo da empresa 1', '[{"name":"vip.png","path":"/media/1/x-vip.png","mediaType":"image"}]')
       RETURNING id`,
    )
  ).rows[0].id;
  a.scheduleId = (
    await pool.query(
      `INSERT INTO schedules (company_id, body, contact_id, send_at, anchor_at)
       VALUES (1, 'segredo da empresa 1', $1, now() + interval '1 day', now() + interval '1 day') RETURNING id`,
      [a.contactId],
    )
  ).rows[0].id;
  a.flowId = (
    await pool.query("INSERT INTO flows (company_id, name, flow) VALUES (1, 'segredo da empresa 1', NULL) RETURNING id")
  ).rows[0].id;
  a.flowCampaignId = (
    await pool.query(
      "INSERT INTO flow_campaigns (company_id, name, flow_id, phrase) VALUES (1, 'segredo da empresa 1', $1, 'vip') RETURNING id",
      [a.flowId],
    )
  ).rows[0].id;
  a.integrationId = (
    await pool.query(
      `INSERT INTO queue_integrations (company_id, type, name, url_n8n, signing_secret)
       VALUES (1, 'webhook', 'segredo da empresa 1', 'https://a.example.com', 'k') RETURNING id`,
    )
  ).rows[0].id;
  a.promptId = (
    await pool.query(
      `INSERT INTO prompts (company_id, name, prompt, api_key, queue_id)
       VALUES (1, 'segredo da empresa 1', 'segredo da empresa 1', 'sk-a', $1) RETURNING id`,
      [a.queueId],
    )
  ).rows[0].id;
  a.chatId = (
    await pool.query(
      "INSERT INTO chats (company_id, title, owner_id, last_message) VALUES (1, 'segredo da empresa 1', 1, 'segredo da empresa 1') RETURNING id",
    )
  ).rows[0].id;
  await pool.query(
    "INSERT INTO chat_users (chat_id, user_id, company_id, unreads) VALUES ($1, 1, 1, 1), ($1, $2, 1, 0)",
    [a.chatId, a.userId],
  );
  await pool.query(
    "INSERT INTO chat_messages (company_id, chat_id, sender_id, message) VALUES (1, $1, 1, 'segredo da empresa 1')",
    [a.chatId],
  );
  a.invoiceId = (
    await pool.query(
      "INSERT INTO invoices (company_id, detail, value, due_date) VALUES (1, 'segredo da empresa 1', 100, '2999-12-31') RETURNING id",
    )
  ).rows[0].id;
  a.contactListId = (
    await pool.query("INSERT INTO contact_lists (company_id, name) VALUES (1, 'segredo da empresa 1') RETURNING id")
  ).rows[0].id;
  a.contactListItemId = (
    await pool.query(
      `INSERT INTO contact_list_items (company_id, contact_list_id, name, number)
       VALUES (1, $1, 'segredo da empresa 1', $2) RETURNING id`,
      [a.contactListId, a.contactNumber],
    )
  ).rows[0].id;
  a.campaignId = (
    await pool.query(
      `INSERT INTO campaigns (company_id, name, whatsapp_id, contact_list_id, message1, status)
       VALUES (1, 'segredo da empresa 1', $1, $2, 'segredo da empresa 1', 'CANCELADA') RETURNING id`,
      [a.whatsappId, a.contactListId],
    )
  ).rows[0].id;
  return a;
});

// Company B signs up through the API, as any new customer would.
const b = forFile(async () => {
  const plans = await core.api("GET", "/plans/list");
  expect(plans.status).toBe(200);
  const email = `owner-${randomUUID().slice(0, 8)}@company-b.test`;
  const signup = await core.api("POST", "/auth/signup", {
    body: {
      name: "Owner B",
      email,
      password: "Secret-b1",
      phone: "5511999990000",
      companyName: "Company B",
      planId: plans.body[0].id,
    },
  });
  expect(signup.status).toBeLessThan(300);
  return { token: (await core.login(email, "Secret-b1")).token };
});

/** A request of the walk: the route it exercises (as the router names it), the call, and the exact refusal. */
type Walk = {
  route: string;
  path: string;
  body?: unknown;
  form?: () => FormData;
  status: number;
  /** The exact error code, or "" for a call that succeeds within the caller's own company. */
  code: string;
};

/**
 * Routes the walk does not call with company 1's ids, each with the reason. Lists and counts are checked by
 * "leaves the other company out of every list"; the rest take no record id of another company.
 */
const EXEMPT: Record<string, string> = {
  "GET /webhooks/whatsapp": "Meta's verification: matched by verify token, no session (webhook tests)",
  "POST /webhooks/whatsapp": "signed by the connection's app secret, no session (webhook tests)",
  "GET /webhooks/facebook": "Meta's verification: matched by the app's verify token, no session (messenger.test.ts)",
  "POST /webhooks/facebook": "signed by the app secret, no session (messenger.test.ts)",
  "POST /api/messages/send":
    "a connection's token names the company, no session; another company's userId/queueId answer 404 (external-api.test.ts)",
  "GET /version": "public, no company data",
  "GET /healthz": "a load balancer's probe: status, part and version, no company data",
  "GET /readyz": "a load balancer's probe: status, part, version and whether the database answers, no company data",
  "GET /metrics": "the platform's own figures for its operator, behind METRICS_TOKEN, no company data",
  "POST /auth/login": "public",
  "POST /auth/refresh_token": "the caller's own session",
  "DELETE /auth/logout": "the caller's own session",
  "GET /auth/me": "the caller's own user",
  "POST /auth/2fa/verify": "public, the challenge names its user (decision 0113)",
  "POST /auth/2fa/enrol": "public, the challenge names its user (decision 0113)",
  "POST /auth/2fa/enrol/confirm": "public, the challenge names its user (decision 0113)",
  "GET /two-factor": "the caller's own second factor",
  "POST /two-factor/setup": "the caller's own second factor",
  "POST /two-factor/confirm": "the caller's own second factor",
  "POST /two-factor/disable": "the caller's own second factor",
  "POST /two-factor/recovery-codes": "the caller's own second factor",
  "DELETE /two-factor/trusted-devices": "the caller's own trusted devices",
  "POST /auth/signup": "public, creates a new company",
  "POST /forgetpsw/:email": "public, mails a reset code to the account of a platform-unique e-mail (decision 0078)",
  "POST /resetpasswords/:email/:token/:newPassword": "public, the code names its user (decision 0078)",
  "GET /plans/list": "public plan list",
  "GET /public-settings/:key": "public branding",
  "GET /helps": "the platform's help videos, the same for every signed-in user",
  "GET /helps/list": "the platform's help videos, the same for every signed-in user",
  "GET /announcements": "the platform's announcements, the same active ones for every signed-in user (decision 0072)",
  "GET /announcement-media/:file": "public images of the platform's announcements (no company data)",
  "GET /ticketreport/reports": "list: checked for leaks below",
  "GET /branding/:file": "public branding files, one store for the platform (no company data)",
  "GET /sync/pull": "list: checked for leaks below",
  "POST /sync/push": "the same use cases as REST: core/src/sync/push-mutations.test.ts walks them with other ids",
  "GET /tickets": "list: checked for leaks below",
  "GET /dashboard/moments": "list: checked for leaks below",
  "GET /usersMoments": "list: checked for leaks below",
  "POST /tickets/closeAll": "own company only: checked below with the other company's queue",
  "GET /messages-allMe": "count: checked below",
  "GET /messages-search": "list: checked for leaks below",
  "GET /dashboard": "counts of the caller's company (a companyId in the query is ignored): checked below",
  "GET /dashboard/ticketsUsers": "the caller's company's users: checked below",
  "GET /dashboard/ticketsDay": "counts of the caller's company: checked below",
  "GET /contacts": "list: checked for leaks below",
  "GET /contacts/list": "list: checked for leaks below",
  "GET /contacts/export": "list: checked for leaks below",
  "POST /contacts": "creates in the caller's company (no foreign id; connection id walked through POST /tickets)",
  "POST /contactsImport": "creates in the caller's company",
  "POST /tags": "creates in the caller's company",
  "GET /tags/list": "list: checked for leaks below",
  "GET /tags": "list: checked for leaks below",
  "GET /tag/kanban": "list: checked for leaks below",
  "GET /ticket/kanban": "list: checked for leaks below",
  "GET /quick-messages/list": "list: checked for leaks below",
  "GET /quick-messages": "list: checked for leaks below",
  "POST /quick-messages":
    "writes the caller's own lists through the sync server, which checks the caller's token (sync-server/src/http/quick-message-writes.test.ts)",
  "GET /users": "list: checked for leaks below",
  "GET /users/list": "list: checked for leaks below",
  "POST /users": "creates in the caller's company",
  "GET /queue": "list: checked for leaks below",
  "GET /audit": "list: checked for leaks below",
  "GET /audit/export": "list: checked for leaks below",
  "GET /audit/retention": "the caller's company's retention (no foreign id)",
  "PUT /audit/retention": "sets the caller's company's retention (no foreign id)",
  "GET /schedules": "list: checked for leaks below",
  "GET /chats": "list: checked for leaks below",
  "GET /invoices/all": "list: checked for leaks below",
  "POST /webhooks/efi/:secret":
    "EFI's Pix notifications: the URL's secret, no session; each charge read back (invoices.test.ts)",
  "POST /webhooks/efi/:secret/pix":
    "EFI's Pix notifications: the URL's secret, no session; each charge read back (invoices.test.ts)",
  "POST /webhooks/stripe":
    "Stripe's notifications: signed, no session; the session read back names the company (payment-link-webhooks.test.ts)",
  "POST /webhooks/mercadopago":
    "Mercado Pago's notifications: signed, no session; the payment read back names the company (payment-link-webhooks.test.ts)",
  "POST /webhooks/asaas":
    "Asaas's notifications: its token, no session; the charge read back names the company (payment-link-webhooks.test.ts)",
  "POST /chats": "creates in the caller's company (another company's user: core/src/chats/chats.test.ts)",
  "GET /flowbuilder": "list: checked for leaks below",
  "POST /flowbuilder": "creates in the caller's company",
  "POST /flowbuilder/img": "stores in the caller's company's media (no foreign id)",
  "POST /flowbuilder/audio": "stores in the caller's company's media (no foreign id)",
  "POST /flowbuilder/content": "stores in the caller's company's media (no foreign id)",
  "GET /flowcampaign": "list: checked for leaks below",
  "GET /files": "list: checked for leaks below",
  "POST /files": "creates in the caller's company (its files come through uploadList, walked)",
  "GET /queueIntegration": "list: checked for leaks below",
  "POST /queueIntegration": "creates in the caller's company (no foreign id)",
  "POST /queueIntegration/testSession": "checks the posted credentials only (no stored record)",
  "GET /prompt": "list: checked for leaks below",
  "GET /contact-lists": "list: checked for leaks below",
  "GET /contact-lists/list": "list: checked for leaks below",
  "POST /contact-lists": "creates in the caller's company (no foreign id)",
  "GET /campaigns": "list: checked for leaks below",
  "GET /campaign-settings": "the caller's company's settings",
  "POST /campaign-settings": "saves the caller's company's settings (no foreign id)",
  "POST /queue": "creates in the caller's company",
  "GET /whatsapp": "list: checked for leaks below",
  "GET /whatsapp/filter": "list: checked for leaks below",
  "POST /facebook": "creates in the caller's company (another company's page: connect-facebook.test.ts)",
  "POST /whatsapp-restart": "restarts the caller's company's connections (connection-session.test.ts)",
  "GET /companySettingOne": "the caller's company's setting",
  "GET /settings": "platform settings: readable by every signed-in user (spec 1 §7)",
  "GET /setting/:key": "platform setting: readable by every signed-in user (spec 1 §7)",
  "GET /settings/installation":
    "the installation's environment (mail, PUBLIC_URL), no company's data; the super user's only (password-reset-without-mail.test.ts)",
  "GET /push/public-key": "the server's VAPID public key, the same for every caller",
  "POST /push/subscriptions":
    "saves the caller's own browser (no foreign id; an endpoint moves to whoever signs in on it: push.test.ts)",
  "DELETE /push/subscriptions":
    "by endpoint, not id: another user's or company's answers 404 (core/src/push/push.test.ts)",
};

/** The route of the router a walked request exercises, by matching its path against each pattern. */
function routeOf(routes: RouteEntry[], method: string, path: string): string | undefined {
  const bare = path.split("?")[0]!;
  const match = routes.find(
    (r) =>
      r.method === method &&
      new RegExp(`^${r.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(bare) &&
      // A literal route wins over a parameter route that also matches (e.g. /tickets/u/:uuid).
      !routes.some(
        (o) =>
          o !== r &&
          o.method === method &&
          o.path.split(":").length < r.path.split(":").length &&
          new RegExp(`^${o.path.replace(/:[A-Za-z]+/g, "[^/]+")}$`).test(bare),
      ),
  );
  return match && `${match.method} ${match.path}`;
}

describe("tenant isolation", () => {
  it("names every route of the router in the walk or in the exemptions, each with a reason", () => {
    const routes = listRoutes(core.app).map((r) => `${r.method} ${r.path}`);
    const walked = new Set(walk().map((w) => w.route));
    const missing = routes.filter((r) => !walked.has(r) && !(r in EXEMPT));
    expect(missing, "routes neither walked nor exempted").toEqual([]);
    const stale = [...walked, ...Object.keys(EXEMPT)].filter((r) => !routes.includes(r));
    expect(stale, "walked or exempted routes the router no longer has").toEqual([]);
    // Each walked request really exercises the route it names.
    const all = listRoutes(core.app);
    const misnamed = walk()
      .filter((w) => routeOf(all, w.route.split(" ")[0]!, w.path) !== w.route)
      .map((w) => `${w.route} <- ${w.path}`);
    expect(misnamed).toEqual([]);
  });

  it("answers every route given another company's ids with its exact refusal, and changes nothing", async () => {
    const before = await snapshot(1);
    const wrong: string[] = [];
    for (const w of walk()) {
      const method = w.route.split(" ")[0]!;
      const res = w.form
        ? await fetch(`${core.url}${w.path}`, {
            method,
            headers: { authorization: `Bearer ${b.token}` },
            body: w.form(),
          }).then(async (r) => ({ status: r.status, body: await r.json().catch(() => null) }))
        : await core.api(method, w.path, { token: b.token, body: w.body });
      if (res.status !== w.status || res.body?.error !== (w.code || undefined)) {
        wrong.push(`${method} ${w.path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 120)}, wanted ${w.code}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(1)).toEqual(before);
  });

  it("closes nothing of the other company when close-all names that company's queue", async () => {
    const before = await snapshot(1);
    for (const status of ["open", "pending"]) {
      const res = await core.api("POST", "/tickets/closeAll", {
        token: b.token,
        body: { status, selectedQueueIds: [a.queueId] },
      });
      expect(res.status, status).toBe(200);
      expect(res.body, status).toEqual({ closed: 0 });
    }
    const open = await core.db.pool.query("SELECT status FROM tickets WHERE id = ANY($1) ORDER BY id", [
      [a.ticketId, a.pendingTicketId],
    ]);
    expect(open.rows.map((r) => r.status)).toEqual(["open", "pending"]);
    expect(await snapshot(1)).toEqual(before);
  });

  it("counts only the caller's company's messages in /messages-allMe", async () => {
    const range = "dateStart=2000-01-01&dateEnd=2999-12-31";
    const theirs = await core.api("GET", `/messages-allMe?${range}`, { token: b.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body).toEqual({ count: 0 });
    // The same range counts company 1's message for its own admin: the zero above is the scoping.
    const own = await core.login("admin@chatflow.local", "chatflow");
    const mine = await core.api("GET", `/messages-allMe?${range}`, { token: own.token });
    expect(mine.body.count).toBeGreaterThanOrEqual(1);
  });

  it("counts only the caller's company on the dashboard, whatever companyId the query names", async () => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
    const range = `initialDate=${today}&finalDate=${today}&companyId=1`;
    const own = await core.login("admin@chatflow.local", "chatflow");
    const bMe = await core.api("GET", "/auth/me", { token: b.token });
    const bCompany = bMe.body.companyId as number;
    const count = async (companyId: number) =>
      (
        await core.db.pool.query(
          `SELECT count(*)::int AS n FROM tickets WHERE company_id = $1
           AND created_at >= ($2::date)::timestamp AT TIME ZONE 'America/Sao_Paulo'`,
          [companyId, today],
        )
      ).rows[0].n as number;
    // Company 1 has tickets today (the walk's seed): B's zero below is the scoping, not an empty database.
    expect(await count(1)).toBeGreaterThan(0);
    const theirs = await core.api("GET", "/dashboard?days=1&companyId=1", { token: b.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.counters.totalTickets).toBe(await count(bCompany));
    const mine = await core.api("GET", "/dashboard?days=1", { token: own.token });
    expect(mine.body.counters.totalTickets).toBe(await count(1));
    const bUsers = (
      await core.db.pool.query("SELECT id FROM users WHERE company_id = $1 ORDER BY id", [bCompany])
    ).rows.map((r) => r.id);
    const users = await core.api("GET", `/dashboard/ticketsUsers?${range}`, { token: b.token });
    expect(users.body.data.map((r: { id: number }) => r.id).sort()).toEqual(bUsers);
    expect(theirs.body.attendants.map((r: { id: number }) => r.id).sort()).toEqual(bUsers);
    const day = await core.api("GET", `/dashboard/ticketsDay?${range}`, { token: b.token });
    const total = day.body.count.reduce((s: number, c: { total: number }) => s + c.total, 0);
    expect(total).toBe(await count(bCompany));
  });

  it("leaves the other company out of every list", async () => {
    const lists = [
      "/tickets?showAll=true",
      "/tickets?showAll=true&status=open",
      `/tickets?searchParam=${a.contactNumber.slice(-6)}&showAll=true`,
      "/contacts",
      "/contacts/list",
      "/contacts/export",
      "/tags/list",
      "/tags",
      "/tag/kanban/",
      `/ticket/kanban?startDate=2000-01-01&endDate=2999-12-31&queueIds=${JSON.stringify([a.queueId])}`,
      "/users/",
      "/users/list",
      "/queue",
      "/audit",
      `/audit?companyId=1&userId=${a.userId}`,
      "/audit/export",
      "/audit/export?companyId=1",
      "/whatsapp",
      "/whatsapp/filter?channel=whatsappapi",
      "/messages-allMe?dateStart=2000-01-01&dateEnd=2999-12-31",
      "/messages-search?searchParam=segredo",
      "/quick-messages/list?companyId=1",
      "/quick-messages",
      "/quick-messages?searchParam=vip",
      "/schedules",
      `/schedules?contactId=${a.contactId}`,
      "/chats",
      "/chats?searchParam=segredo",
      "/invoices/all",
      "/invoices/all?searchParam=segredo",
      "/flowbuilder",
      "/flowbuilder?searchParam=segredo",
      "/flowcampaign",
      "/files",
      "/files?searchParam=segredo",
      "/queueIntegration",
      "/queueIntegration?searchParam=segredo",
      "/prompt",
      "/contact-lists",
      "/contact-lists?searchParam=segredo",
      "/contact-lists/list",
      "/campaigns",
      "/campaigns?searchParam=segredo",
      "/campaign-settings",
      "/sync/pull",
      "/dashboard/moments",
      `/dashboard/moments?queueIds=${JSON.stringify([a.queueId])}&userId=${a.userId}`,
      "/usersMoments",
      "/ticketreport/reports",
      `/ticketreport/reports?searchParam=${a.contactNumber.slice(-6)}&pageSize=50`,
      `/ticketreport/reports?contactId=${a.contactId}&whatsappId=${JSON.stringify([a.whatsappId])}`,
    ];
    const leaks: string[] = [];
    const secrets = [a.contactNumber, "segredo da empresa 1", a.ticketUuid, "vip"];
    for (const path of lists) {
      const res = await core.api("GET", path, { token: b.token });
      const text = JSON.stringify(res.body);
      // A refused request shows nothing and so proves nothing: every list must answer.
      if (res.status !== 200) leaks.push(`${path} -> ${res.status}`);
      for (const s of secrets) if (text.includes(s)) leaks.push(`${path} shows ${s}`);
    }
    expect(leaks).toEqual([]);
  });
  it("answers a connection token another company holds as a new one; only the caller's own clash (decision 0039)", async () => {
    const theirs = `empresa1-${randomUUID().slice(0, 12)}`;
    // The walk above turned company B's ratings on: a connection then needs its rating fields.
    const rating = { ratingMessage: "Dê uma nota", expiresTicketNPS: 5 };
    await core.db.pool.query("UPDATE whatsapps SET token = $1 WHERE id = $2 AND company_id = 1", [
      theirs,
      a.whatsappId,
    ]);
    const fresh = await core.api("POST", "/whatsapp", {
      token: b.token,
      body: { name: "B fresh token", token: `nova-${randomUUID().slice(0, 12)}`, ...rating },
    });
    const taken = await core.api("POST", "/whatsapp", {
      token: b.token,
      body: { name: "B same token", token: theirs, ...rating },
    });
    expect([fresh.status, taken.status]).toEqual([201, 201]);
    expect(taken.body.token).toBe(theirs);
    // Company B's own connection now holds it: that clash, within the company, is still named.
    const update = await core.api("PUT", `/whatsapp/${fresh.body.id}`, {
      token: b.token,
      body: { token: theirs, ...rating },
    });
    expect(update.status).toBe(400);
    expect(update.body).toMatchObject({ error: "ERR_VALIDATION", fields: { token: "Token already in use" } });
    const held = await core.db.pool.query("SELECT token FROM whatsapps WHERE id = $1 AND company_id = 1", [
      a.whatsappId,
    ]);
    expect(held.rows[0].token).toBe(theirs);
  });

  it("applies a pushed mutation whose client id another company's user already used, as a new one", async () => {
    const clientId = `client-${randomUUID()}`;
    const own = await core.login("admin@chatflow.local", "chatflow");
    const push = (token: string, name: string) =>
      core.api("POST", "/sync/push", {
        token,
        body: { clientId, mutations: [{ id: 1, name: "createTag", args: { name, color: "#112233" } }] },
      });
    const first = await push(own.token, `tag-a-${clientId.slice(-6)}`);
    expect(first.body).toEqual({ results: [{ id: 1, ok: true }] });
    const second = await push(b.token, `tag-b-${clientId.slice(-6)}`);
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ results: [{ id: 1, ok: true }] });
    const tags = await core.api("GET", "/tags/list", { token: b.token });
    expect(tags.body.map((t: { name: string }) => t.name)).toContain(`tag-b-${clientId.slice(-6)}`);
    // The same user's replay is still applied once.
    const replay = await push(b.token, `tag-b-${clientId.slice(-6)}`);
    expect(replay.body).toEqual({ results: [{ id: 1, ok: true }] });
    const again = await core.api("GET", "/tags/list", { token: b.token });
    expect(again.body.filter((t: { name: string }) => t.name.startsWith("tag-b-")).length).toBe(1);
  });
});
