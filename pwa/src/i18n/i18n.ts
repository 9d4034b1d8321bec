// i18next set up with the four interface languages (spec 1 §1); pt-BR is the
// default and the fallback. The chosen language is remembered on this device.
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import type { FeatureTexts } from "./define-texts.ts";
import { en } from "./locales/en.ts";
import { es } from "./locales/es.ts";
import { ptBR } from "./locales/pt-br.ts";
import { tr } from "./locales/tr.ts";

export const LANGUAGES = ["pt-BR", "en", "es", "tr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";

/** Every `*.texts.ts` beside the code of a feature (define-texts.ts), found at build time. */
const FEATURE_TEXTS = Object.values(
  import.meta.glob<FeatureTexts>("../**/*.texts.ts", { eager: true, import: "texts" }),
);

/** The locale files plus each feature's texts under its namespace. */
export const RESOURCES: Record<Language, Record<string, unknown>> = Object.fromEntries(
  LANGUAGES.map((language) => {
    const base: Record<string, unknown> = { ...{ "pt-BR": ptBR, en, es, tr }[language] };
    for (const feature of FEATURE_TEXTS) {
      if (feature.namespace in base) throw new Error(`i18n namespace "${feature.namespace}" is taken twice`);
      base[feature.namespace] = feature[language];
    }
    return [language, base];
  }),
) as Record<Language, Record<string, unknown>>;

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
  resources: Object.fromEntries(LANGUAGES.map((l) => [l, { translation: RESOURCES[l] }])),
  lng: storedLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  // React escapes on render already.
  interpolation: { escapeValue: false },
  // Resources are bundled, so finish synchronously and render translated text on the first paint.
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
