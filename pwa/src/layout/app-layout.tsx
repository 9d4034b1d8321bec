// The signed-in frame: side menu, top bar and the current screen. Mounting it
// starts sync; leaving it (sign-out) stops sync and closes the socket.
import { useAtom } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { startAppSync } from "../sync/app-sync.ts";
import { OpenTicketNotice } from "../tickets/open-ticket-notice.tsx";
import { Splash } from "../ui/splash.tsx";
import { useHelpsPresence } from "./layout-data.ts";
import { menuOpenAtom, rememberMenuOpen, storedMenuOpen } from "./menu-state.ts";
import { ScreenErrorBoundary } from "./screen-error-boundary.tsx";
import { SideMenu } from "./side-menu.tsx";
import { useSubscriptionWarning } from "./subscription-warning.ts";
import { TopBar } from "./top-bar.tsx";

// A new conversation waiting in the person's queues, on every screen (issue 21); loaded apart from the first paint.
const NewTicketToast = lazy(() => import("./new-ticket-toast.tsx").then((m) => ({ default: m.NewTicketToast })));

export function AppLayout() {
  const { i18n } = useTranslation();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [menuState, setMenuOpen] = useAtom(menuOpenAtom);
  const menuOpen = menuState ?? storedMenuOpen() ?? user?.defaultMenu !== "closed";

  useEffect(() => startAppSync(), []);
  useSubscriptionWarning(user);
  useHelpsPresence();

  const toggleMenu = () => {
    setMenuOpen(!menuOpen);
    rememberMenuOpen(!menuOpen);
  };

  return (
    <I18nProvider locale={i18n.language}>
      <div className="app-shell" data-menu={menuOpen ? "open" : "closed"}>
        <TopBar menuOpen={menuOpen} onToggleMenu={toggleMenu} />
        <SideMenu open={menuOpen} />
        <main className="app-main">
          <ScreenErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Splash />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </main>
        {/* A refused accept or reopen names who holds the ticket, on whatever screen is open. */}
        <OpenTicketNotice />
        <Suspense fallback={null}>
          <NewTicketToast />
        </Suspense>
      </div>
    </I18nProvider>
  );
}
