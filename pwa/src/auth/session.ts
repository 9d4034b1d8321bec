// Sign-in, sign-out and the start-up refresh (spec 1 §4 Session), written so the
// inbox opens offline: the stored user is trusted until the server says otherwise.
import type { LoginResponse, TLoginRequest } from "@chatflow/core/contract/auth.ts";
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import type { EnrolledLoginAnswer, EnrolmentAnswer } from "@chatflow/core/contract/two-factor.ts";
import { isChallenge, type LoginAnswer } from "@chatflow/core/contract/two-factor-login.ts";
import { ApiError } from "../api/errors.ts";
import { fetchJson } from "../api/http.ts";
import type { ChatflowDb } from "../store/db.ts";
import { deleteMeta, getMeta, setMeta } from "../store/meta.ts";
import { REPLICA_TABLES } from "../store/replica-tables.ts";
import type { SessionState } from "./session-state.ts";
import type { TokenStorage } from "./token-storage.ts";

export type SessionDeps = {
  /** The local store, loaded on first use: the login page renders before Dexie is fetched (decision 0081). */
  localDb: () => Promise<ChatflowDb>;
  baseUrl: string;
  tokens: TokenStorage;
  setState: (state: SessionState) => void;
  isOnline: () => boolean;
  /** Settles once the first screen has loaded: work that can wait, waits for it (at once when not given). */
  afterFirstScreen?: () => Promise<void>;
};

/** Per session set-up, the forgetting of a user stored by a session that ended while the app was closed. */
const staleUserForgets = new WeakMap<SessionDeps, () => Promise<void>>();

/** Forgets the stored user, once, however many callers ask. */
function forgetStaleUser(deps: SessionDeps): () => Promise<void> {
  let done: Promise<void> | undefined;
  const forget = () => {
    done ??= deps.localDb().then((db) => deleteMeta(db, "sessionUser"));
    return done;
  };
  staleUserForgets.set(deps, forget);
  return forget;
}

const JSON_HEADERS = { "Content-Type": "application/json", Accept: "application/json" };

/** At start: open with the stored user at once, then renew the token when the network allows. */
export async function bootSession(deps: SessionDeps): Promise<void> {
  if (!deps.tokens.get()) {
    // No token means no session (signed out, or "remember me" was off and the browser closed).
    // The login page shows at once; fetching the local store's code and opening IndexedDB (a first visit
    // creates every store) wait until it has loaded (issue 24). A login before then forgets the stale user
    // first (adoptSession), so the forgetting can never remove the new session's user.
    deps.setState({ status: "anonymous" });
    const forget = forgetStaleUser(deps);
    await deps.afterFirstScreen?.();
    await forget();
    return;
  }
  const stored = await getMeta(await deps.localDb(), "sessionUser");
  if (stored) deps.setState({ status: "authenticated", user: stored });
  if (!deps.isOnline()) {
    if (!stored) deps.setState({ status: "anonymous" });
    return;
  }
  const fresh = await refreshSession(deps);
  // Unreachable server and nobody stored to show: ask for a login. (A 401 already ended the session.)
  if (fresh === null && !stored && deps.tokens.get()) deps.setState({ status: "anonymous" });
}

/**
 * Renews the access token with the refresh cookie. Returns the new token; null when
 * it could not (a 401 also ends the session). A network failure keeps the session.
 */
export async function refreshSession(deps: SessionDeps): Promise<string | null> {
  try {
    const res = await fetchJson<LoginResponse>(`${deps.baseUrl}/auth/refresh_token`, {
      method: "POST",
      headers: JSON_HEADERS,
    });
    deps.tokens.set(res.token);
    await storeUser(deps, res.user);
    return res.token;
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) await endSession(deps, "expired");
    return null;
  }
}

/** What the password step led to: the session, or a second step (decision 0113) before it. */
export type SignInOutcome =
  | { kind: "signedIn"; user: UserDTO }
  | { kind: "secondStep"; step: "code" | "enrol"; challenge: string };

export async function signIn(deps: SessionDeps, credentials: TLoginRequest, remember: boolean): Promise<SignInOutcome> {
  const res = await fetchJson<LoginAnswer>(`${deps.baseUrl}/auth/login`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify(credentials),
  });
  if (isChallenge(res)) return { kind: "secondStep", step: res.twoFactor, challenge: res.challenge };
  return { kind: "signedIn", user: await adoptSession(deps, res, remember) };
}

/** The tokens a login answered become this browser's session. */
export async function adoptSession(deps: SessionDeps, res: LoginResponse, remember: boolean): Promise<UserDTO> {
  await staleUserForgets.get(deps)?.();
  await adoptLocalData(await deps.localDb(), res.user.id);
  deps.tokens.set(res.token, remember);
  await storeUser(deps, res.user);
  return res.user;
}

/** The second step: a code from the app or a recovery code; "trust this device" keeps the browser for 30 days. */
export async function verifySecondStep(
  deps: SessionDeps,
  input: { challenge: string; code: string; trustDevice: boolean },
  remember: boolean,
): Promise<UserDTO> {
  const res = await fetchJson<LoginResponse>(`${deps.baseUrl}/auth/2fa/verify`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify(input),
  });
  return adoptSession(deps, res, remember);
}

/** A required enrolment at login: the secret to scan. */
export function enrolAtLogin(deps: SessionDeps, challenge: string): Promise<EnrolmentAnswer> {
  return fetchJson<EnrolmentAnswer>(`${deps.baseUrl}/auth/2fa/enrol`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ challenge }),
  });
}

/** Confirms the enrolment at login; the caller shows the recovery codes, then adopts the session. */
export function confirmEnrolmentAtLogin(
  deps: SessionDeps,
  challenge: string,
  code: string,
): Promise<EnrolledLoginAnswer> {
  return fetchJson<EnrolledLoginAnswer>(`${deps.baseUrl}/auth/2fa/enrol/confirm`, {
    method: "POST",
    headers: JSON_HEADERS,
    body: JSON.stringify({ challenge, code }),
  });
}

/** The person asked to leave: tell the server when we can, then forget the session here. */
export async function signOut(deps: SessionDeps): Promise<void> {
  const token = deps.tokens.get();
  if (token && deps.isOnline()) {
    await fetchJson(`${deps.baseUrl}/auth/logout`, {
      method: "DELETE",
      headers: { ...JSON_HEADERS, Authorization: `Bearer ${token}` },
    }).catch(() => undefined);
  }
  await endSession(deps);
}

/**
 * Forgets token and user. The replica and the outbox stay: if the same person signs
 * in again their unsent messages still go out; someone else's sign-in wipes them.
 */
export async function endSession(deps: SessionDeps, reason?: "expired"): Promise<void> {
  deps.tokens.clear();
  await deleteMeta(await deps.localDb(), "sessionUser");
  deps.setState(reason ? { status: "anonymous", reason } : { status: "anonymous" });
}

async function storeUser(deps: SessionDeps, user: UserDTO): Promise<void> {
  await setMeta(await deps.localDb(), "sessionUser", user);
  deps.setState({ status: "authenticated", user });
}

/** Another user's data must never show, nor their outbox go out under this login. */
export async function adoptLocalData(db: ChatflowDb, userId: number): Promise<void> {
  const tables = [...REPLICA_TABLES.map((t) => db[t]), db.outbox, db.meta, db.evictions, db.cache];
  await db.transaction("rw", tables, async () => {
    const owner = await getMeta(db, "ownerUserId");
    if (owner !== undefined && owner !== userId) {
      await Promise.all([
        ...REPLICA_TABLES.map((t) => db[t].clear()),
        db.outbox.clear(),
        db.evictions.clear(),
        db.cache.clear(),
      ]);
      await deleteMeta(db, "cursor");
      await deleteMeta(db, "pendingConversations");
    }
    await setMeta(db, "ownerUserId", userId);
  });
}
