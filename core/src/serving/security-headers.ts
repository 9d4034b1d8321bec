// The security headers every answer carries (API, app files, shell, errors,
// 404s): the app may load and connect only to its own origin (decision 0019).
import { createHash } from "node:crypto";
import type { RequestHandler } from "express";
import { HELP_VIDEO_FRAME_ORIGIN, HELP_VIDEO_THUMBNAIL_ORIGIN } from "../contract/help-videos.ts";

/**
 * The only inline styles the app makes: two <style> elements react-aria adds at run
 * time (usePress: touch-action on pressable elements; usePreventScroll: overscroll
 * while a modal is open). Allowed by hash, so no other inline style is; the browser
 * test fails if an upgrade changes their text.
 */
export const RUNTIME_STYLES = [
  "@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}",
  "@layer {\n  * {\n    overscroll-behavior: contain;\n  }\n}",
];

const sourceHash = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/**
 * connect-src 'self' covers the WebSockets /ws and /collab: CSP3's 'self' matches
 * wss: on the page's host and port, and ws: too when the page is http (Chromium
 * follows it; the browser test opens both sockets under this policy). Media may be
 * blob:/data: (recorded audio, pasted images, previews before upload).
 *
 * Help videos (spec 3 /helps, decision 0060) are the one outside content: YouTube's privacy-enhanced player in a
 * frame (frame-src www.youtube-nocookie.com only, https) and its thumbnails (img-src i.ytimg.com only). Nothing
 * else may be framed, and the frame's own scripts run in YouTube's origin, not ours.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${RUNTIME_STYLES.map(sourceHash).join(" ")}`,
  `img-src 'self' data: blob: ${HELP_VIDEO_THUMBNAIL_ORIGIN}`,
  "media-src 'self' data: blob:",
  "connect-src 'self'",
  "font-src 'self'",
  `frame-src ${HELP_VIDEO_FRAME_ORIGIN}`,
  "worker-src 'self'",
  "manifest-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

export const securityHeaders: RequestHandler = (_req, res, next) => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value);
  next();
};
