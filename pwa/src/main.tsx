// Entry point: theme and language are settled before the first paint, then the app renders.
import "./zod-jitless.ts";
import { getDefaultStore } from "jotai";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { i18n, i18nReady } from "./i18n/i18n.ts";
import { applyTheme, initialTheme, themeAtom } from "./layout/theme.ts";
import "./styles/app.css";

const theme = initialTheme();
applyTheme(theme);
getDefaultStore().set(themeAtom, theme);
document.documentElement.lang = i18n.language;

const root = document.getElementById("root");
if (!root) throw new Error("#root missing from index.html");
// The stored language's texts first (pt-BR's ship with the entry: that wait is a microtask).
void i18nReady.then(() => {
  // As a transition React renders in slices that yield to the browser, so a slow phone
  // stays responsive while the first screen mounts (Lighthouse: total blocking time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
});
