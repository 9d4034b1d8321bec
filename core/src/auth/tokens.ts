// Access tokens: short-lived HS256 JWTs naming the user, the company and the
// login session. Shared by core, the WebSocket and the sync server.
import { jwtVerify, SignJWT } from "jose";

export type AccessClaims = {
  userId: number;
  companyId: number;
  sessionId: string;
  profile: "admin" | "user";
  super: boolean;
};

export type Tokens = {
  sign(claims: AccessClaims): Promise<string>;
  /** Returns the claims, or null for a missing, expired, forged or malformed token, or one without `exp`. */
  verify(token: string | undefined | null): Promise<AccessClaims | null>;
};

/** How many verified tokens are remembered (oldest dropped first). */
const VERIFIED_CACHE_SIZE = 10_000;

export function createTokens(secret: string, ttlSeconds: number): Tokens {
  const key = new TextEncoder().encode(secret);
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  return {
    async sign(c) {
      return new SignJWT({ cid: c.companyId, sid: c.sessionId, prof: c.profile, sup: c.super })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(c.userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async verify(token) {
      if (!token) return null;
      // Verified tokens are remembered until they expire: the signature check is the
      // dearest part of authenticating a request. The session itself is still checked
      // against the database on every request (resolveActor).
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp > Date.now()) return hit.claims;
        verified.delete(token);
      }
      try {
        // A token without exp would never expire: signed with the real secret (a leaked
        // or hand-made one), it must still be refused, like any other algorithm than ours.
        const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], requiredClaims: ["exp", "sub"] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || typeof payload.cid !== "number" || typeof payload.sid !== "string") {
          return null;
        }
        const claims: AccessClaims = {
          userId,
          companyId: payload.cid,
          sessionId: payload.sid,
          profile: payload.prof === "admin" ? "admin" : "user",
          super: payload.sup === true,
        };
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value!);
        verified.set(token, { claims, exp: (payload.exp ?? 0) * 1000 });
        return claims;
      } catch {
        return null;
      }
    },
  };
}
