// The PWA's unit tests render screens as the app shows them after its gate (app.tsx): with
// every feature's texts mounted, which the app loads lazily before the first private screen.
import { loadFeatureTexts } from "../i18n/i18n.ts";

await loadFeatureTexts();
