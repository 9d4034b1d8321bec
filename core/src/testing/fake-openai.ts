// A stand-in for OpenAI's audio transcription endpoint in tests: a real HTTP
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

export type FakeOpenAi = {
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
  const fake = { url: "", key, calls: [], reply: { text: "Olá, tudo bem?" } } as Omit<FakeOpenAi, "close">;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
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
