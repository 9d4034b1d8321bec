// Stand-ins for the outside services of queue integrations in tests, each a real HTTP server on loopback:
// a webhook/n8n receiver that records what it got and answers a scripted status, and a Typebot API with
// startChat and continueChat (the shapes of Typebot's v1 chat API) driven by a scripted bot.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { closeServer, listenOnLoopback } from "./loopback-server.ts";

async function listen(handle: (req: IncomingMessage, body: string, res: ServerResponse) => void): Promise<{
  server: Server;
  url: string;
}> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => handle(req, Buffer.concat(chunks).toString("utf8"), res));
  });
  return { server, url: await listenOnLoopback(server) };
}

export type ReceivedPost = { path: string; headers: IncomingMessage["headers"]; body: string };

export type FakeWebhookReceiver = {
  url: string;
  received: ReceivedPost[];
  /** Statuses answered to the next posts, in order; 200 once it is empty. */
  statuses: number[];
  close(): Promise<void>;
};

export async function startFakeWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const fake = { received: [], statuses: [] } as unknown as FakeWebhookReceiver;
  const { server, url } = await listen((req, body, res) => {
    fake.received.push({ path: req.url ?? "", headers: req.headers, body });
    res.writeHead(fake.statuses.shift() ?? 200, { "content-type": "application/json" }).end("{}");
  });
  return Object.assign(fake, { url: `${url}/hook`, close: () => closeServer(server) });
}

export type TypebotTurn = {
  texts: string[];
  /** The choices of the question the bot waits on; none for a text question. */
  choices?: string[];
  /** The bot waits for an answer; false ends its conversation. */
  waits?: boolean;
};

export type TypebotCall = { path: string; body: Record<string, unknown> };

export type FakeTypebot = {
  url: string;
  slug: string;
  calls: TypebotCall[];
  /** What the bot says when a chat starts. */
  start: TypebotTurn;
  /** What it says to an answer (the answer as continueChat got it). */
  reply: (answer: string) => TypebotTurn;
  /** Sessions this fake has forgotten: continueChat on them answers 404. */
  forgotten: Set<string>;
  close(): Promise<void>;
};

const richText = (text: string) => [{ type: "p", children: [{ text }] }];

export async function startFakeTypebot(slug = "atendimento-bot"): Promise<FakeTypebot> {
  let sessions = 0;
  const fake = {
    slug,
    calls: [],
    forgotten: new Set<string>(),
    start: { texts: ["Olá! Eu sou o robô."], waits: true },
    reply: (answer: string) => ({ texts: [`Você disse: ${answer}`], waits: true }),
  } as unknown as FakeTypebot;
  const answer = (res: ServerResponse, turn: TypebotTurn, sessionId?: string) => {
    const input =
      turn.waits === false
        ? undefined
        : turn.choices
          ? { id: "in", type: "choice input", items: turn.choices.map((content, i) => ({ id: `c${i}`, content })) }
          : { id: "in", type: "text input" };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        ...(sessionId ? { sessionId } : {}),
        messages: turn.texts.map((t, i) => ({ id: `m${i}`, type: "text", content: { richText: richText(t) } })),
        ...(input ? { input } : {}),
      }),
    );
  };
  const { server, url } = await listen((req, raw, res) => {
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(raw || "{}");
    } catch {
      return res.writeHead(400).end();
    }
    fake.calls.push({ path: req.url ?? "", body });
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(req.url ?? "");
    if (req.method === "POST" && start) {
      if (start[1] !== fake.slug) return res.writeHead(404).end(JSON.stringify({ message: "Typebot not found" }));
      return answer(res, fake.start, `session-${++sessions}`);
    }
    const cont = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(req.url ?? "");
    if (req.method === "POST" && cont) {
      if (fake.forgotten.has(cont[1]!)) return res.writeHead(404).end(JSON.stringify({ message: "Session not found" }));
      return answer(res, fake.reply(String(body.message ?? "")));
    }
    res.writeHead(404).end();
  });
  return Object.assign(fake, { url, close: () => closeServer(server) });
}

export type DialogflowCall = { session: string; text: string; languageCode: string };

export type FakeDialogflow = {
  /** The API root (as DIALOGFLOW_BASE_URL would be) and Google's token endpoint (the key's token_uri). */
  url: string;
  tokenUri: string;
  /** A service-account key whose token_uri is this fake, as the integration's jsonContent. */
  jsonKey: (projectId: string) => string;
  /** Assertions that failed the signature check, and detectIntent calls with a valid token. */
  badAssertions: number;
  calls: DialogflowCall[];
  /** The agent's answer to a text: its messages, and whether the intent ends the interaction. */
  reply: (text: string) => { texts: string[]; end?: boolean };
  close(): Promise<void>;
};

export async function startFakeDialogflow(): Promise<FakeDialogflow> {
  const { generateKeyPairSync, verify } = await import("node:crypto");
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const token = "ya29.fake-dialogflow-token";
  const fake = {
    badAssertions: 0,
    calls: [],
    reply: (text: string) => ({ texts: [`Intenção detectada para: ${text}`] }),
  } as unknown as FakeDialogflow;
  const { server, url } = await listen((req, raw, res) => {
    if (req.method === "POST" && req.url === "/token") {
      const assertion = new URLSearchParams(raw).get("assertion") ?? "";
      const [head, claims, signature] = assertion.split(".");
      const ok =
        head &&
        claims &&
        signature &&
        verify("RSA-SHA256", Buffer.from(`${head}.${claims}`), publicKey, Buffer.from(signature, "base64url"));
      if (!ok) {
        fake.badAssertions++;
        return res.writeHead(400).end(JSON.stringify({ error: "invalid_grant" }));
      }
      return res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: token, expires_in: 3600, token_type: "Bearer" }));
    }
    const detect = /^\/v2\/projects\/[^/]+\/agent\/sessions\/([^/:]+):detectIntent$/.exec(req.url ?? "");
    if (req.method === "POST" && detect) {
      if (req.headers.authorization !== `Bearer ${token}`) return res.writeHead(401).end();
      const body = JSON.parse(raw) as { queryInput: { text: { text: string; languageCode: string } } };
      const { text, languageCode } = body.queryInput.text;
      fake.calls.push({ session: detect[1]!, text, languageCode });
      const answer = fake.reply(text);
      return res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          queryResult: {
            queryText: text,
            fulfillmentText: answer.texts[0] ?? "",
            fulfillmentMessages: answer.texts.map((t) => ({ text: { text: [t] } })),
            intent: { displayName: "teste", endInteraction: answer.end === true },
          },
        }),
      );
    }
    res.writeHead(404).end();
  });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  return Object.assign(fake, {
    url,
    tokenUri: `${url}/token`,
    jsonKey: (projectId: string) =>
      JSON.stringify({
        type: "service_account",
        project_id: projectId,
        client_email: `bot@${projectId}.iam.gserviceaccount.com`,
        private_key: pem,
        token_uri: `${url}/token`,
      }),
    close: () => closeServer(server),
  });
}

export type FakeSpeech = {
  /** As TTS_BASE_URL would be (the region is not part of a loopback host). */
  url: string;
  key: string;
  /** Valid synthesis requests: the SSML and the output format asked for. */
  calls: { ssml: string; format: string | undefined }[];
  close(): Promise<void>;
};

/** A stand-in for Azure's text-to-speech REST API: checks the key, records the SSML, answers Ogg bytes. */
export async function startFakeSpeech(key = "speech-key-1"): Promise<FakeSpeech> {
  const fake = { key, calls: [] } as unknown as FakeSpeech;
  const { server, url } = await listen((req, raw, res) => {
    if (req.method !== "POST" || req.url !== "/cognitiveservices/v1") return res.writeHead(404).end();
    if (req.headers["ocp-apim-subscription-key"] !== fake.key) return res.writeHead(401).end();
    fake.calls.push({ ssml: raw, format: req.headers["x-microsoft-outputformat"] as string | undefined });
    res.writeHead(200, { "content-type": "audio/ogg" }).end(Buffer.concat([Buffer.from("OggS"), Buffer.alloc(60)]));
  });
  return Object.assign(fake, { url, close: () => closeServer(server) });
}
