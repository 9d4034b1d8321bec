import "fake-indexeddb/auto";
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { HttpResponse, http } from "msw";
import { beforeEach, describe, expect, it } from "vitest";
import type { ChatflowDb } from "../store/db.ts";
import { getMeta, setMeta } from "../store/meta.ts";
import { buildTicket, testDb } from "../test-support/factories.ts";
import { BASE_URL } from "../test-support/fake-core.ts";
import { mockNetworkForFile } from "../test-support/mock-network.ts";
import { bootSession, type SessionDeps, signIn, signOut, verifySecondStep } from "./session.ts";
import { isSubscriptionExpired, type SessionState } from "./session-state.ts";
import { createTokenStorage, memoryStorage } from "./token-storage.ts";

const server = mockNetworkForFile();

function buildUser(over: Partial<UserDTO> = {}): UserDTO {
  return {
    id: 1,
    name: "Agente",
    email: "agente@example.com",
    profile: "user",
    super: false,
    companyId: 2,
    company: { id: 2, name: "Loja", dueDate: "2999-12-31" },
    whatsappId: null,
    startWork: "00:00",
    endWork: "23:59",
    allTicket: "disabled",
    allowGroup: false,
    defaultTheme: "light",
    defaultMenu: "open",
    allHistoric: "disabled",
    allUserChat: "disabled",
    userClosePendingTicket: "enabled",
    showDashboard: "disabled",
    allowRealTime: "disabled",
    allowConnections: "disabled",
    online: true,
    color: null,
    profileImage: null,
    defaultTicketsManagerWidth: 550,
    darkMode: false,
    ...over,
  };
}

let db: ChatflowDb;
let states: SessionState[];
let online: boolean;
let local: Storage;
let perTab: Storage;
let deps: SessionDeps;

beforeEach(() => {
  db = testDb();
  states = [];
  online = true;
  local = memoryStorage();
  perTab = memoryStorage();
  deps = {
    localDb: async () => db,
    baseUrl: BASE_URL,
    tokens: createTokenStorage(local, perTab),
    setState: (s) => states.push(s),
    isOnline: () => online,
  };
});

const lastState = () => states.at(-1);

describe("#session.boot", () => {
  it("opens offline with the stored user and does not call the server", async () => {
    deps.tokens.set("t", true);
    await setMeta(db, "sessionUser", buildUser());
    online = false;

    await bootSession(deps);

    expect(lastState()).toMatchObject({ status: "authenticated", user: { id: 1 } });
    expect(deps.tokens.get()).toBe("t");
  });

  it("stays signed in when the refresh cannot reach the server", async () => {
    deps.tokens.set("t", true);
    await setMeta(db, "sessionUser", buildUser());
    server.use(http.post(`${BASE_URL}/auth/refresh_token`, () => HttpResponse.error()));

    await bootSession(deps);

    expect(lastState()).toMatchObject({ status: "authenticated" });
    expect(deps.tokens.get()).toBe("t");
  });

  it("renews the token when online", async () => {
    deps.tokens.set("old", true);
    await setMeta(db, "sessionUser", buildUser());
    server.use(
      http.post(`${BASE_URL}/auth/refresh_token`, () =>
        HttpResponse.json({ token: "fresh", user: buildUser({ name: "Novo nome" }) }),
      ),
    );

    await bootSession(deps);

    expect(deps.tokens.get()).toBe("fresh");
    expect(local.getItem("token")).toBe("fresh");
    expect((await getMeta(db, "sessionUser"))?.name).toBe("Novo nome");
  });

  it("ends the session when the refresh answers 401", async () => {
    deps.tokens.set("t", true);
    await setMeta(db, "sessionUser", buildUser());
    server.use(
      http.post(`${BASE_URL}/auth/refresh_token`, () =>
        HttpResponse.json({ error: "ERR_SESSION_EXPIRED", message: "x" }, { status: 401 }),
      ),
    );

    await bootSession(deps);

    expect(lastState()).toEqual({ status: "anonymous", reason: "expired" });
    expect(deps.tokens.get()).toBeNull();
    expect(await getMeta(db, "sessionUser")).toBeUndefined();
  });

  it("is anonymous without a token", async () => {
    await bootSession(deps);
    expect(lastState()).toEqual({ status: "anonymous" });
  });

  it("without a token, forgets the stored user once the first screen is up, not before", async () => {
    await setMeta(db, "sessionUser", buildUser());
    let screenUp: () => void = () => {};
    const booted = bootSession({ ...deps, afterFirstScreen: () => new Promise<void>((r) => (screenUp = r)) });
    await new Promise((r) => setTimeout(r, 0));
    expect(lastState()).toEqual({ status: "anonymous" });
    expect(await getMeta(db, "sessionUser")).toBeDefined();
    screenUp();
    await booted;
    expect(await getMeta(db, "sessionUser")).toBeUndefined();
  });

  it("a login before the first screen is up forgets the stale user first and keeps its own", async () => {
    await setMeta(db, "sessionUser", buildUser({ name: "Sessão antiga" }));
    server.use(
      http.post(`${BASE_URL}/auth/login`, () => HttpResponse.json({ token: "t", user: buildUser({ name: "Nova" }) })),
    );
    let screenUp: () => void = () => {};
    const waiting = { ...deps, afterFirstScreen: () => new Promise<void>((r) => (screenUp = r)) };
    const booted = bootSession(waiting);
    await signIn(waiting, { email: "agente@example.com", password: "x" }, true);
    expect((await getMeta(db, "sessionUser"))?.name).toBe("Nova");
    screenUp();
    await booted;
    expect((await getMeta(db, "sessionUser"))?.name).toBe("Nova");
    expect(lastState()).toMatchObject({ status: "authenticated" });
  });
});

describe("#session.signIn", () => {
  it("keeps the token per tab when remember-me is off", async () => {
    server.use(http.post(`${BASE_URL}/auth/login`, () => HttpResponse.json({ token: "t", user: buildUser() })));

    await signIn(deps, { email: "agente@example.com", password: "x" }, false);

    expect(perTab.getItem("token")).toBe("t");
    expect(local.getItem("token")).toBeNull();
    expect(lastState()).toMatchObject({ status: "authenticated" });
  });

  it("wipes another user's replica and outbox but keeps the same user's", async () => {
    server.use(
      http.post(`${BASE_URL}/auth/login`, async ({ request }) => {
        const { email } = (await request.json()) as { email: string };
        return HttpResponse.json({ token: "t", user: buildUser({ id: email === "b@x.com" ? 2 : 1 }) });
      }),
    );
    await signIn(deps, { email: "a@x.com", password: "x" }, true);
    await db.tickets.put(buildTicket({ id: 1 }));
    await db.outbox.add({ name: "sendMessage", args: {}, queuedAt: "" });
    await db.cache.put({ key: "notes:1", value: [{ note: "cliente VIP" }], fetchedAt: "" });
    await signOut({ ...deps, isOnline: () => false });

    await signIn(deps, { email: "a@x.com", password: "x" }, true);
    expect(await db.tickets.count()).toBe(1);
    expect(await db.outbox.count()).toBe(1);
    expect(await db.cache.count()).toBe(1);

    await signIn(deps, { email: "b@x.com", password: "x" }, true);
    expect(await db.tickets.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    // The REST answers kept for offline reading (notes, tags) were the other user's too.
    expect(await db.cache.count()).toBe(0);
  });

  it("rejects wrong credentials with the server's code", async () => {
    server.use(
      http.post(`${BASE_URL}/auth/login`, () =>
        HttpResponse.json({ error: "ERR_INVALID_CREDENTIALS", message: "x" }, { status: 401 }),
      ),
    );
    await expect(signIn(deps, { email: "a@x.com", password: "x" }, true)).rejects.toMatchObject({
      body: { error: "ERR_INVALID_CREDENTIALS" },
    });
    expect(deps.tokens.get()).toBeNull();
  });
});

describe("#session.signIn with two-factor sign-in (decision 0113)", () => {
  it("answers the second step and stores nothing until the code is taken", async () => {
    server.use(
      http.post(`${BASE_URL}/auth/login`, () => HttpResponse.json({ twoFactor: "code", challenge: "ch-1" })),
      http.post(`${BASE_URL}/auth/2fa/verify`, async ({ request }) => {
        const body = (await request.json()) as { challenge: string; code: string; trustDevice: boolean };
        if (body.challenge !== "ch-1" || body.code !== "123456" || !body.trustDevice) {
          return HttpResponse.json({ error: "ERR_INVALID_TWO_FACTOR_CODE", message: "x" }, { status: 400 });
        }
        return HttpResponse.json({ token: "t2", user: buildUser() });
      }),
    );
    const outcome = await signIn(deps, { email: "a@x.com", password: "x" }, false);
    expect(outcome).toEqual({ kind: "secondStep", step: "code", challenge: "ch-1" });
    expect(deps.tokens.get()).toBeNull();
    expect(states.some((s) => s.status === "authenticated")).toBe(false);

    await expect(
      verifySecondStep(deps, { challenge: "ch-1", code: "000000", trustDevice: true }, false),
    ).rejects.toMatchObject({ body: { error: "ERR_INVALID_TWO_FACTOR_CODE" } });
    expect(deps.tokens.get()).toBeNull();

    await verifySecondStep(deps, { challenge: "ch-1", code: "123456", trustDevice: true }, false);
    expect(perTab.getItem("token")).toBe("t2");
    expect(lastState()).toMatchObject({ status: "authenticated" });
  });
});

describe("#isSubscriptionExpired", () => {
  const now = new Date(2025, 5, 10, 12);
  it("is expired only after the due date, and never for company 1", () => {
    expect(isSubscriptionExpired(buildUser({ company: { id: 2, name: "", dueDate: "2025-06-09" } }), now)).toBe(true);
    expect(isSubscriptionExpired(buildUser({ company: { id: 2, name: "", dueDate: "2025-06-10" } }), now)).toBe(false);
    expect(
      isSubscriptionExpired(buildUser({ companyId: 1, company: { id: 1, name: "", dueDate: "2000-01-01" } }), now),
    ).toBe(false);
  });
});
