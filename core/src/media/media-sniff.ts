// What an uploaded file is, told by its first bytes rather than by the type or name
// the client declared (decision 0022). Only the kinds a message may carry are known;
// anything else (programs, HTML, SVG, unknown binaries) is not a media we take.
export type Sniffed = { mime: string; ext: string };

/** How many leading bytes sniffMedia needs. */
export const SNIFF_BYTES = 4100;

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
const ascii = (b: Uint8Array, from: number, to: number) => String.fromCharCode(...b.subarray(from, to));

// Office documents are zip or OLE containers: the declared extension tells which, the bytes that it is one.
const ZIP_EXTS = new Set(["zip", "docx", "xlsx", "pptx", "odt", "ods", "odp"]);
const OLE_EXTS = new Set(["doc", "xls", "ppt"]);
const TEXT_EXTS = new Set(["txt", "csv"]);

/** The known kind of a file from its head and the extension its sender gave it, or null. */
export function sniffMedia(b: Uint8Array, declaredExt = ""): Sniffed | null {
  const ext = declaredExt.toLowerCase();
  if (starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: "image/png", ext: "png" };
  if (starts(b, [0xff, 0xd8, 0xff])) return { mime: "image/jpeg", ext: "jpg" };
  if (ascii(b, 0, 6) === "GIF87a" || ascii(b, 0, 6) === "GIF89a") return { mime: "image/gif", ext: "gif" };
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WEBP") return { mime: "image/webp", ext: "webp" };
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 12) === "WAVE") return { mime: "audio/wav", ext: "wav" };
  if (ascii(b, 0, 4) === "OggS") return { mime: "audio/ogg", ext: "ogg" };
  if (ascii(b, 0, 6) === "#!AMR\n") return { mime: "audio/amr", ext: "amr" };
  if (ascii(b, 0, 3) === "ID3") return { mime: "audio/mpeg", ext: "mp3" };
  if (b[0] === 0xff && b[1] !== undefined && (b[1] & 0xf6) === 0xf0) return { mime: "audio/aac", ext: "aac" };
  if (b[0] === 0xff && b[1] !== undefined && (b[1] & 0xe0) === 0xe0) return { mime: "audio/mpeg", ext: "mp3" };
  if (ascii(b, 4, 8) === "ftyp") {
    const brand = ascii(b, 8, 12);
    if (brand.startsWith("M4A")) return { mime: "audio/mp4", ext: "m4a" };
    if (brand.startsWith("3gp") || brand.startsWith("3g2")) return { mime: "video/3gpp", ext: "3gp" };
    if (brand === "qt  ") return { mime: "video/quicktime", ext: "mov" };
    // Browsers record voice as an MP4 with a generic brand (Chrome's MediaRecorder: "isom"): the
    // sender's .m4a says it holds sound only, so it is sent as audio, not as a video (decision 0036).
    if (ext === "m4a") return { mime: "audio/mp4", ext: "m4a" };
    return { mime: "video/mp4", ext: "mp4" };
  }
  if (starts(b, [0x1a, 0x45, 0xdf, 0xa3])) return { mime: "video/webm", ext: "webm" };
  if (ascii(b, 0, 5) === "%PDF-") return { mime: "application/pdf", ext: "pdf" };
  if (starts(b, [0x50, 0x4b, 0x03, 0x04])) {
    return { mime: "application/octet-stream", ext: ZIP_EXTS.has(ext) ? ext : "zip" };
  }
  if (starts(b, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) {
    return { mime: "application/octet-stream", ext: OLE_EXTS.has(ext) ? ext : "doc" };
  }
  return plainText(b) ? { mime: "text/plain", ext: TEXT_EXTS.has(ext) ? ext : "txt" } : null;
}

/** UTF-8 text with no NUL and no markup a browser could run (HTML, SVG, XML). */
function plainText(b: Uint8Array): boolean {
  if (b.length === 0 || b.includes(0)) return false;
  let text: string;
  try {
    // A multi-byte character cut at the end of the head is not a reason to refuse.
    text = new TextDecoder("utf-8", { fatal: true }).decode(b.length >= SNIFF_BYTES ? b.subarray(0, -4) : b);
  } catch {
    return false;
  }
  return !/^\s*</.test(text.replace(/^\uFEFF/, "")) && !/<(html|svg|script|!doctype|\?xml|body|iframe)/i.test(text);
}
