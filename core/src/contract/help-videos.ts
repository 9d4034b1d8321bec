// Where a help video's code (contract/helps.ts: letters, digits, '-', '_') is played and pictured. The same two
// origins are the only outside ones the app's Content-Security-Policy lets in (serving/security-headers.ts,
// decision 0060): YouTube's privacy-enhanced player (no cookies until the person plays) and its thumbnail host.
// Free of zod: the serving code and the PWA's helps page both read it.

export const HELP_VIDEO_FRAME_ORIGIN = "https://www.youtube-nocookie.com";
export const HELP_VIDEO_THUMBNAIL_ORIGIN = "https://i.ytimg.com";

const safe = (code: string) => encodeURIComponent(code);

/** The player's address for a video code. */
export function helpVideoEmbedUrl(code: string): string {
  return `${HELP_VIDEO_FRAME_ORIGIN}/embed/${safe(code)}?autoplay=1&rel=0`;
}

/** The 320x180 thumbnail of a video code. */
export function helpVideoThumbnailUrl(code: string): string {
  return `${HELP_VIDEO_THUMBNAIL_ORIGIN}/vi/${safe(code)}/mqdefault.jpg`;
}
