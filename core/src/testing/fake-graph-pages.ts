// A stand-in for the Graph API's Messenger and Instagram side in tests: a real HTTP server on loopback that
// answers as Meta does the calls Chat-flow makes for Facebook pages and Instagram accounts (decision 0052):
// a user's pages (GET /{user-id}/accounts), the webhook subscription (POST /{page-id}/subscribed_apps),
// profiles (GET /{psid}), the Send API (POST /{page-id}/messages, JSON or multipart) and the files behind
// attachment and profile picture URLs (GET /files/{name}).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { DEAD_TOKEN_MESSAGES } from "./fake-graph-phone-numbers.ts";
import { closeServer, listenOnLoopback } from "./loopback-server.ts";

/** A page as GET /{user-id}/accounts lists it. */
export type FakePage = {
  id: string;
  name: string;
  accessToken: string;
  instagram?: { id: string; username: string; name?: string };
};

/** One call to the Send API as the fake read it. */
export type FakeSend = {
  pageId: string;
  authorization: string | undefined;
  /** The JSON body, or the multipart form's recipient/message fields parsed. */
  body: {
    recipient?: { id?: string; user_ref?: string };
    message?: Record<string, unknown>;
    messaging_type?: string;
    [k: string]: unknown;
  };
  /** A multipart send's file part. */
  file: { bytes: Buffer; type: string; name: string } | null;
};

export type FakeGraphReply = { status: number; body: unknown } | { delayMs: number; then?: FakeGraphReply };

export type FakeGraphPages = {
  /** The Graph API root, as GRAPH_API_URL would be. */
  url: string;
  /** Makes `userToken` the token of `userId`, who manages `pages`. */
  user(userId: string, userToken: string, pages: FakePage[]): void;
  /** A contact's profile, readable with `pageToken` (Messenger: first/last name; Instagram: name, username). */
  profile(id: string, pageToken: string, p: Record<string, string>): void;
  /** A file served at `${url}/files/{name}` (attachments, profile pictures); answers its URL. */
  file(name: string, bytes: Uint8Array, mime: string): string;
  /** Every request, "METHOD path" (query included), in arrival order. */
  calls: string[];
  /** Pages subscribed to the app's webhooks, with the fields asked. */
  subscriptions: { pageId: string; fields: string; authorization: string | undefined }[];
  sends: FakeSend[];
  /** Overrides a send's answer; undefined for the default success ({recipient_id, message_id}). */
  sendReply: ((send: FakeSend) => FakeGraphReply | undefined) | null;
  /** The Meta app whose id and secret may exchange user tokens (GET /oauth/access_token, fb_exchange_token). */
  app(id: string, secret: string): void;
  /** Each exchange made: the short-lived token given and the long-lived one answered. */
  exchanges: { from: string; to: string }[];
  /** Instagram-scoped ids (IGSID): sends to them follow Instagram's rules (no phone_number button). */
  instagramRecipients: Set<string>;
  /** Refuses every call carrying `token` as Meta refuses a dead one (code 190, OAuthException, this subcode). */
  revoke(token: string, subcode: 463 | 460 | 458 | 467): void;
  /** "ok" answers as Meta; "error" answers 500 to everything. */
  mode: "ok" | "error";
  reset(): void;
  close(): Promise<void>;
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

const graphError = (res: ServerResponse, status: number, message: string, code: number, subcode?: number) =>
  json(res, status, {
    error: { message, type: "OAuthException", code, ...(subcode ? { error_subcode: subcode } : {}), fbtrace_id: "f" },
  });

/** The token a request carries: the bearer header, or access_token in the query. */
function tokenOf(req: IncomingMessage, url: URL): string | undefined {
  return (
    /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? url.searchParams.get("access_token") ?? undefined
  );
}

export async function startFakeGraphPages(): Promise<FakeGraphPages> {
  const users = new Map<string, { token: string; pages: FakePage[] }>();
  const profiles = new Map<string, { token: string; fields: Record<string, string> }>();
  const files = new Map<string, { bytes: Buffer; mime: string }>();
  const revoked = new Map<string, number>();
  const apps = new Map<string, string>();
  let sent = 0;
  const fake = {
    url: "",
    calls: [] as string[],
    subscriptions: [] as FakeGraphPages["subscriptions"],
    sends: [] as FakeSend[],
    sendReply: null as FakeGraphPages["sendReply"],
    mode: "ok" as FakeGraphPages["mode"],
    user(userId: string, userToken: string, pages: FakePage[]) {
      users.set(userId, { token: userToken, pages });
    },
    profile(id: string, pageToken: string, fields: Record<string, string>) {
      profiles.set(id, { token: pageToken, fields });
    },
    file(name: string, bytes: Uint8Array, mime: string) {
      files.set(name, { bytes: Buffer.from(bytes), mime });
      return `${fake.url}/files/${name}`;
    },
    exchanges: [] as { from: string; to: string }[],
    instagramRecipients: new Set<string>(),
    app(id: string, secret: string) {
      apps.set(id, secret);
    },
    revoke(token: string, subcode: 463 | 460 | 458 | 467) {
      revoked.set(token, subcode);
    },
    reset() {
      revoked.clear();
      fake.exchanges.length = 0;
      fake.instagramRecipients.clear();
      fake.calls.length = 0;
      fake.subscriptions.length = 0;
      fake.sends.length = 0;
      fake.sendReply = null;
      fake.mode = "ok";
    },
  };

  async function answer(res: ServerResponse, reply: FakeGraphReply | undefined, success: () => unknown) {
    if (reply && "delayMs" in reply) {
      await new Promise((r) => setTimeout(r, reply.delayMs));
      return answer(res, reply.then, success);
    }
    if (reply) return json(res, reply.status, reply.body);
    json(res, 200, success());
  }

  async function readSend(req: IncomingMessage, raw: Buffer, pageId: string): Promise<FakeSend> {
    const type = req.headers["content-type"] ?? "";
    const send: FakeSend = { pageId, authorization: req.headers.authorization, body: {}, file: null };
    if (type.startsWith("multipart/form-data")) {
      const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } })
        .formData()
        .catch(() => null);
      for (const key of ["recipient", "message", "messaging_type"]) {
        const v = form?.get(key);
        if (typeof v === "string") send.body[key] = key === "messaging_type" ? v : JSON.parse(v);
      }
      const file = form?.get("filedata");
      if (file instanceof File) {
        send.file = { bytes: Buffer.from(await file.arrayBuffer()), type: file.type, name: file.name };
      }
    } else {
      try {
        send.body = JSON.parse(raw.toString("utf8"));
      } catch {
        /* recorded as empty */
      }
    }
    return send;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://fake");
    fake.calls.push(`${req.method} ${url.pathname}${url.search}`);
    if (fake.mode === "error") return graphError(res, 500, "An unexpected error has occurred.", 2);
    const token = tokenOf(req, url);
    const dead = token ? revoked.get(token) : undefined;
    if (dead) return graphError(res, 400, DEAD_TOKEN_MESSAGES[dead] ?? "Error validating access token.", 190, dead);
    const fileName = /^\/files\/([^/]+)$/.exec(url.pathname)?.[1];
    if (req.method === "GET" && fileName) {
      const f = files.get(fileName);
      if (!f) return void res.writeHead(404).end();
      return void res.writeHead(200, { "content-type": f.mime, "content-length": f.bytes.length }).end(f.bytes);
    }
    const path = /^\/v[\d.]+\/([^/]+)(?:\/([a-z_]+))?$/.exec(url.pathname);
    if (!path) return graphError(res, 400, "Unknown path components", 2500);
    const [, node, edge] = path as unknown as [string, string, string | undefined];
    if (req.method === "GET" && node === "oauth" && edge === "access_token") {
      // Meta's "Long-Lived Access Tokens": {access_token, token_type, expires_in} for a valid user token of the app.
      const q = url.searchParams;
      const clientId = q.get("client_id") ?? "";
      if (q.get("grant_type") !== "fb_exchange_token" || !apps.has(clientId)) {
        return graphError(res, 400, "Error validating application. Invalid application ID.", 101);
      }
      if (apps.get(clientId) !== q.get("client_secret"))
        return graphError(res, 400, "Error validating client secret.", 1);
      const short = q.get("fb_exchange_token") ?? "";
      const owner = [...users.entries()].find(([, u]) => u.token === short);
      if (!owner) return graphError(res, 400, "Invalid OAuth access token - Cannot parse access token", 190);
      const long = `long-${short}`;
      // The long-lived token is the same user's: it lists the same pages.
      users.set(owner[0], { ...owner[1], token: long });
      fake.exchanges.push({ from: short, to: long });
      return json(res, 200, { access_token: long, token_type: "bearer", expires_in: 5183944 });
    }
    if (req.method === "GET" && edge === "accounts") {
      const u = users.get(node);
      if (!token || u?.token !== token) return graphError(res, 400, "Invalid OAuth access token.", 190);
      const fields = url.searchParams.get("fields") ?? "";
      return json(res, 200, {
        data: u.pages.map((p) => ({
          id: p.id,
          name: p.name,
          access_token: p.accessToken,
          ...(p.instagram && fields.includes("instagram_business_account")
            ? { instagram_business_account: p.instagram }
            : {}),
        })),
        paging: { cursors: { before: "b", after: "a" } },
      });
    }
    const pageTokens = new Map([...users.values()].flatMap((u) => u.pages.map((p) => [p.id, p.accessToken])));
    if (req.method === "POST" && edge === "subscribed_apps") {
      if (!token || pageTokens.get(node) !== token) return graphError(res, 400, "Invalid OAuth access token.", 190);
      const fields =
        url.searchParams.get("subscribed_fields") ?? new URLSearchParams(raw.toString()).get("subscribed_fields");
      fake.subscriptions.push({ pageId: node, fields: fields ?? "", authorization: req.headers.authorization });
      return json(res, 200, { success: true });
    }
    if (req.method === "POST" && edge === "messages") {
      const send = await readSend(req, raw, node);
      fake.sends.push(send);
      if (!token || pageTokens.get(node) !== token) return graphError(res, 400, "Invalid OAuth access token.", 190);
      const instagram = fake.instagramRecipients.has(send.body.recipient?.id ?? "");
      const refusal =
        quickRepliesRefusal(send.body.message) ??
        buttonTemplateRefusal(send.body.message, instagram) ??
        genericTemplateRefusal(send.body.message, instagram);
      if (refusal) return graphError(res, 400, refusal, 100);
      return answer(res, fake.sendReply?.(send), () => ({
        recipient_id: send.body.recipient?.id,
        message_id: `m_FAKE${++sent}`,
      }));
    }
    if (req.method === "GET" && !edge && pageTokens.has(node) && url.searchParams.get("fields") === "id") {
      // The token's check of a connected page (decision 0093): the page reads itself with its token.
      if (!token || pageTokens.get(node) !== token) return graphError(res, 400, "Invalid OAuth access token.", 190);
      return json(res, 200, { id: node });
    }
    if (req.method === "GET" && !edge) {
      const p = profiles.get(node);
      if (!p || p.token !== token) return graphError(res, 400, `Object with ID '${node}' does not exist`, 100);
      const wanted = (url.searchParams.get("fields") ?? "").split(",");
      const out: Record<string, string> = { id: node };
      for (const f of wanted) if (p.fields[f] !== undefined) out[f] = p.fields[f];
      return json(res, 200, out);
    }
    return graphError(res, 400, "Unsupported request", 100);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  fake.url = await listenOnLoopback(server);
  return Object.assign(fake, { close: () => closeServer(server) });
}

/** The Send API's rules for a button template (Meta's reference): text of 1 to 640 characters, 1 to 3 buttons, each
 * titled in at most 20 characters; a web_url button's url is http(s), a phone_number button's payload starts with +.
 * Instagram's button template (Instagram Messaging, "Button Template") documents only web_url and postback buttons. */
function buttonTemplateRefusal(message: Record<string, unknown> | undefined, instagram: boolean): string | null {
  const attachment = message?.attachment as { type?: string; payload?: Record<string, unknown> } | undefined;
  if (attachment?.type !== "template" || attachment.payload?.template_type !== "button") return null;
  const { text, buttons } = attachment.payload;
  if (typeof text !== "string" || text.length === 0 || [...text].length > 640) {
    return "(#100) param message[attachment][payload][text] must be at most 640 characters";
  }
  if (!Array.isArray(buttons) || buttons.length === 0 || buttons.length > 3) {
    return "(#100) param message[attachment][payload][buttons] must have between 1 and 3 elements";
  }
  return buttonsRefusal(buttons as Record<string, unknown>[], instagram);
}

function buttonsRefusal(buttons: Record<string, unknown>[], instagram: boolean): string | null {
  for (const b of buttons) {
    if (typeof b.title !== "string" || [...b.title].length < 1 || [...b.title].length > 20) {
      return "(#100) Title has a 20 character limit";
    }
    if (instagram && b.type === "phone_number") return "(#100) Invalid button type";
    if (b.type === "web_url" && !(typeof b.url === "string" && /^https?:\/\//.test(b.url))) return "(#100) Invalid URL";
    if (b.type === "phone_number" && !(typeof b.payload === "string" && /^\+\d{6,}$/.test(b.payload))) {
      return "(#100) Invalid phone number";
    }
    if (b.type !== "web_url" && b.type !== "phone_number" && b.type !== "postback") return "(#100) Invalid button type";
  }
  return null;
}

/** The Send API's rules for a generic template (Messenger's "Generic template" reference; Instagram's "Generic
 * Template" is the same with web_url and postback buttons): 1 to 10 elements, each with a title of 1 to 80 characters,
 * an optional subtitle of at most 80, at least one property besides the title, a default_action as a URL button
 * without title, and at most 3 buttons. */
function genericTemplateRefusal(message: Record<string, unknown> | undefined, instagram: boolean): string | null {
  const attachment = message?.attachment as { type?: string; payload?: Record<string, unknown> } | undefined;
  if (attachment?.type !== "template" || attachment.payload?.template_type !== "generic") return null;
  const elements = attachment.payload.elements;
  if (!Array.isArray(elements) || elements.length === 0 || elements.length > 10) {
    return "(#100) param message[attachment][payload][elements] must have between 1 and 10 elements";
  }
  for (const e of elements as Record<string, unknown>[]) {
    if (typeof e.title !== "string" || [...e.title].length < 1 || [...e.title].length > 80) {
      return "(#100) param elements[0][title] must be a non-empty string of at most 80 characters";
    }
    if (e.subtitle !== undefined && (typeof e.subtitle !== "string" || [...e.subtitle].length > 80)) {
      return "(#100) param elements[0][subtitle] must be at most 80 characters";
    }
    if (Object.keys(e).filter((k) => k !== "title").length === 0) {
      return "(#100) Incomplete element data: title and at least one other field (image url, subtitle or buttons) is required with non-empty value";
    }
    const action = e.default_action as Record<string, unknown> | undefined;
    if (
      action &&
      (action.type !== "web_url" ||
        !(typeof action.url === "string" && /^https?:\/\//.test(action.url)) ||
        "title" in action)
    ) {
      return "(#100) Invalid default_action";
    }
    const buttons = e.buttons;
    if (buttons !== undefined) {
      if (!Array.isArray(buttons) || buttons.length > 3)
        return "(#100) param elements[0][buttons] must have at most 3 elements";
      const refusal = buttonsRefusal(buttons as Record<string, unknown>[], instagram);
      if (refusal) return refusal;
    }
  }
  return null;
}

/** The Send API's rules for quick replies (Meta's reference): at most 13, each a text of 1 to 20 characters with a
 * payload of at most 1,000, on a message with text of at most 2,000 characters. */
function quickRepliesRefusal(message: Record<string, unknown> | undefined): string | null {
  const replies = message?.quick_replies;
  if (replies === undefined) return null;
  if (!Array.isArray(replies) || replies.length === 0 || replies.length > 13) {
    return "(#100) param message[quick_replies] must have between 1 and 13 elements";
  }
  if (typeof message?.text !== "string" || message.text.length === 0 || message.text.length > 2000) {
    return "(#100) param message[text] must be a non-empty UTF-8 encoded string of at most 2000 characters";
  }
  for (const r of replies as Record<string, unknown>[]) {
    const title = r.title;
    if (r.content_type !== "text" || typeof title !== "string" || [...title].length < 1 || [...title].length > 20) {
      return "(#100) Title has a 20 character limit";
    }
    if (typeof r.payload !== "string" || r.payload.length === 0 || r.payload.length > 1000) {
      return "(#100) Payload has a 1000 character limit";
    }
  }
  return null;
}
