import { ERROR_CODES } from "@chatflow/core/contract/errors.ts";
import { EMAIL_UNAVAILABLE_MESSAGE } from "@chatflow/core/contract/users.ts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NetworkError } from "../api/errors.ts";
import { FEATURE_TEXTS } from "./feature-texts.ts";
import { serverFieldErrors } from "./form-errors.ts";
import { BASE_LOCALES, i18n, LANGUAGES, loadFeatureTexts, withFeatureTexts } from "./i18n.ts";
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

/** What i18next holds for a language: the base locale plus every feature's texts (mounted by the pwa tests' setup). */
const resources = (language: string) => i18n.getResourceBundle(language, "translation") as object;

describe("#i18n", () => {
  const reference = flatten(resources("pt-BR"));

  it.each(LANGUAGES)("%s has exactly the keys and placeholders of pt-BR, none empty", (language) => {
    const keys = flatten(resources(language));
    expect([...keys.keys()].sort()).toEqual([...reference.keys()].sort());
    for (const [key, placeholders] of keys) expect(placeholders, key).toEqual(reference.get(key));
    for (const key of keys.keys()) expect(i18n.getFixedT(language)(key), key).not.toBe("");
  });

  it("mounts each feature's *.texts.ts under its namespace, in every language", () => {
    expect(i18n.getFixedT("pt-BR")("quickMessages.title")).toBe("Respostas rápidas");
    expect(i18n.getFixedT("en")("quickMessages.title")).toBe("Quick messages");
  });

  it("keeps every feature's texts out of the base locales that /login loads", async () => {
    expect(FEATURE_TEXTS.length).toBeGreaterThan(0);
    const bases = await Promise.all(LANGUAGES.map((language) => BASE_LOCALES[language]()));
    for (const feature of FEATURE_TEXTS) {
      for (const base of bases) expect(base, feature.namespace).not.toHaveProperty(feature.namespace);
      expect(i18n.exists(`${feature.namespace}`), feature.namespace).toBe(true);
    }
  });

  it("answers a private screen's module through withFeatureTexts and loads the texts once", async () => {
    let resolveScreen: (m: { Screen: string }) => void = () => {};
    const screen = new Promise<{ Screen: string }>((r) => {
      resolveScreen = r;
    });
    const loaded = withFeatureTexts(() => screen)();
    resolveScreen({ Screen: "screen" });
    expect(await loaded).toEqual({ Screen: "screen" });
    expect(loadFeatureTexts()).toBe(loadFeatureTexts());
    expect(i18n.getFixedT("tr")("quickMessages.title")).not.toBe("quickMessages.title");
  });

  it("holds a private screen's loader until the feature texts are mounted, even when its code came first", async () => {
    // A fresh i18n.ts whose feature-texts chunk arrives only when the test says so.
    vi.resetModules();
    let arrive: () => void = () => {};
    const arrived = new Promise<void>((r) => {
      arrive = r;
    });
    vi.doMock("./feature-texts.ts", async () => {
      await arrived;
      return {
        FEATURE_TEXTS: [
          {
            namespace: "lateFeature",
            "pt-BR": { t: "chegou" },
            en: { t: "arrived" },
            es: { t: "llegó" },
            tr: { t: "geldi" },
          },
        ],
      };
    });
    const fresh = (await import("./i18n.ts")) as typeof import("./i18n.ts");
    let settled = false;
    const loaded = fresh
      .withFeatureTexts(async () => ({ Screen: "screen" }))()
      .then((m) => {
        settled = true;
        return m;
      });
    // The screen's code is in; let every pending callback and I/O turn run: still held.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(settled).toBe(false);
    expect(fresh.i18n.exists("lateFeature.t")).toBe(false);
    arrive();
    expect(await loaded).toEqual({ Screen: "screen" });
    expect(fresh.i18n.getFixedT("pt-BR")("lateFeature.t")).toBe("chegou");
    // Only the languages in use are mounted (issue 24); another's feature texts come with it when it is chosen.
    expect(fresh.i18n.getResource("en", "translation", "lateFeature.t")).toBeUndefined();
    await fresh.changeLanguage("en");
    expect(fresh.i18n.getFixedT("en")("lateFeature.t")).toBe("arrived");
    vi.doUnmock("./feature-texts.ts");
    vi.resetModules();
  });

  it("ships pt-BR alone; another language's base texts load when it is chosen or stored", async () => {
    vi.resetModules();
    vi.stubGlobal("localStorage", { getItem: () => "es", setItem: () => {} });
    try {
      const fresh = (await import("./i18n.ts")) as typeof import("./i18n.ts");
      expect(fresh.i18n.language).toBe("es");
      expect(fresh.i18n.hasResourceBundle("en", "translation")).toBe(false);
      // The entry paints once the stored language's texts are in.
      await fresh.i18nReady;
      expect(fresh.i18n.t("tickets.tabs.pending")).toBe("Esperando");
      await fresh.changeLanguage("en");
      expect(fresh.i18n.t("tickets.tabs.pending")).toBe("Waiting");
      expect(fresh.i18n.hasResourceBundle("tr", "translation")).toBe(false);
    } finally {
      vi.unstubAllGlobals();
      vi.resetModules();
    }
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

describe("#serverFieldErrors", () => {
  it("translates core's neutral refusal of an e-mail held by another company (decision 0044)", async () => {
    expect(serverFieldErrors({ email: EMAIL_UNAVAILABLE_MESSAGE })).toEqual({
      email: "Este e-mail não pode ser usado. Informe outro.",
    });
    await i18n.changeLanguage("en");
    expect(serverFieldErrors({ email: EMAIL_UNAVAILABLE_MESSAGE }).email).toBe(
      "This e-mail cannot be used. Enter another one.",
    );
  });
});
