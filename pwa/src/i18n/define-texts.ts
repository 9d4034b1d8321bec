// A feature's own texts, kept beside its code (`<name>.texts.ts`) instead of in the four
// locale files: i18n.ts finds every such file at build time and mounts it under its
// namespace, so features written side by side never edit the same file. tsc checks that
// en, es and tr have exactly pt-BR's keys; the i18n test checks the placeholders.
import type { DeepStrings } from "./locales/pt-br.ts";

export type FeatureTexts = {
  /** Top-level key the texts live under: t("<namespace>.<key>"). Must not clash with another. */
  namespace: string;
  "pt-BR": object;
  en: object;
  es: object;
  tr: object;
};

export function defineTexts<const T extends object>(
  namespace: string,
  texts: { "pt-BR": T; en: DeepStrings<T>; es: DeepStrings<T>; tr: DeepStrings<T> },
): FeatureTexts {
  return { namespace, ...texts };
}
