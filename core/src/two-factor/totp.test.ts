import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totp } from "./totp.ts";

// RFC 4226 Appendix D: the secret "12345678901234567890" (ASCII) and the HOTP values for counters 0-9.
const RFC4226_KEY = Buffer.from("12345678901234567890", "ascii");
const RFC4226_HOTP = [
  "755224",
  "287082",
  "359152",
  "969429",
  "338314",
  "254676",
  "287922",
  "162583",
  "399871",
  "520489",
];

// RFC 6238 Appendix B: 8-digit TOTP values (T0 = 0, X = 30) with the seeds for SHA-1, SHA-256 and SHA-512.
const SEED_SHA1 = Buffer.from("12345678901234567890", "ascii");
const SEED_SHA256 = Buffer.from("12345678901234567890123456789012", "ascii");
const SEED_SHA512 = Buffer.from("1234567890123456789012345678901234567890123456789012345678901234", "ascii");
const RFC6238: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("#totp", () => {
  it("gives RFC 4226 Appendix D's HOTP values", () => {
    RFC4226_HOTP.forEach((value, counter) => {
      expect(hotp(RFC4226_KEY, counter)).toBe(value);
    });
  });

  it("gives RFC 6238 Appendix B's TOTP values for SHA-1, SHA-256 and SHA-512", () => {
    for (const [seconds, sha1, sha256, sha512] of RFC6238) {
      expect(totp(SEED_SHA1, seconds * 1000, { digits: 8 })).toBe(sha1);
      expect(totp(SEED_SHA256, seconds * 1000, { digits: 8, algorithm: "sha256" })).toBe(sha256);
      expect(totp(SEED_SHA512, seconds * 1000, { digits: 8, algorithm: "sha512" })).toBe(sha512);
    }
  });

  it("takes a code one step back or ahead and no further, answering its step", () => {
    const at = 1_111_111_111_000;
    const step = Math.floor(at / 30_000);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, at), at)).toBe(step);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, at - 30_000), at)).toBe(step - 1);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, at + 30_000), at)).toBe(step + 1);
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, at - 60_000), at)).toBeNull();
    expect(matchTotp(SEED_SHA1, totp(SEED_SHA1, at + 60_000), at)).toBeNull();
    expect(matchTotp(SEED_SHA1, "12345", at)).toBeNull();
    expect(matchTotp(SEED_SHA1, "abcdef", at)).toBeNull();
  });

  it("round-trips base32 as RFC 4648 §10 spells it", () => {
    expect(base32Encode(Buffer.from("foobar"))).toBe("MZXW6YTBOI");
    expect(base32Encode(Buffer.from("f"))).toBe("MY");
    expect(base32Decode("MZXW6YTBOI======").toString()).toBe("foobar");
    expect(base32Decode("mzxw 6ytb oi").toString()).toBe("foobar");
    expect(() => base32Decode("MZ1")).toThrow();
    expect(base32Encode(RFC4226_KEY)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
  });

  it("writes the otpauth URI authenticator apps read", () => {
    const text = otpauthUri("GEZDGNBVGY3TQOJQ", "Chat-flow", "ana@example.com");
    expect(text.startsWith("otpauth://totp/Chat-flow:ana%40example.com?")).toBe(true);
    const uri = new URL(text);
    expect(uri.searchParams.get("secret")).toBe("GEZDGNBVGY3TQOJQ");
    expect(uri.searchParams.get("issuer")).toBe("Chat-flow");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(uri.searchParams.get("algorithm")).toBe("SHA1");
  });
});
