// The Graph API's message_templates edge of a WhatsApp Business Account, for the stand-ins on loopback (this file's
// own server for core's tests, and channel-worker's fake Graph API for the whole stack): GET
// /{version}/{waba-id}/message_templates answers the account's templates to the token that reaches it, as Meta does.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A template as Meta stores it (the edge's `data` items). */
export type GraphTemplate = {
  name: string;
  language: string;
  status: "APPROVED" | "PENDING" | "REJECTED" | "PAUSED";
  category: string;
  components: { type: string; format?: string; text?: string; buttons?: { type: string; text: string }[] }[];
};

export type TemplateAccounts = {
  /** waba id -> the token that reaches it and its templates. */
  accounts: Map<string, { token: string; templates: GraphTemplate[] }>;
  /** Every message_templates call, with the token it carried. */
  calls: { path: string; authorization: string | undefined }[];
  /** "error": answers 500 to the next calls; "ok" as Meta. */
  mode: "ok" | "error";
};

export const newTemplateAccounts = (): TemplateAccounts => ({ accounts: new Map(), calls: [], mode: "ok" });

const error = (status: number, message: string, code: number) => ({
  status,
  body: { error: { message, type: "OAuthException", code, fbtrace_id: "fake" } },
});

/** The answer to `path` when it is a message_templates call; null for any other path. */
export function templatesAnswer(
  store: TemplateAccounts,
  method: string | undefined,
  path: string,
  authorization: string | undefined,
): { status: number; body: unknown } | null {
  const url = new URL(path, "http://fake");
  const m = /^\/v[\d.]+\/(\d+)\/message_templates$/.exec(url.pathname);
  if (method !== "GET" || !m) return null;
  store.calls.push({ path, authorization });
  if (store.mode === "error") return error(500, "An unexpected error has occurred.", 2);
  const token = /^Bearer (.+)$/.exec(authorization ?? "")?.[1];
  const account = store.accounts.get(m[1]!);
  if (!token) return error(401, "Invalid OAuth access token.", 190);
  if (!account || account.token !== token) {
    return error(400, `Unsupported get request. Object with ID '${m[1]}' does not exist`, 100);
  }
  const status = url.searchParams.get("status");
  const data = account.templates.filter((t) => !status || t.status === status);
  return { status: 200, body: { data, paging: { cursors: { before: "b", after: "a" } } } };
}

/** A server that answers only the message_templates edge (core's tests point GRAPH_API_URL at it). */
export async function startFakeGraphTemplates(): Promise<TemplateAccounts & { url: string; close(): Promise<void> }> {
  const store = newTemplateAccounts();
  const server = createServer((req, res) => {
    const answer = templatesAnswer(store, req.method, req.url ?? "/", req.headers.authorization) ?? {
      status: 400,
      body: { error: { message: "Unknown path components", code: 2500 } },
    };
    res.writeHead(answer.status, { "content-type": "application/json" }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(store, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Templates a test account holds: one with a text header and body variables, one plain, one not approved. */
export const SAMPLE_TEMPLATES: GraphTemplate[] = [
  {
    name: "pedido_atualizado",
    language: "pt_BR",
    status: "APPROVED",
    category: "UTILITY",
    components: [
      { type: "HEADER", format: "TEXT", text: "Pedido {{1}}" },
      { type: "BODY", text: "Olá {{1}}, seu pedido foi {{2}}." },
      { type: "FOOTER", text: "Loja Exemplo" },
      { type: "BUTTONS", buttons: [{ type: "QUICK_REPLY", text: "Falar com atendente" }] },
    ],
  },
  {
    name: "retomar_conversa",
    language: "pt_BR",
    status: "APPROVED",
    category: "UTILITY",
    components: [{ type: "BODY", text: "Olá! Podemos continuar o seu atendimento?" }],
  },
  {
    name: "promocao_nova",
    language: "pt_BR",
    status: "PENDING",
    category: "MARKETING",
    components: [{ type: "BODY", text: "Promoção {{1}}" }],
  },
];
