// A stand-in for the Graph API in tests: a real HTTP server on loopback that
// records every request it receives and answers like the messages endpoint,
// the media upload endpoint, and media retrieval (URL, then download).
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { DEAD_TOKEN_MESSAGES } from "@chatflow/core/testing/fake-graph-phone-numbers.ts";
import {
  newTemplateAccounts,
  type TemplateAccounts,
  templatesAnswer,
} from "@chatflow/core/testing/fake-graph-templates.ts";
import { forFile } from "@chatflow/core/testing/for-file.ts";

export type GraphRequest = {
  method: string;
  path: string;
  /** The phone number id from /{version}/{phone_number_id}/messages. */
  phoneNumberId: string;
  authorization: string | undefined;
  body: { to?: string; type?: string; text?: { body?: string }; [k: string]: unknown };
};

/** One POST /{version}/{phone_number_id}/media, as the fake read its multipart body. */
export type GraphUpload = {
  phoneNumberId: string;
  authorization: string | undefined;
  /** The form's fields: messaging_product and type (the mime type we declared). */
  messagingProduct: string | null;
  type: string | null;
  /** The file part: its bytes, its own content type and name. */
  bytes: Buffer;
  fileType: string;
  fileName: string;
  /** The media id the fake answered (null when it refused). */
  id: string | null;
};

/** A media file the fake serves to inbound downloads (GET /{version}/{media_id}, then its url). */
export type GraphMedia = { bytes: Buffer; mime: string };

/** What the fake answers a request with; the default is a success with a fresh wamid. */
export type GraphReply = { status: number; body: unknown } | { delayMs: number; then?: GraphReply };

export type FakeGraphApi = {
  url: string;
  port: number;
  /** Requests to the messages endpoint (and any request the fake does not serve). */
  requests: GraphRequest[];
  /** Overrides the answer (per request); return undefined for the default success. */
  reply: ((req: GraphRequest) => GraphReply | undefined) | null;
  /** Media uploads, in arrival order (also the refused ones). */
  uploads: GraphUpload[];
  /** Overrides the answer to an upload; undefined for the default success ({id}). */
  uploadReply: ((upload: GraphUpload) => GraphReply | undefined) | null;
  /** Media the fake serves by id; serveMedia adds one. */
  media: Map<string, GraphMedia>;
  /** Every media retrieval (the lookup and the download), with the token it carried. */
  downloads: { path: string; authorization: string | undefined }[];
  /** Stores a file to be downloaded by id, as WhatsApp keeps a contact's media; answers the id. */
  serveMedia(bytes: Uint8Array, mime: string): string;
  /** The WhatsApp Business Accounts whose message_templates edge it answers (GET /{version}/{waba}/message_templates). */
  templates: TemplateAccounts;
  /** Reads of a node's id (GET /{version}/{phone-number-id}?fields=id: the token's check), "path|authorization". */
  checks: string[];
  /**
   * Refuses every call carrying `accessToken` as Meta refuses a dead token (Graph API "Handling Errors": HTTP 400, code
   * 190, type OAuthException; error_subcode 463 expired, 460 password changed, 458 app removed, 467 invalid).
   */
  revoke(accessToken: string, subcode: 463 | 460 | 458 | 467): void;
  /** Forgets what was received and the reply overrides, between tests (served media stays). */
  reset(): void;
  /** Closes the port (and every open connection): the next connect is refused. */
  close(): Promise<void>;
  /** Listens again on the same port (no-op while open). */
  reopen(): Promise<void>;
};

/** A fake for the tests of the file (or describe block): what it received is forgotten after each test. */
export function fakeGraphApiForFile(): FakeGraphApi {
  return forFile(() => startFakeGraphApi(), { afterEach: (fake) => fake.reset(), stop: (fake) => fake.close() });
}

/** `wamidPrefix`: how the wamids it answers begin, so two stand-ins in one test never answer the same one. */
export async function startFakeGraphApi(port = 0, o: { wamidPrefix?: string } = {}): Promise<FakeGraphApi> {
  const wamidPrefix = o.wamidPrefix ?? "wamid.FAKE";
  let served = 0;
  let mediaIds = 1000;
  let server: Server | null = null;
  const revoked = new Map<string, number>();
  const fake: FakeGraphApi = {
    url: "",
    port,
    requests: [],
    reply: null,
    uploads: [],
    uploadReply: null,
    media: new Map(),
    downloads: [],
    checks: [],
    revoke(accessToken, subcode) {
      revoked.set(accessToken, subcode);
    },
    templates: newTemplateAccounts(),
    serveMedia(bytes, mime) {
      const id = `${++mediaIds}${process.pid}`;
      fake.media.set(id, { bytes: Buffer.from(bytes), mime });
      return id;
    },
    reset() {
      fake.reply = null;
      fake.uploadReply = null;
      fake.requests.length = 0;
      fake.uploads.length = 0;
      fake.downloads.length = 0;
      fake.checks.length = 0;
      revoked.clear();
    },
    async close() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async reopen() {
      if (!server) await listen(fake.port);
    },
  };

  /** Answers `reply` (after its delays), or the endpoint's success when there is none. */
  async function answer(
    res: ServerResponse,
    reply: GraphReply | undefined,
    success: () => { status: number; body: unknown },
  ): Promise<void> {
    if (reply && "delayMs" in reply) {
      await new Promise((r) => setTimeout(r, reply.delayMs));
      return answer(res, reply.then, success);
    }
    const { status, body } = reply ?? success();
    json(res, status, body);
  }

  const messageSent = (req: GraphRequest) => () => ({
    status: 200,
    body: {
      messaging_product: "whatsapp",
      contacts: [{ input: req.body.to, wa_id: req.body.to }],
      messages: [{ id: `${wamidPrefix}${++served}` }],
    },
  });

  function json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
  }
  const unsupported = { error: { message: "Unsupported request", type: "GraphMethodException", code: 100 } };

  async function handleUpload(req: IncomingMessage, raw: Buffer, res: ServerResponse, path: string): Promise<void> {
    const form = await new Response(new Uint8Array(raw), {
      headers: { "content-type": req.headers["content-type"] ?? "" },
    })
      .formData()
      .catch(() => null);
    const file = form?.get("file");
    const upload: GraphUpload = {
      phoneNumberId: path.split("/")[2] ?? "",
      authorization: req.headers.authorization,
      messagingProduct: (form?.get("messaging_product") as string | null) ?? null,
      type: (form?.get("type") as string | null) ?? null,
      bytes: file instanceof Blob ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0),
      fileType: file instanceof Blob ? file.type : "",
      fileName: file instanceof File ? file.name : "",
      id: null,
    };
    fake.uploads.push(upload);
    if (!(file instanceof Blob)) {
      return json(res, 400, { error: { message: "(#100) The parameter file is required.", code: 100 } });
    }
    return answer(res, fake.uploadReply?.(upload), () => {
      upload.id = `${++mediaIds}`;
      return { status: 200, body: { id: upload.id } };
    });
  }

  /** GET /{version}/{media_id}: where to download it; GET /download/{media_id}: the bytes. Both need the token. */
  function handleMedia(req: IncomingMessage, res: ServerResponse, path: string): void {
    fake.downloads.push({ path, authorization: req.headers.authorization });
    const download = /^\/download\/([^/?]+)$/.exec(path);
    const id = download?.[1] ?? path.split("/")[2]?.split("?")[0] ?? "";
    const media = fake.media.get(id);
    if (!req.headers.authorization?.startsWith("Bearer ")) {
      json(res, 401, { error: { message: "Invalid OAuth access token.", code: 190 } });
    } else if (!media) {
      json(res, 404, { error: { message: "Unsupported get request.", code: 100 } });
    } else if (download) {
      res.writeHead(200, { "content-type": media.mime, "content-length": media.bytes.length }).end(media.bytes);
    } else {
      json(res, 200, {
        messaging_product: "whatsapp",
        url: `${fake.url}/download/${id}`,
        mime_type: media.mime,
        sha256: createHash("sha256").update(media.bytes).digest("hex"),
        file_size: media.bytes.length,
        id,
      });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const path = req.url ?? "";
    const check = /^\/v[\d.]+\/(\d+)\?fields=id$/.exec(path);
    if (req.method === "GET" && check) fake.checks.push(`${path}|${req.headers.authorization ?? ""}`);
    const dead = revoked.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1] ?? "");
    if (dead) {
      return json(res, 400, {
        error: {
          message: DEAD_TOKEN_MESSAGES[dead] ?? "Error validating access token.",
          type: "OAuthException",
          code: 190,
          error_subcode: dead,
          fbtrace_id: "AbCdEfGhIjK",
        },
      });
    }
    if (req.method === "GET" && check) {
      if (!req.headers.authorization?.startsWith("Bearer ")) {
        return json(res, 400, {
          error: { message: "An access token is required.", type: "OAuthException", code: 104 },
        });
      }
      return json(res, 200, { id: check[1] });
    }
    if (req.method === "POST" && /^\/v[\d.]+\/[^/]+\/media$/.test(path)) return handleUpload(req, raw, res, path);
    const templates = templatesAnswer(fake.templates, req.method, path, req.headers.authorization);
    if (templates) return json(res, templates.status, templates.body);
    if (req.method === "GET" && /^\/(v[\d.]+|download)\/[^/]+$/.test(path.split("?")[0]!)) {
      return handleMedia(req, res, path);
    }
    let body: GraphRequest["body"] = {};
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      /* recorded as empty */
    }
    const recorded: GraphRequest = {
      method: req.method ?? "",
      path,
      phoneNumberId: path.split("/")[2] ?? "",
      authorization: req.headers.authorization,
      body,
    };
    fake.requests.push(recorded);
    if (req.method !== "POST" || !/^\/v[\d.]+\/[^/]+\/messages$/.test(path)) {
      return answer(res, { status: 400, body: unsupported }, messageSent(recorded));
    }
    return answer(res, fake.reply?.(recorded), messageSent(recorded));
  }

  async function listen(p: number): Promise<void> {
    const s = createServer((req, res) => {
      handle(req, res).catch(() => res.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      s.once("error", reject);
      s.listen(p, "127.0.0.1", () => resolve());
    });
    server = s;
    fake.port = (s.address() as AddressInfo).port;
    fake.url = `http://127.0.0.1:${fake.port}`;
  }

  await listen(port);
  return fake;
}

/** The texts the fake received, in arrival order. */
export const sentTexts = (fake: FakeGraphApi): string[] => fake.requests.map((r) => r.body.text?.body ?? "");
