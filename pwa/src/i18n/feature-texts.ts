// Every feature's `*.texts.ts` (define-texts.ts), found at build time and bundled into one
// chunk of its own. i18n.ts imports this module lazily, before the first private screen
// renders, so the first load of /login carries only the base locale (issue 7: < 200 KB).
import type { FeatureTexts } from "./define-texts.ts";

export const FEATURE_TEXTS: FeatureTexts[] = Object.values(
  import.meta.glob<FeatureTexts>("../**/*.texts.ts", { eager: true, import: "texts" }),
);
