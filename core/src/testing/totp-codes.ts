// What an authenticator app does, for tests: the code of a base32 secret now, or some 30-second steps away.
import { base32Decode, totp } from "../two-factor/totp.ts";

export function codeOf(secretBase32: string, stepsAhead = 0, at = Date.now()): string {
  return totp(base32Decode(secretBase32), at + stepsAhead * 30_000);
}
