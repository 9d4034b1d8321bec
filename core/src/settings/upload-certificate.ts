// Use case: the super user attaches a payment provider's .p12 certificate (POST /settings/cert-upload?ref=,
// spec 3 §2 Payment certificate). Kept at DATA_DIR/certs/{destination}.p12, readable by core's user only, never
// served; a new one replaces the old in one rename, so a reader never sees half a file.
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { v7 as uuidv7 } from "uuid";
import type { Actor } from "../auth/authenticate.ts";
import { CERT_ATTACHED_MESSAGE, CERT_FIELD, CERT_MESSAGES, type CertDestination } from "../contract/settings.ts";
import { invalidInput, noPermission } from "../kernel/errors.ts";

export const certificatePath = (dataDir: string, destination: CertDestination) =>
  path.join(dataDir, "certs", `${destination}.p12`);

/**
 * A PKCS#12 file is a DER SEQUENCE whose first element is the version INTEGER 3 (RFC 7292 PFX): 30, a length
 * (short or long form), then 02 01 03.
 */
export function looksLikePkcs12(b: Uint8Array): boolean {
  if (b.length < 8 || b[0] !== 0x30) return false;
  const first = b[1]!;
  const lengthBytes = first < 0x80 ? 0 : first - 0x80;
  if (lengthBytes > 4) return false;
  const at = 2 + lengthBytes;
  return b[at] === 0x02 && b[at + 1] === 0x01 && b[at + 2] === 0x03;
}

export const authorizeCertificates = (actor: Actor) => {
  if (!actor.super) throw noPermission(CERT_MESSAGES.noPermission);
};

export async function uploadCertificate(
  actor: Actor,
  upload: { bytes: Buffer; originalName: string; destination: CertDestination },
  dataDir: string,
): Promise<{ message: string }> {
  authorizeCertificates(actor);
  if (!/\.p12$/i.test(upload.originalName) || !looksLikePkcs12(upload.bytes)) {
    throw invalidInput(CERT_MESSAGES.notP12, CERT_FIELD);
  }
  const target = certificatePath(dataDir, upload.destination);
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  const temp = `${target}.${uuidv7()}.tmp`;
  await writeFile(temp, upload.bytes, { flag: "wx", mode: 0o600 });
  await rename(temp, target);
  return { message: CERT_ATTACHED_MESSAGE };
}
