// i18next set up with the four interface languages (spec 1 §1); pt-BR is the
// default and the fallback. The chosen language is remembered on this device.
// Only pt-BR's base locale ships with the entry; another language's is its own
// chunk, loaded before the first paint when it is the stored choice (i18nReady).
import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { eachInSlices } from "../util/yield-to-main.ts";
import type { FeatureTexts } from "./define-texts.ts";
import { ptBR } from "./locales/pt-br.ts";

export const LANGUAGES = ["pt-BR", "en", "es", "tr"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "pt-BR";

type Texts = Record<string, unknown>;

/** The four base locale files: what the screens before sign-in (login) and the shell need. */
export const BASE_LOCALES: Record<Language, () => Promise<Texts>> = {
  "pt-BR": () => Promise.resolve(ptBR),
  en: () => import("./locales/en.ts").then((m) => m.en),
  es: () => import("./locales/es.ts").then((m) => m.es),
  tr: () => import("./locales/tr.ts").then((m) => m.tr),
};

const baseLoaded = new Map<Language, Promise<void>>();

/**
 * Mounts a language's base locale into i18next, once, and its feature texts when they are loaded (both are
 * merged). A failed chunk request (offline without the service worker's copy) is tried again next time.
 */
export function loadLanguage(language: Language): Promise<void> {
  let loaded = baseLoaded.get(language);
  if (!loaded) {
    loaded = BASE_LOCALES[language]().then(
      (texts) => {
        i18n.addResourceBundle(language, "translation", structuredClone(texts), true, false);
        // Feature texts that failed to load are loadFeatureTexts's to retry, not this language's.
        return featureModule?.then(
          () => mountFeatureTexts(language),
          () => undefined,
        );
      },
      (err: unknown) => {
        baseLoaded.delete(language);
        throw err;
      },
    );
    baseLoaded.set(language, loaded);
  }
  return loaded;
}

let featureModule: Promise<FeatureTexts[]> | undefined;
let features: readonly FeatureTexts[] = [];
const featuresMounted = new Map<Language, Promise<void>>();

/**
 * One language's feature texts into i18next, once, a few features per task (issue 24: all four languages in one go
 * held a phone's main thread for about 70 ms while the inbox first loaded). Only the languages in use are mounted:
 * pt-BR (the fallback) and the chosen one; another is mounted when it is chosen (loadLanguage).
 */
function mountFeatureTexts(language: Language): Promise<void> {
  let mounted = featuresMounted.get(language);
  if (!mounted) {
    mounted = eachInSlices(features, (feature) => {
      i18n.addResourceBundle(language, "translation", { [feature.namespace]: feature[language] }, true, false);
    });
    featuresMounted.set(language, mounted);
  }
  return mounted;
}

let featureTexts: Promise<void> | undefined;

/**
 * Mounts every feature's texts (feature-texts.ts: each `*.texts.ts` under its namespace) into i18next, once, for
 * the languages whose base locale is loaded. The private screens wait for it (withFeatureTexts), so none of them
 * paints a raw key; /login never loads it.
 */
export function loadFeatureTexts(): Promise<void> {
  if (featureTexts) return featureTexts;
  featureModule = import("./feature-texts.ts").then(({ FEATURE_TEXTS }) => {
    const taken = new Set(Object.keys(ptBR));
    for (const feature of FEATURE_TEXTS) {
      if (taken.has(feature.namespace)) throw new Error(`i18n namespace "${feature.namespace}" is taken twice`);
      taken.add(feature.namespace);
    }
    features = FEATURE_TEXTS;
    return FEATURE_TEXTS;
  });
  featureTexts = featureModule.then(
    // The languages in use, the chosen one first (the screen waits for both; pt-BR is the fallback).
    () => Promise.all([...baseLoaded.keys()].reverse().map(mountFeatureTexts)).then(() => undefined),
    (err: unknown) => {
      // A failed chunk request (offline without the service worker's copy): let the next try fetch again.
      featureTexts = undefined;
      featureModule = undefined;
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

const initialLanguage = storedLanguage();

void i18n.use(initReactI18next).init({
  resources: { [DEFAULT_LANGUAGE]: { translation: structuredClone(ptBR) } },
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  // React escapes on render already.
  interpolation: { escapeValue: false },
  // The base locales are bundled, so finish synchronously and render translated text on the first paint.
  initAsync: false,
});
baseLoaded.set(DEFAULT_LANGUAGE, Promise.resolve());

/**
 * Settles when the stored language's texts are mounted: the entry paints after it, so nobody sees a flash of
 * pt-BR. If that chunk cannot be had, the app starts in pt-BR (the fallback) rather than not at all.
 */
export const i18nReady: Promise<void> = loadLanguage(initialLanguage).catch(() => {});

export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  try {
    globalThis.localStorage?.setItem(STORAGE_KEY, language);
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
  if (typeof document !== "undefined") document.documentElement.lang = language;
}

export { i18n };
