// Picks a content coding from Accept-Encoding (RFC 9110 §12.5.3): for a
// precompressed file among the variants on disk, for an API answer among the
// codings core compresses with (compress-answers.ts).
export type Coding = "zstd" | "br" | "gzip" | "identity";

/**
 * Codings offered, best first when the client accepts several at the same quality: zstd
 * (only API answers use it: smallest and fastest at its low levels), then brotli, then gzip.
 */
const OFFERED: readonly Coding[] = ["zstd", "br", "gzip", "identity"];

export function pickEncoding(header: string | undefined, available: ReadonlySet<Coding>): Coding | undefined {
  const q = parseQualities(header ?? "");
  const qualityOf = (coding: Coding) => {
    const own = q.get(coding);
    if (own !== undefined) return own;
    const any = q.get("*");
    if (any !== undefined) return any;
    // Identity is acceptable unless refused by name or by "*;q=0".
    return coding === "identity" ? 1 : 0;
  };
  let best: Coding | undefined;
  let bestQ = 0;
  for (const coding of OFFERED) {
    if (!available.has(coding)) continue;
    const quality = qualityOf(coding);
    if (quality > bestQ) {
      best = coding;
      bestQ = quality;
    }
  }
  return best;
}

function parseQualities(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let quality = 1;
    for (const param of params) {
      const m = param.trim().match(/^q=([01](?:\.\d{0,3})?)$/);
      if (m) quality = Number(m[1]);
    }
    // "x-gzip" is gzip (RFC 9110 §8.4.1.3).
    q.set(name === "x-gzip" ? "gzip" : name, quality);
  }
  return q;
}
