import { describe, expect, it } from "vitest";
import { ALL_PLAN_FLAGS, buildSessionUser } from "../test-support/users.ts";
import { type AccessContext, APP_ROUTES, type AppRoute, decideRoute, menuRoutes, routeById } from "./app-routes.ts";

/** Every route as if built, to check the visibility rules of screens that do not exist yet. */
const allBuilt = (ctx: AccessContext) =>
  APP_ROUTES.filter((r) => r.inMenu && decideRoute({ ...r, built: true }, ctx) === "allow").map((r) => r.id);

const plain = buildSessionUser();
const admin = buildSessionUser({ profile: "admin" });
const superUser = buildSessionUser({ profile: "admin", super: true, companyId: 1 });
const withPlan = (user: typeof plain, plan: Partial<typeof ALL_PLAN_FLAGS> | null) => ({
  ...user,
  company: { ...user.company!, plan: plan === null ? null : { ...ALL_PLAN_FLAGS, ...plan } },
});

describe("#menu: what is built", () => {
  it("lists only built screens; unbuilt ones answer not-found, never a dead link", () => {
    expect(menuRoutes({ user: admin }).map((r) => r.id)).toEqual([
      "dashboard",
      "reports",
      "moments",
      "tickets",
      "quickMessages",
      "kanban",
      "contacts",
      "schedules",
      "tags",
      "chats",
      "todolist",
      "connections",
      "queues",
      "users",
      "flowbuilders",
      "phraseLists",
      "tagsKanban",
      "prompts",
      "queueIntegration",
      "messagesApi",
      "files",
      "financeiro",
      "subscription",
      "settings",
      "audit",
    ]);
    // Prompts and integrations are admins' (spec 2 §6) and follow useOpenAi and useIntegrations (spec 2 §1).
    expect(decideRoute(routeById("queueIntegration"), { user: plain })).toBe("forbidden");
    expect(decideRoute(routeById("prompts"), { user: withPlan(admin, { useOpenAi: false }) })).toBe("plan");
    expect(menuRoutes({ user: withPlan(admin, { useIntegrations: false }) }).map((r) => r.id)).not.toContain(
      "queueIntegration",
    );
    // File lists are admins' (spec 2 §6).
    expect(decideRoute(routeById("files"), { user: plain })).not.toBe("allow");
    expect(menuRoutes({ user: plain }).map((r) => r.id)).toEqual([
      "tickets",
      "quickMessages",
      "kanban",
      "contacts",
      "schedules",
      "tags",
      "chats",
      "todolist",
    ]);
    // The internal chat follows the plan flag useInternalChat (spec 3 §6).
    expect(decideRoute(routeById("chats"), { user: withPlan(plain, { useInternalChat: false }) })).toBe("plan");
    // Phrase campaigns go with the flows they start: admins only (spec 2 §2).
    expect(decideRoute(routeById("phraseLists"), { user: plain })).toBe("forbidden");
    // The kanban screens follow the plan flag useKanban; /TagsKanban is an admin's (spec 2 §6).
    expect(menuRoutes({ user: withPlan(plain, { useKanban: false }) }).map((r) => r.id)).not.toContain("kanban");
    expect(decideRoute(routeById("tagsKanban"), { user: plain })).toBe("forbidden");
    // The schedules item follows the plan flag useSchedules (spec 2 §1).
    expect(menuRoutes({ user: withPlan(plain, { useSchedules: false }) }).map((r) => r.id)).not.toContain("schedules");
    expect(decideRoute(routeById("schedules"), { user: withPlan(plain, { useSchedules: false }) })).toBe("plan");
    // Queues are built for admins; a plain user gets the 403 page (spec 2 §6).
    expect(decideRoute(routeById("queues"), { user: admin })).toBe("allow");
    expect(decideRoute(routeById("queues"), { user: plain })).toBe("forbidden");
    // The import screen opens from the contacts screen, never from the menu.
    expect(decideRoute(routeById("contactsImport"), { user: plain })).toBe("allow");
  });

  it("has one entry per path, and every route of spec 1 §2's table", () => {
    const paths = APP_ROUTES.map((r) => r.path.toLowerCase());
    expect(new Set(paths).size).toBe(paths.length);
    for (const p of [
      "/",
      "/tickets",
      "/quick-messages",
      "/kanban",
      "/contacts",
      "/contacts/import",
      "/schedules",
      "/tags",
      "/chats",
      "/helps",
      "/messages-api",
      "/users",
      "/queues",
      "/prompts",
      "/queue-integration",
      "/connections",
      "/allconnections",
      "/files",
      "/financeiro",
      "/settings",
      "/companies",
      "/announcements",
      "/reports",
      "/moments",
      "/flowbuilders",
      "/phrase-lists",
      "/subscription",
      "/todolist",
      "/tagskanban",
      "/contact-lists",
      "/campaigns",
      "/campaigns-config",
    ]) {
      expect(paths, p).toContain(p);
    }
  });
});

describe("#menu: Side menu visibility (spec 1 §2)", () => {
  it("a plain user sees the day's work, no management, administration or platform items", () => {
    expect(allBuilt({ user: plain })).toEqual([
      "tickets",
      "quickMessages",
      "kanban",
      "contacts",
      "schedules",
      "tags",
      "chats",
      "todolist",
    ]);
  });

  it("an admin sees management and administration but not the super user's items", () => {
    const ids = allBuilt({ user: admin });
    for (const id of ["dashboard", "reports", "moments", "connections", "users", "queues", "settings", "financeiro"]) {
      expect(ids, id).toContain(id);
    }
    for (const id of ["allConnections", "companies", "announcements"]) expect(ids, id).not.toContain(id);
  });

  it("announcements, all-connections and companies show only to the super user", () => {
    const ids = allBuilt({ user: superUser });
    expect(ids).toEqual(expect.arrayContaining(["allConnections", "companies", "announcements"]));
  });

  it("showDashboard, allowRealTime and allowConnections open the matching items to a plain user", () => {
    expect(allBuilt({ user: { ...plain, showDashboard: "enabled" } })).toEqual(
      expect.arrayContaining(["dashboard", "reports"]),
    );
    expect(allBuilt({ user: { ...plain, showDashboard: "enabled" } })).not.toContain("moments");
    expect(allBuilt({ user: { ...plain, allowRealTime: "enabled" } })).toContain("moments");
    expect(allBuilt({ user: { ...plain, allowRealTime: "enabled" } })).not.toContain("dashboard");
    expect(allBuilt({ user: { ...plain, allowConnections: "enabled" } })).toContain("connections");
    expect(allBuilt({ user: plain })).not.toContain("connections");
  });

  it("plan flags switch their items off", () => {
    const off = withPlan(admin, {
      useKanban: false,
      useSchedules: false,
      useInternalChat: false,
      useOpenAi: false,
      useIntegrations: false,
      useExternalApi: false,
      useCampaigns: false,
    });
    const ids = allBuilt({ user: off, campaignsShown: true });
    for (const id of [
      "kanban",
      "tagsKanban",
      "schedules",
      "chats",
      "prompts",
      "queueIntegration",
      "messagesApi",
      "campaigns",
      "contactLists",
      "campaignsConfig",
    ]) {
      expect(ids, id).not.toContain(id);
    }
    const on = allBuilt({ user: admin, campaignsShown: true });
    for (const id of ["kanban", "schedules", "chats", "prompts", "queueIntegration", "messagesApi", "campaigns"]) {
      expect(on, id).toContain(id);
    }
  });

  it("a company without a plan (or an old session answer) has every flagged item off", () => {
    const ids = allBuilt({ user: withPlan(admin, null) });
    expect(ids).not.toContain("kanban");
    expect(ids).toContain("users");
  });

  it("campaigns need the local 'cshow' flag; helps need help records", () => {
    expect(allBuilt({ user: admin })).not.toContain("campaigns");
    expect(allBuilt({ user: admin, campaignsShown: true })).toContain("campaigns");
    expect(allBuilt({ user: plain })).not.toContain("helps");
    expect(allBuilt({ user: plain, hasHelps: true })).toContain("helps");
    expect(menuRoutes({ user: plain, hasHelps: true }).map((r) => r.id)).toContain("helps");
    expect(menuRoutes({ user: plain, hasHelps: false }).map((r) => r.id)).not.toContain("helps");
  });

  it("an expired subscription leaves only billing, for admins and plain users alike; company 1 never expires", () => {
    const now = new Date(2025, 5, 10);
    const expired = (u: typeof plain) => ({ ...u, company: { ...u.company!, dueDate: "2025-06-01" } });
    expect(allBuilt({ user: expired(admin), now })).toEqual(["financeiro", "subscription"]);
    expect(allBuilt({ user: expired(plain), now })).toEqual(["financeiro"]);
    expect(decideRoute(routeById("tickets"), { user: expired(plain), now })).toBe("expired");
    const platform = { ...superUser, company: { ...superUser.company!, id: 1, dueDate: "2000-01-01" } };
    expect(decideRoute(routeById("tickets"), { user: platform, now })).toBe("allow");
  });
});

describe("#route guard decisions", () => {
  const built = (id: string): AppRoute => ({ ...routeById(id), built: true });

  it("a plain user without showDashboard gets the 403 page on the dashboard", () => {
    expect(decideRoute(routeById("dashboard"), { user: plain })).toBe("forbidden");
    expect(decideRoute(routeById("dashboard"), { user: { ...plain, showDashboard: "enabled" } })).toBe("allow");
    expect(decideRoute(routeById("users"), { user: plain })).toBe("forbidden");
    expect(decideRoute(routeById("companies"), { user: admin })).toBe("forbidden");
  });

  it("permission comes before the plan, the plan before whether the screen exists", () => {
    const noKanban = withPlan(admin, { useKanban: false });
    expect(decideRoute(built("kanban"), { user: noKanban })).toBe("plan");
    expect(decideRoute(routeById("kanban"), { user: noKanban })).toBe("plan");
    expect(decideRoute(built("prompts"), { user: withPlan(plain, { useOpenAi: false }) })).toBe("forbidden");
    expect(decideRoute(built("kanban"), { user: admin })).toBe("allow");
  });
});
