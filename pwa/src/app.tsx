// The app shell: session start-up, routes (each screen its own chunk so the first
// load stays small), toasts and the update prompt.
import { Suspense, useEffect } from "react";
import { BrowserRouter, Navigate, Route, Routes } from "react-router";
import { sessionDeps } from "./app-services.ts";
import { PublicOnly, RequireSession } from "./auth/route-guards.tsx";
import { bootSession } from "./auth/session.ts";
import { withFeatureTexts } from "./i18n/i18n.ts";
import { APP_ROUTES } from "./layout/app-routes.ts";
import { RedirectAway } from "./layout/redirect-away.tsx";
import { NotFoundPage, RouteGate } from "./layout/route-gate.tsx";
import { ScreenErrorBoundary } from "./layout/screen-error-boundary.tsx";
import { lazyScreen } from "./layout/screen-loader.ts";
import { loadBranding } from "./settings/branding.ts";
import { Splash } from "./ui/splash.tsx";
import { ToastRegion } from "./ui/toast-region.tsx";

// A screen whose code failed to load (offline before the service worker held it) loads again on a retry.
const named = lazyScreen;

const loadLoginPage = () => import("./auth/login-page.tsx");
// A first visit lands on /login: fetch its code while the session is still being checked.
if (typeof location !== "undefined" && location.pathname === "/login") void loadLoginPage();
const LoginPage = named(loadLoginPage, "LoginPage");
const SignupPage = named(() => import("./auth/signup-page.tsx"), "SignupPage");
const ForgotPasswordPage = named(() => import("./auth/forgot-password-page.tsx"), "ForgotPasswordPage");
// Every private screen renders inside the layout: it waits for the feature texts as well, so no
// screen paints a raw key, while /login loads only the base locale.
const AppLayout = named(
  withFeatureTexts(() => import("./layout/app-layout.tsx")),
  "AppLayout",
);
const TicketsPage = named(() => import("./tickets/tickets-page.tsx"), "TicketsPage");
const NoTicketSelected = named(() => import("./tickets/tickets-page.tsx"), "NoTicketSelected");
const Conversation = named(() => import("./tickets/conversation.tsx"), "Conversation");
const QuickMessagesRoute = named(() => import("./quick-messages/quick-messages-route.tsx"), "QuickMessagesRoute");
const FinanceiroPage = named(() => import("./financeiro/financeiro-page.tsx"), "FinanceiroPage");
const ContactsPage = named(() => import("./contacts/contacts-page.tsx"), "ContactsPage");
const ContactsImportPage = named(() => import("./contacts/contacts-import-page.tsx"), "ContactsImportPage");
const UsersPage = named(() => import("./users/users-page.tsx"), "UsersPage");
const TagsPage = named(() => import("./tags/tags-page.tsx"), "TagsPage");
const QueuesPage = named(() => import("./queues/queues-page.tsx"), "QueuesPage");
const KanbanPage = named(() => import("./kanban/kanban-page.tsx"), "KanbanPage");
const TagsKanbanPage = named(() => import("./kanban/tags-kanban-page.tsx"), "TagsKanbanPage");
const SchedulesPage = named(() => import("./schedules/schedules-page.tsx"), "SchedulesPage");
const ConnectionsPage = named(() => import("./connections/connections-page.tsx"), "ConnectionsPage");
const AllConnectionsPage = named(() => import("./connections/all-connections-page.tsx"), "AllConnectionsPage");
const FlowsPage = named(() => import("./flows/flows-page.tsx"), "FlowsPage");
const FlowEditorRoute = named(() => import("./flows/flow-editor-page.tsx"), "FlowEditorRoute");
const FilesPage = named(() => import("./files/files-page.tsx"), "FilesPage");
const PhraseListsPage = named(() => import("./phrase-lists/phrase-lists-page.tsx"), "PhraseListsPage");
const TodolistPage = named(() => import("./todolist/todolist-page.tsx"), "TodolistPage");
const MomentsPage = named(() => import("./moments/moments-page.tsx"), "MomentsPage");
const HelpsPage = named(() => import("./helps/helps-page.tsx"), "HelpsPage");
const ChatsPage = named(() => import("./chats/chats-page.tsx"), "ChatsPage");
const SettingsPage = named(() => import("./settings/settings-page.tsx"), "SettingsPage");
const DashboardPage = named(() => import("./dashboard/dashboard-page.tsx"), "DashboardPage");
const IntegrationsPage = named(() => import("./integrations/integrations-page.tsx"), "IntegrationsPage");
const MessagesApiPage = named(() => import("./messages-api/messages-api-page.tsx"), "MessagesApiPage");
const PromptsPage = named(() => import("./prompts/prompts-page.tsx"), "PromptsPage");
const ContactListsPage = named(() => import("./contact-lists/contact-lists-page.tsx"), "ContactListsPage");
const ContactListItemsPage = named(() => import("./contact-lists/contact-list-items-page.tsx"), "ContactListItemsPage");
const CampaignsPage = named(() => import("./campaigns/campaigns-page.tsx"), "CampaignsPage");
const CampaignReportPage = named(() => import("./campaigns/campaign-report-page.tsx"), "CampaignReportPage");
const CampaignSettingsPage = named(() => import("./campaigns/campaign-settings-page.tsx"), "CampaignSettingsPage");
const CompaniesPage = named(() => import("./companies/companies-page.tsx"), "CompaniesPage");
const SubscriptionPage = named(() => import("./subscription/subscription-page.tsx"), "SubscriptionPage");
const ReportsPage = named(() => import("./reports/reports-page.tsx"), "ReportsPage");
const AnnouncementsPage = named(() => import("./announcements/announcements-page.tsx"), "AnnouncementsPage");
const UpdatePrompt = named(() => import("./pwa/update-prompt.tsx"), "UpdatePrompt");

// Once per page load, even when StrictMode runs effects twice in development.
let booted = false;

export function App() {
  useEffect(() => {
    if (booted) return;
    booted = true;
    // The brand (spec 3 §2 White-label) before and after login: kept colours at once, the server's next.
    void loadBranding(window.location.origin);
    bootSession(sessionDeps).catch((err: unknown) => {
      // IndexedDB refused (e.g. storage blocked): nothing to open offline, so ask for a login.
      console.error("session start failed", err);
      sessionDeps.setState({ status: "anonymous" });
    });
  }, []);

  return (
    <BrowserRouter>
      <ScreenErrorBoundary>
        <Suspense fallback={<Splash />}>
          <Routes>
            <Route element={<PublicOnly />}>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/signup" element={<SignupPage />} />
              <Route path="/forgetpsw" element={<ForgotPasswordPage />} />
            </Route>
            <Route element={<RequireSession />}>
              <Route element={<AppLayout />}>
                {/* "/" is the dashboard (spec 1 §2): a plain user without showDashboard gets the 403 page. */}
                <Route
                  index
                  element={
                    <RouteGate id="dashboard">
                      <DashboardPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="tickets"
                  element={
                    <RouteGate id="tickets">
                      <TicketsPage />
                    </RouteGate>
                  }
                >
                  <Route index element={<NoTicketSelected />} />
                  <Route path=":uuid" element={<Conversation />} />
                </Route>
                <Route
                  path="quick-messages"
                  element={
                    <RouteGate id="quickMessages">
                      <QuickMessagesRoute />
                    </RouteGate>
                  }
                />
                <Route
                  path="contacts"
                  element={
                    <RouteGate id="contacts">
                      <ContactsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="contacts/import"
                  element={
                    <RouteGate id="contactsImport">
                      <ContactsImportPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="users"
                  element={
                    <RouteGate id="users">
                      <UsersPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="queues"
                  element={
                    <RouteGate id="queues">
                      <QueuesPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="tags"
                  element={
                    <RouteGate id="tags">
                      <TagsPage />
                    </RouteGate>
                  }
                />
                {/* /kanban and /Kanban (spec 2 §2): react-router matches paths regardless of case. */}
                <Route
                  path="kanban"
                  element={
                    <RouteGate id="kanban">
                      <KanbanPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="TagsKanban"
                  element={
                    <RouteGate id="tagsKanban">
                      <TagsKanbanPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="schedules"
                  element={
                    <RouteGate id="schedules">
                      <SchedulesPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="connections"
                  element={
                    <RouteGate id="connections">
                      <ConnectionsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="allConnections"
                  element={
                    <RouteGate id="allConnections" forbidden={<Navigate to="/tickets" replace />}>
                      <AllConnectionsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="companies"
                  element={
                    <RouteGate id="companies" forbidden={<RedirectAway />}>
                      <CompaniesPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="subscription"
                  element={
                    <RouteGate id="subscription">
                      <SubscriptionPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="flowbuilders"
                  element={
                    <RouteGate id="flowbuilders">
                      <FlowsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="flowbuilder/:id"
                  element={
                    <RouteGate id="flowbuilder">
                      <FlowEditorRoute />
                    </RouteGate>
                  }
                />
                <Route
                  path="phrase-lists"
                  element={
                    <RouteGate id="phraseLists">
                      <PhraseListsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="todolist"
                  element={
                    <RouteGate id="todolist">
                      <TodolistPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="files"
                  element={
                    <RouteGate id="files">
                      <FilesPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="queue-integration"
                  element={
                    <RouteGate id="queueIntegration">
                      <IntegrationsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="messages-api"
                  element={
                    <RouteGate id="messagesApi" planMissing={<RedirectAway />}>
                      <MessagesApiPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="prompts"
                  element={
                    <RouteGate id="prompts">
                      <PromptsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="campaigns"
                  element={
                    <RouteGate id="campaigns">
                      <CampaignsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="campaign/:campaignId/report"
                  element={
                    <RouteGate id="campaignReport">
                      <CampaignReportPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="campaigns-config"
                  element={
                    <RouteGate id="campaignsConfig">
                      <CampaignSettingsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="contact-lists"
                  element={
                    <RouteGate id="contactLists">
                      <ContactListsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="contact-lists/:contactListId/contacts"
                  element={
                    <RouteGate id="contactListItems">
                      <ContactListItemsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="financeiro"
                  element={
                    <RouteGate id="financeiro">
                      <FinanceiroPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="settings"
                  element={
                    <RouteGate id="settings">
                      <SettingsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="moments"
                  element={
                    <RouteGate id="moments">
                      <MomentsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="helps"
                  element={
                    <RouteGate id="helps">
                      <HelpsPage />
                    </RouteGate>
                  }
                />
                {/* The internal chat (spec 3 §2): /chats and /chats/{uuid}, one screen that stays mounted. */}
                <Route
                  path="chats/:uuid?"
                  element={
                    <RouteGate id="chats">
                      <ChatsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="reports"
                  element={
                    <RouteGate id="reports">
                      <ReportsPage />
                    </RouteGate>
                  }
                />
                <Route
                  path="announcements"
                  element={
                    <RouteGate id="announcements" forbidden={<RedirectAway />}>
                      <AnnouncementsPage />
                    </RouteGate>
                  }
                />
                {/* Known routes whose screens are not built yet: 403 or not found, decided by the same rules. */}
                {APP_ROUTES.filter((r) => !r.built && r.path !== "/").map((r) => (
                  <Route key={r.id} path={r.path} element={<RouteGate id={r.id} />} />
                ))}
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Route>
          </Routes>
        </Suspense>
      </ScreenErrorBoundary>
      <ToastRegion />
      <Suspense>
        <UpdatePrompt />
      </Suspense>
    </BrowserRouter>
  );
}
