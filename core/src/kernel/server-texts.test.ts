// Server texts in one language (docs/architecture.md "Texts"): an error's message is English, the PWA shows its
// own words by the error's code; where the specification gives the text (a message the old product answered),
// it is the specification's, word for word. Field messages (`invalidInput(message, field)`, `fields`) are the
// form's words in pt-BR like the specification's validation messages, and are not checked here.
import { glob, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as errors from "./errors.ts";

const ROOT = path.resolve(import.meta.dirname, "../../..");

/** The error messages the specification gives (spec 2 §7 and spec 3 §9; spec 1 §7 POST /messages/transcribe). */
const SPEC_TEXTS = new Set([
  "Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.",
  "Dados de transcrição inválidos",
]);

/** The factories whose first argument is the error's message (not a field's). */
const MESSAGE_FIRST =
  /\b(?:wrongState|noPermission|sessionExpired|tooManyRequests|planLimitReached|creatingMessage|creatingTicket|audioNotTranscribable|transcriptionFailed|invalidTranscriptionData|paymentProviderFailed|payloadTooLarge|unsupportedMediaType|new AppError\(\s*"[A-Z_]+",)\(?\s*(["'`])((?:(?!\1).)*)\1/gs;

const notEnglish = (text: string) => /[^\x20-\x7E]/.test(text) && !SPEC_TEXTS.has(text);

describe("server texts", () => {
  it("every fixed error message of the kernel is English or the specification's own", () => {
    const messages: string[] = [];
    for (const make of Object.values(errors)) {
      if (typeof make !== "function" || make.length > 0 || make === errors.AppError) continue;
      const made = (make as () => unknown)();
      if (made instanceof errors.AppError) messages.push(made.message);
    }
    expect(messages.length).toBeGreaterThan(30);
    expect(messages.filter(notEnglish)).toEqual([]);
  });

  it("no error thrown in the server parts carries a message in another language than the specification's", async () => {
    const found: string[] = [];
    let files = 0;
    for await (const file of glob("{core,channel-worker,sync-server}/src/**/*.ts", { cwd: ROOT })) {
      if (file.endsWith(".test.ts") || file.includes(`${path.sep}testing${path.sep}`)) continue;
      files += 1;
      const text = await readFile(path.join(ROOT, file), "utf8");
      for (const m of text.matchAll(MESSAGE_FIRST)) if (notEnglish(m[2]!)) found.push(`${file}: ${m[2]}`);
    }
    expect(files).toBeGreaterThan(400);
    expect(found).toEqual([]);
  });

  it("finds a message written in Portuguese (the check itself)", () => {
    const sample = 'throw wrongState("O ticket está fechado");\nnew AppError("ERR_X", "Tag já existe")';
    expect([...sample.matchAll(MESSAGE_FIRST)].map((m) => m[2] ?? "").filter(notEnglish)).toEqual([
      "O ticket está fechado",
      "Tag já existe",
    ]);
  });
});
