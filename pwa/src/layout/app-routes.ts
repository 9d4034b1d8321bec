// The one list of the private routes of spec 1 §2 (and documents 2 and 3): path, menu
// group, who may open it, which plan flag switches it on, and whether the screen exists
// yet (`built`). The side menu and the route guards both read it, so a screen that gets
// built only flips `built` here. Rules: spec 1 §2 "Side menu visibility", §6, spec 3 §6.
import type { PlanFlags, UserDTO } from "@chatflow/core/contract/entities.ts";
import { isSubscriptionExpired } from "../auth/session-state.ts";

export type MenuGroup = "main" | "management" | "admin" | "super";

/** What the rules look at, besides the user. */
export type AccessContext = {
  user: UserDTO;
  now?: Date;
  /** Help records exist (spec 1 §2: the helps item shows only then). */
  hasHelps?: boolean;
  /** The local browser flag 'cshow' exists (spec 1 §2: campaign routes appear only then). */
  campaignsShown?: boolean;
};

export type AppRoute = {
  id: string;
  /** react-router path; the menu links to it. */
  path: string;
  group: MenuGroup;
  /** The screen exists in this app. Unbuilt routes never show in the menu and answer 'not found'. */
  built: boolean;
  /** Listed in the side menu (detail routes such as /contacts/import are not). */
  inMenu: boolean;
  /** Who may open it; false answers the 403 page. */
  allow: (ctx: AccessContext) => boolean;
  /** The plan flag that switches the feature on; off hides it and sends the person away. */
  planFlag?: keyof PlanFlags;
  /** The connections item carries the connection-state badge. */
  badge?: "connections";
};

const enabled = (v: "enabled" | "disabled" | undefined) => v === "enabled";
const isAdmin = ({ user }: AccessContext) => user.profile === "admin";
const isSuper = ({ user }: AccessContext) => user.super;
const everyone = () => true;
// spec 1 §6: showDashboard, allowRealTime and allowConnections make a user an admin for the matching items.
const seesDashboard = (c: AccessContext) => isAdmin(c) || enabled(c.user.showDashboard);
const seesRealTime = (c: AccessContext) => isAdmin(c) || enabled(c.user.allowRealTime);
const seesConnections = (c: AccessContext) => isAdmin(c) || enabled(c.user.allowConnections);

const route = (r: Omit<AppRoute, "inMenu"> & { inMenu?: boolean }): AppRoute => ({ inMenu: true, ...r });

/** The campaign screens' one rule: admins, with the plan's campaigns and this browser's 'cshow' flag. */
const CAMPAIGN_AREA = {
  group: "admin",
  built: true,
  planFlag: "useCampaigns",
  allow: (c: AccessContext) => isAdmin(c) && c.campaignsShown === true,
} as const;

export const APP_ROUTES: readonly AppRoute[] = [
  // Management group (spec 1 §2): admins, or users with showDashboard / allowRealTime.
  route({ id: "dashboard", path: "/", group: "management", built: true, allow: seesDashboard }),
  route({ id: "reports", path: "/reports", group: "management", built: true, allow: seesDashboard }),
  route({ id: "moments", path: "/moments", group: "management", built: true, allow: seesRealTime }),
  // The day's work, for everyone.
  route({ id: "tickets", path: "/tickets", group: "main", built: true, allow: everyone }),
  route({ id: "quickMessages", path: "/quick-messages", group: "main", built: true, allow: everyone }),
  route({ id: "kanban", path: "/kanban", group: "main", built: true, allow: everyone, planFlag: "useKanban" }),
  route({ id: "contacts", path: "/contacts", group: "main", built: true, allow: everyone }),
  route({
    id: "contactsImport",
    path: "/contacts/import",
    group: "main",
    built: true,
    allow: everyone,
    inMenu: false,
  }),
  route({
    id: "schedules",
    path: "/schedules",
    group: "main",
    built: true,
    allow: everyone,
    planFlag: "useSchedules",
  }),
  route({ id: "tags", path: "/tags", group: "main", built: true, allow: everyone }),
  route({ id: "chats", path: "/chats", group: "main", built: true, allow: everyone, planFlag: "useInternalChat" }),
  route({ id: "todolist", path: "/todolist", group: "main", built: true, allow: everyone }),
  route({ id: "helps", path: "/helps", group: "main", built: true, allow: (c) => c.hasHelps === true }),
  // Administration (spec 1 §6: admins; allowConnections for the connections page).
  route({
    id: "connections",
    path: "/connections",
    group: "admin",
    built: true,
    allow: seesConnections,
    badge: "connections",
  }),
  route({ id: "queues", path: "/queues", group: "admin", built: true, allow: isAdmin }),
  route({ id: "users", path: "/users", group: "admin", built: true, allow: isAdmin }),
  // A new company's admin lands on the first-run checklist (issue 21, decision 0091); it is not a menu item.
  route({ id: "gettingStarted", path: "/getting-started", group: "admin", built: true, allow: isAdmin, inMenu: false }),
  route({ id: "campaigns", path: "/campaigns", ...CAMPAIGN_AREA }),
  route({ id: "contactLists", path: "/contact-lists", ...CAMPAIGN_AREA }),
  route({ id: "contactListItems", path: "/contact-lists/:contactListId/contacts", inMenu: false, ...CAMPAIGN_AREA }),
  route({ id: "campaignReport", path: "/campaign/:campaignId/report", inMenu: false, ...CAMPAIGN_AREA }),
  route({ id: "campaignsConfig", path: "/campaigns-config", ...CAMPAIGN_AREA }),
  route({ id: "flowbuilders", path: "/flowbuilders", group: "admin", built: true, allow: isAdmin }),
  route({ id: "flowbuilder", path: "/flowbuilder/:id", group: "admin", built: true, inMenu: false, allow: isAdmin }),
  // Spec 2 §2: shown with the flow builder (the conversation-flow feature has no plan flag of its own here).
  route({ id: "phraseLists", path: "/phrase-lists", group: "admin", built: true, allow: isAdmin }),
  route({ id: "tagsKanban", path: "/TagsKanban", group: "admin", built: true, allow: isAdmin, planFlag: "useKanban" }),
  route({ id: "prompts", path: "/prompts", group: "admin", built: true, allow: isAdmin, planFlag: "useOpenAi" }),
  route({
    id: "queueIntegration",
    path: "/queue-integration",
    group: "admin",
    built: true,
    allow: isAdmin,
    planFlag: "useIntegrations",
  }),
  route({
    id: "messagesApi",
    path: "/messages-api",
    group: "admin",
    built: true,
    allow: isAdmin,
    planFlag: "useExternalApi",
  }),
  route({ id: "files", path: "/files", group: "admin", built: true, allow: isAdmin }),
  route({
    id: "financeiro",
    path: "/financeiro",
    group: "admin",
    built: true,
    // Everyone whose subscription ran out is sent here after login, so they may read it.
    allow: (c) => isAdmin(c) || isExpired(c),
  }),
  route({ id: "subscription", path: "/subscription", group: "admin", built: true, allow: isAdmin }),
  // spec 3 §2: admins' Options and Schedules, the super user's platform tabs; a plain user gets the 403 page.
  route({ id: "settings", path: "/settings", group: "admin", built: true, allow: (c) => isAdmin(c) || isSuper(c) }),
  // Issue 25 (decision 0108): the company's audit log; the super user's spans the platform.
  route({ id: "audit", path: "/audit", group: "admin", built: true, allow: (c) => isAdmin(c) || isSuper(c) }),
  // Decision 0113: one's own two-factor sign-in, from the profile menu (not in the side menu).
  route({ id: "security", path: "/security", group: "main", built: true, inMenu: false, allow: everyone }),
  // The platform (spec 1 §2: super user only).
  route({ id: "allConnections", path: "/allConnections", group: "super", built: true, allow: isSuper }),
  route({ id: "companies", path: "/companies", group: "super", built: true, allow: isSuper }),
  route({ id: "announcements", path: "/announcements", group: "super", built: true, allow: isSuper }),
];

/** Billing stays reachable when the subscription ran out (the server answers 402 elsewhere). */
const BILLING_ROUTES = new Set(["financeiro", "subscription"]);

function isExpired(c: AccessContext): boolean {
  return !c.user.super && isSubscriptionExpired(c.user, c.now);
}

/** A plan flag, off when the company has no plan (or an old session answer carries none). */
export function planAllows(user: UserDTO, flag: keyof PlanFlags | undefined): boolean {
  if (!flag) return true;
  return user.company?.plan?.[flag] === true;
}

export type RouteDecision =
  /** Open the screen. */
  | "allow"
  /** The subscription ran out: only billing opens; the rest goes to /financeiro. */
  | "expired"
  /** The plan lacks the feature (spec 3 §6: a toast, then away). */
  | "plan"
  /** The person may not (the 403 page). */
  | "forbidden"
  /** Known route, screen not built yet: the not-found page, never a dead screen. */
  | "notBuilt";

export function decideRoute(r: AppRoute, ctx: AccessContext): RouteDecision {
  if (isExpired(ctx) && !BILLING_ROUTES.has(r.id)) return "expired";
  if (!r.allow(ctx)) return "forbidden";
  if (!planAllows(ctx.user, r.planFlag)) return "plan";
  return r.built ? "allow" : "notBuilt";
}

/** The side menu's items, in order: built, listed, and open to this person under this plan. */
export function menuRoutes(ctx: AccessContext): AppRoute[] {
  return APP_ROUTES.filter((r) => r.inMenu && decideRoute(r, ctx) === "allow");
}

export function routeById(id: string): AppRoute {
  const r = APP_ROUTES.find((x) => x.id === id);
  if (!r) throw new Error(`unknown route id ${id}`);
  return r;
}
