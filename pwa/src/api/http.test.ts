import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { ApiError, NetworkError } from "./errors.ts";
import { createApiClient } from "./http.ts";

const BASE = "http://chatflow.test";
const server = mockNetworkForFile();

function client() {
  const state = { token: "old", refreshes: 0, expired: 0 };
  const api = createApiClient({
    baseUrl: BASE,
    getToken: () => state.token,
    refreshToken: async () => {
      state.refreshes++;
      state.token = "new";
      return state.token;
    },
    onSessionExpired: () => {
      state.expired++;
    },
  });
  return { api, state };
}

describe("#api.request", () => {
  it("sends the bearer token", async () => {
    server.use(
      http.get(`${BASE}/auth/me`, ({ request }) => HttpResponse.json({ auth: request.headers.get("authorization") })),
    );
    const { api } = client();
    expect(await api.get("/auth/me")).toEqual({ auth: "Bearer old" });
  });

  it("refreshes once and retries once after a 403 ERR_INVALID_TOKEN", async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get(`${BASE}/tickets`, ({ request }) => {
        const auth = request.headers.get("authorization");
        seen.push(auth);
        return auth === "Bearer new"
          ? HttpResponse.json({ tickets: [] })
          : HttpResponse.json({ error: "ERR_INVALID_TOKEN", message: "expired" }, { status: 403 });
      }),
    );
    const { api, state } = client();

    expect(await api.get("/tickets")).toEqual({ tickets: [] });
    expect(seen).toEqual(["Bearer old", "Bearer new"]);
    expect(state.refreshes).toBe(1);
  });

  it("answers core's expired-token 403 with one refresh shared by the calls it failed, and no sign-out", async () => {
    const invalid = {
      error: "ERR_INVALID_TOKEN",
      message: "Invalid token. We'll try to assign a new one on next request",
    };
    const fresh = (request: Request) => request.headers.get("authorization") === "Bearer new";
    server.use(
      http.get(`${BASE}/sync/pull`, ({ request }) =>
        fresh(request) ? HttpResponse.json({ changes: [] }) : HttpResponse.json(invalid, { status: 403 }),
      ),
      http.post(`${BASE}/sync/push`, ({ request }) =>
        fresh(request) ? HttpResponse.json({ results: [] }) : HttpResponse.json(invalid, { status: 403 }),
      ),
    );
    const { api, state } = client();

    const [pull, push] = await Promise.all([api.get("/sync/pull"), api.post("/sync/push", { mutations: [] })]);
    expect(pull).toEqual({ changes: [] });
    expect(push).toEqual({ results: [] });
    expect(state.refreshes).toBe(1);
    expect(state.expired).toBe(0);
  });

  it("gives up after the one retry when the server keeps answering ERR_INVALID_TOKEN", async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/tickets`, () => {
        calls++;
        return HttpResponse.json({ error: "ERR_INVALID_TOKEN", message: "expired" }, { status: 403 });
      }),
    );
    const { api, state } = client();

    await expect(api.get("/tickets")).rejects.toMatchObject({ status: 403, body: { error: "ERR_INVALID_TOKEN" } });
    expect(calls).toBe(2);
    expect(state.refreshes).toBe(1);
  });

  it("never refreshes on a refusal: ERR_NO_PERMISSION or a 403 without the token code reaches the caller as is", async () => {
    let calls = 0;
    server.use(
      http.get(`${BASE}/tickets`, () => {
        calls++;
        return HttpResponse.json({ error: "ERR_NO_PERMISSION", message: "no" }, { status: 403 });
      }),
      http.get(`${BASE}/contacts`, () => {
        calls++;
        return new HttpResponse(null, { status: 403 });
      }),
    );
    const { api, state } = client();

    await expect(api.get("/tickets")).rejects.toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    await expect(api.get("/contacts")).rejects.toMatchObject({ status: 403, body: null });
    expect(calls).toBe(2);
    expect(state.refreshes).toBe(0);
    expect(state.expired).toBe(0);
  });

  it("ends the session on 401", async () => {
    server.use(
      http.get(`${BASE}/sync/pull`, () =>
        HttpResponse.json({ error: "ERR_SESSION_EXPIRED", message: "expired" }, { status: 401 }),
      ),
    );
    const { api, state } = client();

    await expect(api.get("/sync/pull")).rejects.toBeInstanceOf(ApiError);
    expect(state.expired).toBe(1);
  });

  it("reports a dropped connection as a NetworkError", async () => {
    server.use(http.get(`${BASE}/sync/pull`, () => HttpResponse.error()));
    const { api, state } = client();

    await expect(api.get("/sync/pull")).rejects.toBeInstanceOf(NetworkError);
    expect(state.expired).toBe(0);
  });
});
