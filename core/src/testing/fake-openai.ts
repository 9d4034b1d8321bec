// A stand-in for OpenAI in tests (audio transcription, and Chat Completions for AI prompts): a real HTTP
// server on loopback that checks the key, reads the multipart upload and records it.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type TranscriptionCall = {
  authorization: string | undefined;
  model: string;
  fileName: string;
  fileType: string;
  fileBytes: Buffer;
};

/** What the fake answers a valid request with: a text (possibly empty), or an error status. */
export type TranscriptionReply = { text: string } | { status: number };

/** A Chat Completions request the fake got (the body as sent). */
export type ChatCall = {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[]; max_tokens?: number; temperature?: number };
};

export type FakeOpenAi = {
  /** Valid Chat Completions requests, in arrival order. */
  chatCalls: ChatCall[];
  /** The assistant's answer to a Chat Completions request (the last user message by default). */
  chatReply: (messages: ChatCall["body"]["messages"]) => string;
  /** The API root, as OPENAI_BASE_URL would be (ends in /v1). */
  url: string;
  /** The only key the fake accepts. */
  key: string;
  /** Valid transcription requests, in arrival order. */
  calls: TranscriptionCall[];
  reply: TranscriptionReply;
  close(): Promise<void>;
};

function openAiError(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { "content-type": "application/json" })
    .end(JSON.stringify({ error: { message, type: "invalid_request_error", code: null } }));
}

export async function startFakeOpenAi(key = "sk-test-transcribe"): Promise<FakeOpenAi> {
  const fake = {
    url: "",
    key,
    calls: [],
    reply: { text: "Olá, tudo bem?" },
    chatCalls: [],
    chatReply: (messages) => `Resposta a: ${messages.at(-1)?.content ?? ""}`,
  } as Omit<FakeOpenAi, "close">;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    if (req.method === "POST" && req.url === "/v1/chat/completions") {
      if (req.headers.authorization !== `Bearer ${fake.key}`) {
        return openAiError(res, 401, "Incorrect API key provided.");
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChatCall["body"];
      fake.chatCalls.push({ authorization: req.headers.authorization, body });
      const content = fake.chatReply(body.messages);
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: `chatcmpl-${fake.chatCalls.length}`,
          object: "chat.completion",
          model: body.model,
          choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
        }),
      );
      return;
    }
    if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions") {
      return openAiError(res, 404, `Invalid URL (${req.method} ${req.url})`);
    }
    if (req.headers.authorization !== `Bearer ${fake.key}`) {
      return openAiError(res, 401, "Incorrect API key provided.");
    }
    // The WHATWG Request parses multipart exactly as a real server would, boundary and all.
    let form: FormData;
    try {
      form = await new Request("http://fake/", {
        method: "POST",
        headers: { "content-type": req.headers["content-type"] ?? "" },
        body: Buffer.concat(chunks),
      }).formData();
    } catch {
      return openAiError(res, 400, "Could not parse multipart form");
    }
    const file = form.get("file");
    const model = form.get("model");
    if (!(file instanceof File) || typeof model !== "string" || !model) {
      return openAiError(res, 400, "file and model are required");
    }
    fake.calls.push({
      authorization: req.headers.authorization,
      model,
      fileName: file.name,
      fileType: file.type,
      fileBytes: Buffer.from(await file.arrayBuffer()),
    });
    const reply = fake.reply;
    if ("status" in reply) return openAiError(res, reply.status, "The server had an error processing your request.");
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ text: reply.text }));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return Object.assign(fake, {
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
