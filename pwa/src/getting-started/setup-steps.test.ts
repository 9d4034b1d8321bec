// The first-run checklist's rules (decision 0091): which steps are ticked from the company's data, and where each
// person lands after signing in.
import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import { describe, expect, it } from "vitest";
import { dismissGettingStarted, isGettingStartedDismissed } from "./dismissal.ts";
import { decideLanding, type FactsReader } from "./landing.ts";
import { companySetUp, landingPath, setupSteps } from "./setup-steps.ts";

const user = (patch: Partial<UserDTO> = {}): UserDTO =>
  ({
    id: 5,
    name: "Dona",
    email: "dona@padaria.test",
    profile: "admin",
    super: false,
    companyId: 9,
    company: { id: 9, name: "Padaria", dueDate: "2999-12-31" },
    ...patch,
  }) as UserDTO;

const empty = { connections: 0, queues: 0, users: 1, quickMessages: 0 };
const ready = { connections: 1, queues: 2, users: 3, quickMessages: 0 };

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

/** A REST reader answering the company's lists, counting what it was asked. */
function lists(counts: { whatsapp: number; queue: number; users: number }, delayMs = 0) {
  const asked: string[] = [];
  const reader: FactsReader = {
    async get<T>(path: string) {
      asked.push(path);
      await new Promise((r) => setTimeout(r, delayMs));
      const n = path === "/whatsapp" ? counts.whatsapp : path === "/queue" ? counts.queue : counts.users;
      return Array.from({ length: n }, (_, i) => ({ id: i + 1 })) as T;
    },
  };
  return { reader, asked };
}

describe("#getting started steps", () => {
  it("ticks each step from the company's own data; the admin alone is not an invited agent", () => {
    expect(setupSteps(empty).map((s) => [s.id, s.path, s.done])).toEqual([
      ["connection", "/connections", false],
      ["queue", "/queues", false],
      ["agent", "/users", false],
      ["quickMessages", "/quick-messages", false],
    ]);
    expect(setupSteps({ connections: 1, queues: 0, users: 2, quickMessages: 4 }).map((s) => s.done)).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });

  it("calls a company set up with a connection, a queue and a second user; quick messages hold no one", () => {
    expect(companySetUp(empty)).toBe(false);
    expect(companySetUp({ ...ready, users: 1 })).toBe(false);
    expect(companySetUp({ ...ready, queues: 0 })).toBe(false);
    expect(companySetUp(ready)).toBe(true);
  });
});

describe("#landing after sign-in", () => {
  it("sends the super user to the companies, an expired company to /financeiro, an agent to the inbox", () => {
    expect(landingPath(user({ super: true, companyId: 1 }), empty, false)).toBe("/companies");
    expect(landingPath(user({ profile: "user" }), empty, false)).toBe("/tickets");
    const expired = user({ company: { id: 9, name: "Padaria", dueDate: "2020-01-01" } as UserDTO["company"] });
    expect(landingPath(expired, empty, false)).toBe("/financeiro");
  });

  it("sends a new company's admin to the checklist until it is set up or dismissed", () => {
    expect(landingPath(user(), empty, false)).toBe("/getting-started");
    expect(landingPath(user(), ready, false)).toBe("/tickets");
    expect(landingPath(user(), empty, true)).toBe("/tickets");
    // The lists could not be read: the inbox, never a checklist built on nothing.
    expect(landingPath(user(), null, false)).toBe("/tickets");
  });

  it("goes where the login's ?next= asks, when it is a path of this app", () => {
    const now = new Date();
    expect(landingPath(user({ super: true }), null, false, now, "/tickets")).toBe("/tickets");
    expect(landingPath(user(), empty, false, now, "/contacts?x=1")).toBe("/contacts?x=1");
    // Never another origin, nor the login itself; an expired subscription still goes to /financeiro.
    for (const next of ["//evil.example/x", "https://evil.example", "/\\evil.example", "/login", "", null]) {
      expect(landingPath(user({ super: true }), null, false, now, next)).toBe("/companies");
    }
    const expired = user({ company: { id: 9, name: "Padaria", dueDate: "2020-01-01" } as UserDTO["company"] });
    expect(landingPath(expired, null, false, now, "/tickets")).toBe("/financeiro");
  });

  it("reads the company's lists for an admin and lands on the checklist", async () => {
    const { reader, asked } = lists({ whatsapp: 0, queue: 0, users: 1 });
    expect(await decideLanding(user(), reader)).toBe("/getting-started");
    expect(asked.sort()).toEqual(["/queue", "/users/list", "/whatsapp"]);
    expect(await decideLanding(user(), lists({ whatsapp: 1, queue: 1, users: 2 }).reader)).toBe("/tickets");
  });

  it("asks nothing for the super user or an agent, and settles for the inbox when the lists are late", async () => {
    const quiet = lists({ whatsapp: 0, queue: 0, users: 1 });
    expect(await decideLanding(user({ super: true }), quiet.reader)).toBe("/companies");
    expect(await decideLanding(user({ profile: "user" }), quiet.reader)).toBe("/tickets");
    expect(quiet.asked).toEqual([]);
    const slow = lists({ whatsapp: 0, queue: 0, users: 1 }, 200);
    expect(await decideLanding(user(), slow.reader, 20)).toBe("/tickets");
    const failing: FactsReader = { get: () => Promise.reject(new Error("offline")) };
    expect(await decideLanding(user(), failing)).toBe("/tickets");
  });

  it("keeps a dismissal per company and user on this device", () => {
    const storage = memoryStorage();
    expect(isGettingStartedDismissed(9, 5, storage)).toBe(false);
    dismissGettingStarted(9, 5, storage);
    expect(isGettingStartedDismissed(9, 5, storage)).toBe(true);
    expect(isGettingStartedDismissed(9, 6, storage)).toBe(false);
    expect(isGettingStartedDismissed(10, 5, storage)).toBe(false);
  });
});
