import { ERROR_CODES } from "@chatflow/core/contract/errors.ts";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError, NetworkError } from "../api/errors.ts";
import { i18n, LANGUAGES, RESOURCES } from "./i18n.ts";
import { errorText } from "./translate-error.ts";

/** Every dotted key with the {{placeholders}} its text uses. */
function flatten(tree: object, prefix = ""): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, [...value.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? "").sort());
    else for (const [k, v] of flatten(value as object, path)) out.set(k, v);
  }
  return out;
}

afterEach(async () => {
  await i18n.changeLanguage("pt-BR");
});

describe("#i18n", () => {
  const reference = flatten(RESOURCES["pt-BR"]);

  it.each(LANGUAGES)("%s has exactly the keys and placeholders of pt-BR, none empty", (language) => {
    const keys = flatten(RESOURCES[language]);
    expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, placeholders] of keys) expect(placeholders, key).toEqual(reference.get(key));
    for (const key of keys.keys()) expect(i18n.getFixedT(language)(key), key).not.toBe("");
  });

  it("mounts each feature's *.texts.ts under its namespace, in every language", () => {
    expect(i18n.getFixedT("pt-BR")("quickMessages.title")).toBe("Respostas rápidas");
    expect(i18n.getFixedT("en")("quickMessages.title")).toBe("Quick messages");
  });

  it("translates every error code of the contract", () => {
    for (const code of ERROR_CODES) expect(i18n.exists(`backendErrors.${code}`), code).toBe(true);
  });

  it("defaults to pt-BR with the spec's wording", () => {
    expect(i18n.language).toBe("pt-BR");
    expect(i18n.t("messages.empty")).toBe("Diga olá para seu novo contato!");
    expect(i18n.t("messages.today")).toBe("HOJE");
    expect(i18n.t("layout.sessionOtherComputer")).toBe("Sua conta foi acessada em outro computador.");
    expect(i18n.t("tickets.tabs.open")).toBe("Atendendo");
    expect(i18n.t("tickets.tabs.pending")).toBe("Aguardando");
  });
});

describe("#errorText (spec 1 §8 display rule)", () => {
  it("translates a known server code", async () => {
    const err = new ApiError(401, { error: "ERR_INVALID_CREDENTIALS", message: "bad" });
    expect(errorText(err)).toBe("Erro de autenticação. Por favor, tente novamente.");
    await i18n.changeLanguage("en");
    expect(errorText(err)).toBe("Authentication error. Please try again.");
  });

  it("shows an unknown code raw, a string as is, anything else generically", () => {
    expect(errorText({ error: "ERR_SOMETHING_NEW", message: "x" })).toBe("ERR_SOMETHING_NEW");
    expect(errorText("Falhou")).toBe("Falhou");
    expect(errorText(new Error("x"))).toBe("An error occurred!");
    expect(errorText(new NetworkError(null))).toBe("Sem conexão com o servidor. Tente novamente.");
  });
});
