// White-label branding (spec 3 §2, §9): the platform settings read before login and where their files are
// served. Free of zod, so the login screen's first load carries no schema library.

/** Read before login (GET /public-settings/{key}) so that the login screen is branded. */
export const BRANDING_KEYS = [
  "appName",
  "primaryColorLight",
  "primaryColorDark",
  "appLogoLight",
  "appLogoDark",
  "appLogoFavicon",
] as const;
export type BrandingKey = (typeof BRANDING_KEYS)[number];
export type Branding = Record<BrandingKey, string>;

/** Spec 3 §9 branding defaults; no logos until the super user uploads them. */
export const BRANDING_DEFAULTS: Branding = {
  appName: "Chat-flow",
  primaryColorLight: "#0000FF",
  primaryColorDark: "#39ACE7",
  appLogoLight: "",
  appLogoDark: "",
  appLogoFavicon: "",
};

/**
 * What a stored branding file's name looks like (POST /settings-whitelabel/logo makes them): no separators, no
 * leading dot, nothing to climb out of the branding folder with. A logo setting holds one of these or nothing.
 */
export const BRANDING_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Where core serves a stored branding file, to anyone (the login screen shows it before a session exists). */
export const brandingFileUrl = (fileName: string) => `/branding/${encodeURIComponent(fileName)}`;
