// The route table: which screen answers which path, behind which gate and in which layout. Each screen is its
// own chunk, so the first load stays small; who may open a private route (role, plan flag) is app-routes.ts's.
import type { ComponentType, ReactNode } from "react";
import { Navigate } from "react-router";
import { withFeatureTexts } from "./i18n/i18n.ts";
import { RedirectAway } from "./layout/redirect-away.tsx";
import { lazyScreen } from "./layout/screen-loader.ts";

/** A route outside the session (only for people without one). */
export type PublicRoute = { path: string; screen: ComponentType };

/** A screen inside the app layout, behind RouteGate. */
export type PrivateRoute = {
  /** react-router path, relative to the layout; absent for the index route. */
  path?: string;
  screen: ComponentType;
  /** The APP_ROUTES id whose rules (role, plan flag, built) decide who may open it. */
  gate: string;
  /** What a refused person sees instead of the 403 page. */
  forbidden?: ReactNode;
  /** What replaces the plan-flag refusal. */
  planMissing?: ReactNode;
  /** Nested routes the screen renders in its outlet, behind the same gate. */
  children?: { path?: string; screen: ComponentType }[];
};

// A screen whose code failed to load (offline before the service worker held it) loads again on a retry.
const named = lazyScreen;

const loadLoginPage = () => import("./auth/login-page.tsx");
// A first visit lands on /login: fetch its code while the session is still being checked.
if (typeof location !== "undefined" && location.pathname === "/login") void loadLoginPage();

export const PUBLIC_ROUTES: readonly PublicRoute[] = [
  { path: "/login", screen: named(loadLoginPage, "LoginPage") },
  { path: "/signup", screen: named(() => import("./auth/signup-page.tsx"), "SignupPage") },
  { path: "/forgetpsw", screen: named(() => import("./auth/forgot-password-page.tsx"), "ForgotPasswordPage") },
];

// Every private screen renders inside the layout: it waits for the feature texts as well, so no
// screen paints a raw key, while /login loads only the base locale.
export const AppLayout = named(
  withFeatureTexts(() => import("./layout/app-layout.tsx")),
  "AppLayout",
);

const loadTicketsPage = () => import("./tickets/tickets-page.tsx");

export const PRIVATE_ROUTES: readonly PrivateRoute[] = [
  // "/" is the dashboard (spec 1 §2): a plain user without showDashboard gets the 403 page.
  { gate: "dashboard", screen: named(() => import("./dashboard/dashboard-page.tsx"), "DashboardPage") },
  {
    path: "tickets",
    gate: "tickets",
    screen: named(loadTicketsPage, "TicketsPage"),
    children: [
      { screen: named(loadTicketsPage, "NoTicketSelected") },
      { path: ":uuid", screen: named(() => import("./tickets/conversation.tsx"), "Conversation") },
    ],
  },
  {
    path: "quick-messages",
    gate: "quickMessages",
    screen: named(() => import("./quick-messages/quick-messages-route.tsx"), "QuickMessagesRoute"),
  },
  { path: "contacts", gate: "contacts", screen: named(() => import("./contacts/contacts-page.tsx"), "ContactsPage") },
  {
    path: "contacts/import",
    gate: "contactsImport",
    screen: named(() => import("./contacts/contacts-import-page.tsx"), "ContactsImportPage"),
  },
  { path: "users", gate: "users", screen: named(() => import("./users/users-page.tsx"), "UsersPage") },
  {
    path: "getting-started",
    gate: "gettingStarted",
    screen: named(() => import("./getting-started/getting-started-page.tsx"), "GettingStartedPage"),
  },
  { path: "queues", gate: "queues", screen: named(() => import("./queues/queues-page.tsx"), "QueuesPage") },
  { path: "tags", gate: "tags", screen: named(() => import("./tags/tags-page.tsx"), "TagsPage") },
  // /kanban and /Kanban (spec 2 §2): react-router matches paths regardless of case.
  { path: "kanban", gate: "kanban", screen: named(() => import("./kanban/kanban-page.tsx"), "KanbanPage") },
  {
    path: "TagsKanban",
    gate: "tagsKanban",
    screen: named(() => import("./kanban/tags-kanban-page.tsx"), "TagsKanbanPage"),
  },
  {
    path: "schedules",
    gate: "schedules",
    screen: named(() => import("./schedules/schedules-page.tsx"), "SchedulesPage"),
  },
  {
    path: "connections",
    gate: "connections",
    screen: named(() => import("./connections/connections-page.tsx"), "ConnectionsPage"),
  },
  {
    path: "allConnections",
    gate: "allConnections",
    // spec 2 §2: everyone but the super user goes to /tickets.
    forbidden: <Navigate to="/tickets" replace />,
    screen: named(() => import("./connections/all-connections-page.tsx"), "AllConnectionsPage"),
  },
  {
    path: "companies",
    gate: "companies",
    forbidden: <RedirectAway />,
    screen: named(() => import("./companies/companies-page.tsx"), "CompaniesPage"),
  },
  {
    path: "subscription",
    gate: "subscription",
    screen: named(() => import("./subscription/subscription-page.tsx"), "SubscriptionPage"),
  },
  { path: "flowbuilders", gate: "flowbuilders", screen: named(() => import("./flows/flows-page.tsx"), "FlowsPage") },
  {
    path: "flowbuilder/:id",
    gate: "flowbuilder",
    screen: named(() => import("./flows/flow-editor-page.tsx"), "FlowEditorRoute"),
  },
  {
    path: "phrase-lists",
    gate: "phraseLists",
    screen: named(() => import("./phrase-lists/phrase-lists-page.tsx"), "PhraseListsPage"),
  },
  { path: "todolist", gate: "todolist", screen: named(() => import("./todolist/todolist-page.tsx"), "TodolistPage") },
  { path: "files", gate: "files", screen: named(() => import("./files/files-page.tsx"), "FilesPage") },
  {
    path: "queue-integration",
    gate: "queueIntegration",
    screen: named(() => import("./integrations/integrations-page.tsx"), "IntegrationsPage"),
  },
  {
    path: "messages-api",
    gate: "messagesApi",
    planMissing: <RedirectAway />,
    screen: named(() => import("./messages-api/messages-api-page.tsx"), "MessagesApiPage"),
  },
  { path: "prompts", gate: "prompts", screen: named(() => import("./prompts/prompts-page.tsx"), "PromptsPage") },
  {
    path: "campaigns",
    gate: "campaigns",
    screen: named(() => import("./campaigns/campaigns-page.tsx"), "CampaignsPage"),
  },
  {
    path: "campaign/:campaignId/report",
    gate: "campaignReport",
    screen: named(() => import("./campaigns/campaign-report-page.tsx"), "CampaignReportPage"),
  },
  {
    path: "campaigns-config",
    gate: "campaignsConfig",
    screen: named(() => import("./campaigns/campaign-settings-page.tsx"), "CampaignSettingsPage"),
  },
  {
    path: "contact-lists",
    gate: "contactLists",
    screen: named(() => import("./contact-lists/contact-lists-page.tsx"), "ContactListsPage"),
  },
  {
    path: "contact-lists/:contactListId/contacts",
    gate: "contactListItems",
    screen: named(() => import("./contact-lists/contact-list-items-page.tsx"), "ContactListItemsPage"),
  },
  {
    path: "financeiro",
    gate: "financeiro",
    screen: named(() => import("./financeiro/financeiro-page.tsx"), "FinanceiroPage"),
  },
  { path: "settings", gate: "settings", screen: named(() => import("./settings/settings-page.tsx"), "SettingsPage") },
  { path: "moments", gate: "moments", screen: named(() => import("./moments/moments-page.tsx"), "MomentsPage") },
  { path: "helps", gate: "helps", screen: named(() => import("./helps/helps-page.tsx"), "HelpsPage") },
  // The internal chat (spec 3 §2): /chats and /chats/{uuid}, one screen that stays mounted.
  { path: "chats/:uuid?", gate: "chats", screen: named(() => import("./chats/chats-page.tsx"), "ChatsPage") },
  { path: "reports", gate: "reports", screen: named(() => import("./reports/reports-page.tsx"), "ReportsPage") },
  { path: "audit", gate: "audit", screen: named(() => import("./audit/audit-page.tsx"), "AuditPage") },
  { path: "security", gate: "security", screen: named(() => import("./auth/security-page.tsx"), "SecurityPage") },
  {
    path: "announcements",
    gate: "announcements",
    forbidden: <RedirectAway />,
    screen: named(() => import("./announcements/announcements-page.tsx"), "AnnouncementsPage"),
  },
];
