// The PWA's unit tests render screens as the app shows them after its gate (app.tsx): with
// every feature's texts mounted, which the app loads lazily before the first private screen.
// Every language's base locale too, which the app loads only when it is chosen.
import { LANGUAGES, loadFeatureTexts, loadLanguage } from "../i18n/i18n.ts";

await Promise.all([loadFeatureTexts(), ...LANGUAGES.map(loadLanguage)]);
