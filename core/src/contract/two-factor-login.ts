// What POST /auth/login answers with two-factor sign-in (decision 0113), free of zod: the login page reads it, and the
// first screen's code carries no schema library (pwa/src/first-screen.test.ts).
import type { LoginResponse } from "./auth.ts";

/** What POST /auth/login answers when a second step comes before the tokens (otherwise LoginResponse). */
export type TwoFactorChallengeAnswer = {
  /** "code": type a code from the app or a recovery code; "enrol": the account must enrol first. */
  twoFactor: "code" | "enrol";
  /** Single-use, short-lived; names the user for the second step only (it is no access token). */
  challenge: string;
};
export type LoginAnswer = LoginResponse | TwoFactorChallengeAnswer;
export const isChallenge = (a: LoginAnswer): a is TwoFactorChallengeAnswer => "challenge" in a;
