// The poke socket against a real core: a browser cannot see why an upgrade was
// refused, so the socket asks the API, which refreshes an expired token (and
// the socket connects with the new one) or ends a session that is over.
import { createTokens } from "@chatflow/core/auth/tokens.ts";
import { buildCompany, buildUser } from "@chatflow/core/testing/factories.ts";
import { coreForFile } from "@chatflow/core/testing/test-world.ts";
import { describe, expect, it } from "vitest";
import { createApiClient } from "../api/http.ts";
import { checkSessionOver, connectRealtime, socketUrl } from "./realtime-socket.ts";

const core = coreForFile();

/** A signed-in user of a fresh company: the access token and the refresh cookie. */
async function signedIn() {
  const company = await buildCompany(core.db.pool);
  const u = await buildUser(core.db.pool, { companyId: company.id });
  const session = await core.login(u.email, u.password);
  return { ...u, token: session.token, cookie: session.cookie };
}

/** The same session's token as core signs it, but expired a minute ago. */
async function expiredTwin(token: string): Promise<string> {
  const claims = await createTokens(core.config.jwtSecret, 900).verify(token);
  return createTokens(core.config.jwtSecret, -60).sign(claims!);
}

/**
 * The PWA's wiring of socket and API client (app-services.ts, app-sync.ts) with
 * the browser's cookie jar and token storage played by plain variables.
 */
function browser(start: { token: string; cookie: string }) {
  const state = {
    token: start.token as string | null,
    cookie: start.cookie,
    refreshes: 0,
    signedOut: 0,
    attempts: [] as string[],
    /** Every time the socket asked for its URL, with or without a token to give. */
    urlCalls: 0,
    opened: 0,
  };
  const api = createApiClient({
    baseUrl: core.url,
    getToken: () => state.token,
    refreshToken: async () => {
      state.refreshes++;
      const res = await fetch(`${core.url}/auth/refresh_token`, { method: "POST", headers: { cookie: state.cookie } });
      if (!res.ok) return null;
      state.cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
      state.token = ((await res.json()) as { token: string }).token;
      return state.token;
    },
    onSessionExpired: () => {
      state.signedOut++;
      state.token = null;
    },
  });
  const socket = connectRealtime({
    url: () => {
      state.urlCalls++;
      if (!state.token) return null;
      state.attempts.push(state.token);
      return socketUrl(core.url, state.token);
    },
    onFrame: () => {},
    onOpen: () => {
      state.opened++;
    },
    checkSession: checkSessionOver(api),
    reconnectDelayMs: 20,
  });
  return { state, socket };
}

async function until(condition: () => boolean, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("#realtime socket with a refused token", () => {
  it("refreshes an expired token once and connects with the new one", async () => {
    const s = await signedIn();
    const expired = await expiredTwin(s.token);
    const { state, socket } = browser({ token: expired, cookie: s.cookie });
    try {
      await until(() => state.opened === 1);
      expect(state.refreshes).toBe(1);
      expect(state.signedOut).toBe(0);
      expect(state.attempts).toEqual([expired, state.token]);
      expect(state.token).not.toBe(expired);
    } finally {
      socket.close();
    }
  });

  it("ends a session that is over instead of retrying it forever", async () => {
    const s = await signedIn();
    await core.login(s.email, s.password);
    const { state, socket } = browser({ token: s.token, cookie: s.cookie });
    try {
      await until(() => state.signedOut === 1);
      // Five more retry rounds ran (each asked for a URL): none of them connected without a token.
      const asked = state.urlCalls;
      await until(() => state.urlCalls >= asked + 5);
      expect(state.attempts).toEqual([s.token]);
      expect(state.opened).toBe(0);
      expect(state.refreshes).toBe(0);
    } finally {
      socket.close();
    }
  });
});
