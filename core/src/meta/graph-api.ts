// Meta's Graph API as every Meta channel calls it (WhatsApp Cloud API, Messenger, Instagram), from core (webhook
// media, the phone number and page checks) and from the channel worker (sends, through core's exports map): its
// address and timeouts, and how a request that got no answer is judged (decision 0092).

/** The Graph API's root; GRAPH_API_URL replaces it (tests point it at a fake on loopback). */
export const GRAPH_API_URL = "https://graph.facebook.com";
/** The Graph API version path segment; GRAPH_API_VERSION replaces it. */
export const GRAPH_API_VERSION = "v21.0";

/** Where the Graph API answers (GRAPH_API_URL, GRAPH_API_VERSION), and how long a call may take. */
export type GraphApi = { url: string; version: string; timeoutMs?: number };

/** The Graph API core's configuration names. */
export const graphApiOf = (config: { graphApiUrl?: string; graphApiVersion?: string }): GraphApi => ({
  url: config.graphApiUrl ?? GRAPH_API_URL,
  version: config.graphApiVersion ?? GRAPH_API_VERSION,
});

export type GraphApiOptions = {
  /** Base URL of the Graph API; tests point it at a fake on loopback. */
  url: string;
  /** Graph API version path segment. */
  version: string;
  /** Whole-request timeout. Longer than undici's 10 s connect timeout, so a connect timeout is told apart. */
  timeoutMs: number;
  /** Whole-upload timeout for media (files up to 100 MB); UPLOAD_TIMEOUT_MS by default. */
  uploadTimeoutMs?: number;
  /** From which try a failed upload fails its message for good; UPLOAD_ATTEMPTS by default. */
  uploadAttempts?: number;
  /**
   * The worker: a connection's token is checked again once it made no Graph API call for this long
   * (GRAPH_TOKEN_CHECK_MINUTES; 15 minutes by default, 0 only at start).
   */
  tokenCheckEveryMs?: number;
};

export const UPLOAD_TIMEOUT_MS = 180_000;
/**
 * A message waits while its upload fails, and every later message of the connection waits behind it: an upload that
 * fails this many times (a file too big for the link, a 5xx that stays) is given up.
 */
export const UPLOAD_ATTEMPTS = 5;

export const DEFAULT_GRAPH_API: GraphApiOptions = {
  url: GRAPH_API_URL,
  version: GRAPH_API_VERSION,
  timeoutMs: 20_000,
};

/** `{url}/{version}/{path}`, whatever slashes the configured URL ends with. */
export function graphUrl(o: { url: string; version: string }, path: string): string {
  return `${o.url.replace(/\/+$/, "")}/${o.version}/${path.replace(/^\/+/, "")}`;
}

/** Socket error codes meaning no byte of the request reached the server. */
const NOT_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EADDRNOTAVAIL",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function errorCodes(err: unknown): string[] {
  const cause = (err as { cause?: { code?: unknown; errors?: { code?: unknown }[] } } | undefined)?.cause;
  if (!cause) return [];
  // Happy eyeballs tries several addresses and reports them together.
  if (Array.isArray(cause.errors)) return cause.errors.map((e) => String(e.code ?? ""));
  return [String(cause.code ?? "")];
}

/** A fetch that got no answer: `reached` false only when the request certainly never left (nothing delivered). */
export type GraphFetchFailure = { reached: boolean; message: string };

/** Judges a fetch rejection: only failures before the connection existed are certainly not delivered. */
export function graphFetchFailure(err: unknown): GraphFetchFailure {
  const codes = errorCodes(err);
  if (codes.length > 0 && codes.every((c) => NOT_CONNECTED.has(c))) {
    return { reached: false, message: `Graph API unreachable (${codes.join(", ")})` };
  }
  const name = (err as { name?: string } | undefined)?.name;
  const what = name === "TimeoutError" ? "timed out" : `failed (${codes.join(", ") || String(err)})`;
  return { reached: true, message: `Graph API request ${what}` };
}
