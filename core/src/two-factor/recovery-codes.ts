// Ten recovery codes per enrolment (decision 0113), shown once and stored as SHA-256 hashes (each is 50 random
// bits: a fast hash is enough, nobody can try them offline faster than the limits let them online).
import { createHash, randomBytes } from "node:crypto";
import type pg from "pg";
import { RECOVERY_CODE_COUNT } from "../contract/two-factor.ts";
import { base32Encode } from "./totp.ts";

/** A code as compared: what zTypedCode leaves of what was typed (no dash, lower case). */
const hashCode = (userId: number, code: string) =>
  createHash("sha256")
    .update(`${userId}:${code.replace(/[\s-]/g, "").toLowerCase()}`)
    .digest("hex");

/** "abcde-fghij": ten base32 letters and digits, in two groups to read aloud. */
const newCode = () => {
  const text = base32Encode(randomBytes(7)).slice(0, 10).toLowerCase();
  return `${text.slice(0, 5)}-${text.slice(5)}`;
};

/** Replaces the user's codes with ten new ones and answers them (the only time they are seen). */
export async function replaceRecoveryCodes(
  client: pg.ClientBase,
  user: { id: number; companyId: number },
): Promise<string[]> {
  await client.query("DELETE FROM two_factor_recovery_codes WHERE user_id = $1 AND company_id = $2", [
    user.id,
    user.companyId,
  ]);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
  await client.query(
    `INSERT INTO two_factor_recovery_codes (user_id, company_id, code_hash)
     SELECT $1, $2, h FROM unnest($3::text[]) AS t(h)`,
    [user.id, user.companyId, codes.map((c) => hashCode(user.id, c))],
  );
  return codes;
}

/** Marks the code used and answers true when it was one of the user's unused ones; a used code answers false. */
export async function useRecoveryCode(
  client: pg.ClientBase,
  user: { id: number; companyId: number },
  code: string,
): Promise<boolean> {
  const { rowCount } = await client.query(
    `UPDATE two_factor_recovery_codes SET used_at = now()
     WHERE user_id = $1 AND company_id = $2 AND code_hash = $3 AND used_at IS NULL`,
    [user.id, user.companyId, hashCode(user.id, code)],
  );
  return rowCount === 1;
}

export async function recoveryCodesLeft(db: pg.Pool | pg.ClientBase, user: { id: number; companyId: number }) {
  const { rows } = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM two_factor_recovery_codes WHERE user_id = $1 AND company_id = $2 AND used_at IS NULL",
    [user.id, user.companyId],
  );
  return rows[0]!.n;
}
