// i18next set up with the four interface languages (spec 1 §1); pt-BR is the
// default and the fallback. The chosen language is remembered on this device.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { en } from "./locales/en.ts";
import { es } from "./locales/es.ts";
import { ptBR } from "./locales/pt-br.ts";
import { tr } from "./locales/tr.ts";

export const LANGUAGES = ["pt-BR", "en", "es", "tr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";

/** The four locale files: what the screens before sign-in (login) and the shell need. */
export const BASE_RESOURCES: Record<Language, Record<string, unknown>> = { "pt-BR": ptBR, en, es, tr };

let featureTexts: Promise<void> | undefined;

/**
 * Mounts every feature's texts (feature-texts.ts: each `*.texts.ts` under its namespace, in
 * every language) into i18next, once. The private screens wait for it (withFeatureTexts), so
 * none of them paints a raw key; /login never loads it.
 */
export function loadFeatureTexts(): Promise<void> {
  featureTexts ??= import("./feature-texts.ts").then(
    ({ FEATURE_TEXTS }) => {
      const taken = new Set(Object.keys(ptBR));
      for (const feature of FEATURE_TEXTS) {
        if (taken.has(feature.namespace)) throw new Error(`i18n namespace "${feature.namespace}" is taken twice`);
        taken.add(feature.namespace);
        for (const language of LANGUAGES) {
          i18n.addResourceBundle(language, "translation", { [feature.namespace]: feature[language] }, true, false);
        }
      }
    },
    (err: unknown) => {
      // A failed chunk request (offline without the service worker's copy): let the next try fetch again.
      featureTexts = undefined;
      throw err;
    },
  );
  return featureTexts;
}

/** Wraps a lazy screen's loader so that the screen renders only once the feature texts are mounted too. */
export function withFeatureTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadFeatureTexts()]).then(([module]) => module);
}

const STORAGE_KEY = "language";

function storedLanguage(): Language {
  try {
    const value = globalThis.localStorage?.getItem(STORAGE_KEY);
    return (LANGUAGES as readonly string[]).includes(value ?? "") ? (value as Language) : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

void i18n.use(initReactI18next).init({
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: structuredClone(BASE_RESOURCES[l]) }])),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  // React escapes on render already.
  interpolation: { escapeValue: false },
  // The base locales are bundled, so finish synchronously and render translated text on the first paint.
  initAsync: false,
});

export async function changeLanguage(language: Language): Promise<void> {
  await i18n.changeLanguage(language);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

export { i18n };
