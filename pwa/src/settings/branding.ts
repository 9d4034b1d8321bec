// White-label branding (spec 3 §2): app name, primary colours per theme, logos and favicon, read before login
// from GET /public-settings/{key} so the login screen is branded. The last answer is kept on the device, so the
// next start (and an offline one) paints the brand at once; the defaults are spec 3 §9's.
import { BRANDING_DEFAULTS, BRANDING_KEYS, type Branding, brandingFileUrl } from "@chatflow/core/contract/branding.ts";
import { atom, getDefaultStore } from "jotai";
import { i18n } from "../i18n/i18n.ts";

export type { Branding };
export const DEFAULT_BRANDING = BRANDING_DEFAULTS;

const STORAGE_KEY = "branding";

export function storedBranding(): Branding {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (raw) return { ...DEFAULT_BRANDING, ...(JSON.parse(raw) as Partial<Branding>) };
  } catch {
    // Storage blocked or unreadable: the defaults.
  }
  return DEFAULT_BRANDING;
}

export const brandingAtom = atom<Branding>(DEFAULT_BRANDING);

/** Reads the six public branding settings; a key that does not answer keeps what was known. */
export async function fetchBranding(baseUrl: string, known: Branding = storedBranding()): Promise<Branding> {
  const answers = await Promise.all(
    BRANDING_KEYS.map(async (key) => {
      try {
        const res = await fetch(`${baseUrl}/public-settings/${key}`, { headers: { Accept: "application/json" } });
        if (!res.ok) return [key, known[key]] as const;
        const body = (await res.json()) as { value?: unknown };
        return [key, typeof body.value === "string" ? body.value : known[key]] as const;
      } catch {
        return [key, known[key]] as const;
      }
    }),
  );
  const branding = Object.fromEntries(answers) as Branding;
  // An empty name would leave the login screen without a heading.
  if (!branding.appName.trim()) branding.appName = DEFAULT_BRANDING.appName;
  return branding;
}

/** WCAG relative luminance of #rgb / #rrggbb. */
function luminance(hex: string): number | null {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join("") : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** Black or white, whichever reads better on the colour (text on primary buttons stays legible). */
export function onColor(hex: string): string {
  const l = luminance(hex);
  if (l === null) return "#ffffff";
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? "#000000" : "#ffffff";
}

/** The CSS that overrides the theme's primary colours; empty when both are the defaults (theme.css has them). */
export function brandingCss(b: Branding): string {
  const rules: string[] = [];
  const light = b.primaryColorLight;
  const dark = b.primaryColorDark;
  if (luminance(light) !== null && light.toLowerCase() !== DEFAULT_BRANDING.primaryColorLight.toLowerCase()) {
    rules.push(`:root, html[data-theme="light"] { --primary: ${light}; --on-primary: ${onColor(light)}; }`);
  }
  if (luminance(dark) !== null && dark.toLowerCase() !== DEFAULT_BRANDING.primaryColorDark.toLowerCase()) {
    rules.push(`html[data-theme="dark"] { --primary: ${dark}; --on-primary: ${onColor(dark)}; }`);
  }
  return rules.join("\n");
}

let sheet: CSSStyleSheet | null = null;

/**
 * The colours go in a constructed style sheet: the CSP allows no inline <style> (style-src 'self' and two
 * hashes), and a sheet made through the CSSOM is not inline markup. A browser without them keeps theme.css's.
 */
function paintColors(css: string): void {
  try {
    if (!sheet) {
      sheet = new CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    }
    sheet.replaceSync(css);
  } catch {
    sheet = null;
  }
}

/** Paints the brand: colours, favicon, the app name every screen shows (t("app.name")), and keeps it. */
export function applyBranding(b: Branding): void {
  getDefaultStore().set(brandingAtom, b);
  paintColors(brandingCss(b));
  if (b.appLogoFavicon) {
    let icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!icon) {
      icon = document.createElement("link");
      icon.rel = "icon";
      document.head.append(icon);
    }
    icon.removeAttribute("type");
    icon.href = brandingFileUrl(b.appLogoFavicon);
  }
  for (const lng of ["pt-BR", "en", "es", "tr"]) i18n.addResource(lng, "translation", "app.name", b.appName);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(b));
  } catch {
    // Not kept; still painted for this page.
  }
}

/** At start: the kept brand at once, then the server's. */
export async function loadBranding(baseUrl: string): Promise<Branding> {
  applyBranding(storedBranding());
  const fresh = await fetchBranding(baseUrl);
  applyBranding(fresh);
  return fresh;
}
