// Two-factor sign-in for tests (decision 0113): a signed-in user enrolled through the API, and the login's steps.

import type { TestCore } from "./test-core.ts";
import { codeOf } from "./totp-codes.ts";

/** Enrols the signed-in user through POST /two-factor/setup and /confirm; answers the secret and recovery codes. */
export async function enrolled(core: TestCore, token: string): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await core.api("POST", "/two-factor/setup", { token });
  if (setup.status !== 200) throw new Error(`setup: ${setup.status} ${JSON.stringify(setup.body)}`);
  const confirm = await core.api("POST", "/two-factor/confirm", { token, body: { code: codeOf(setup.body.secret) } });
  if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return { secret: setup.body.secret, recoveryCodes: confirm.body.recoveryCodes };
}

/** POST /auth/login with an optional cookie (the trusted device's). */
export function passwordStep(core: TestCore, email: string, password: string, cookie?: string) {
  return core.api("POST", "/auth/login", { body: { email, password }, cookie });
}

/** The cookie `name` a Set-Cookie header set ("name=value"), or undefined. */
export function cookieNamed(headers: Headers, name: string): string | undefined {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith(`${name}=`) && c.length > name.length + 1);
}
