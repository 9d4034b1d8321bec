// HTTP calls to the outside services an admin names (webhook, n8n, Typebot), SSRF-safe: the address a host name
// resolves to is checked on the connection itself (so a name that re-resolves to 127.0.0.1 is refused too), and
// loopback, private, link-local and unique-local addresses are refused unless the configuration allows them
// (tests, and installs whose services run on the same network: decision 0056). Answers are bounded in time and size.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP } from "node:net";

export type OutboundOptions = {
  /** Lets loopback and private addresses through (tests' stand-ins; never the default). */
  allowPrivateTargets: boolean;
  timeoutMs: number;
};

export type OutboundAnswer = { status: number; body: string };

/** The call did not reach the service or the service failed it: worth retrying. */
export class OutboundError extends Error {
  /** False when retrying cannot help (a refused address, a 4xx). */
  readonly retryable: boolean;
  constructor(message: string, retryable: boolean) {
    super(message);
    this.retryable = retryable;
  }
}

/** Largest answer read; past it the call fails (a webhook's answer is not ours to store; a voice answer fits). */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, prefix, "ipv4");
}
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(net, prefix, "ipv6");
}

/** Whether an address is one a service on the internet cannot have (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, "ipv4");
  const family = isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** How long a save waits for a name to resolve before taking it (the call-time check still stands). */
const SAVE_LOOKUP_MS = 3000;

/**
 * Whether a URL names a loopback or private address, by the rule every call applies: a literal address, or any
 * address its name resolves to now. A name that does not resolve (yet) is not known to be private: false.
 */
export async function namesPrivateAddress(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) return isPrivateAddress(host);
  const addresses = await new Promise<LookupAddress[]>((resolve) => {
    const timer = setTimeout(() => resolve([]), SAVE_LOOKUP_MS);
    dnsLookup(host, { all: true }, (err, list) => {
      clearTimeout(timer);
      resolve(err ? [] : list);
    });
  });
  return addresses.some((a) => isPrivateAddress(a.address));
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: object, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "");
      const list = addresses as LookupAddress[];
      const refused = !allowPrivate && list.some((a) => isPrivateAddress(a.address));
      if (refused || list.length === 0) {
        const e = Object.assign(new Error(`Refused address for ${hostname}`), { code: "EREFUSEDADDRESS" });
        return callback(e, "");
      }
      if ((options as { all?: boolean }).all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/** POSTs JSON (or the string given); answers the status and body. Throws OutboundError when unreachable. */
export async function postJson(
  url: string,
  payload: unknown,
  headers: Record<string, string>,
  opts: OutboundOptions,
): Promise<OutboundAnswer> {
  const answer = await postRaw(url, typeof payload === "string" ? payload : JSON.stringify(payload), headers, opts);
  return { status: answer.status, body: answer.bytes.toString("utf8") };
}

/** POSTs a body; answers the status and the raw bytes (a synthesised voice). */
export function postRaw(
  url: string,
  body: string,
  headers: Record<string, string>,
  opts: OutboundOptions,
): Promise<{ status: number; bytes: Buffer }> {
  const target = new URL(url);
  // A literal address never goes through lookup: check it here.
  const literal = target.hostname.replace(/^\[|\]$/g, "");
  if (isIP(literal) && !opts.allowPrivateTargets && isPrivateAddress(literal)) {
    return Promise.reject(new OutboundError(`Refused address ${literal}`, false));
  }
  const client = target.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(opts.allowPrivateTargets) as never,
        timeout: opts.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on("data", (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) {
            req.destroy(new OutboundError("Answer too large", false));
            return;
          }
          chunks.push(c);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks) }));
        res.on("error", (e) => reject(new OutboundError(e.message, true)));
      },
    );
    req.on("timeout", () => req.destroy(new OutboundError("Timed out", true)));
    req.on("error", (e: Error & { code?: string }) => {
      if (e instanceof OutboundError) return reject(e);
      reject(new OutboundError(e.message, e.code !== "EREFUSEDADDRESS"));
    });
    req.end(body);
  });
}

/** Throws the failure an answer's status means: 5xx and 429 are retried, other 4xx are not. */
export function assertOk(answer: OutboundAnswer, what: string): void {
  if (answer.status >= 200 && answer.status < 300) return;
  const retryable = answer.status >= 500 || answer.status === 429 || answer.status === 408;
  throw new OutboundError(`${what} answered ${answer.status}`, retryable);
}
