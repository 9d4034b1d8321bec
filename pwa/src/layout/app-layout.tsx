// The signed-in frame: side menu, top bar and the current screen. Mounting it
// starts sync; leaving it (sign-out) stops sync and closes the socket. On a phone the
// side menu is a drawer the top bar opens (decision 0087), with no rail beside the screen.
import { useAtom } from "jotai";
import { lazy, Suspense, useEffect } from "react";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { KeyboardShortcuts } from "../shortcuts/keyboard-shortcuts.tsx";
import { Splash } from "../ui/splash.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { useHelpsPresence } from "./layout-data.ts";
import { MenuDrawer } from "./menu-drawer.tsx";
import { useMenuDrawer } from "./menu-drawer-state.ts";
import { menuOpenAtom, rememberMenuOpen, storedMenuOpen } from "./menu-state.ts";
import { ScreenErrorBoundary } from "./screen-error-boundary.tsx";
import { SideMenu } from "./side-menu.tsx";
import { useSubscriptionWarning } from "./subscription-warning.ts";
import { TopBar } from "./top-bar.tsx";

// A new conversation waiting in the person's queues, on every screen (issue 21); loaded apart from the first paint.
const NewTicketToast = lazy(() => import("./new-ticket-toast.tsx").then((m) => ({ default: m.NewTicketToast })));
// The refusal notice and the sync engine are not in the layout's own chunk (decision 0102): they bring the tickets
// area's writes and the contract's schemas, and evaluating all of it with the layout made one long task of the
// first load. They load beside the first screen instead (the tickets screen needs most of it anyway).
const OpenTicketNotice = lazy(() =>
  import("../tickets/open-ticket-notice.tsx").then((m) => ({ default: m.OpenTicketNotice })),
);

/** Starts the replica's sync for the signed-in frame, and stops it when the frame goes (sign-out). */
function useAppSync() {
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void import("../sync/app-sync.ts").then(({ startAppSync }) => {
      if (live) stop = startAppSync();
    });
    return () => {
      live = false;
      stop?.();
    };
  }, []);
}

export function AppLayout() {
  const { i18n } = useTranslation();
  const user = useSessionUser();
  const { pathname } = useLocation();
  const [menuState, setMenuOpen] = useAtom(menuOpenAtom);
  const menuOpen = menuState ?? storedMenuOpen() ?? user?.defaultMenu !== "closed";
  const phone = useMediaQuery(NARROW_QUERY);
  const drawer = useMenuDrawer();

  useAppSync();
  useSubscriptionWarning(user);
  useHelpsPresence();

  const toggleMenu = () => {
    setMenuOpen(!menuOpen);
    rememberMenuOpen(!menuOpen);
  };

  return (
    <I18nProvider locale={i18n.language}>
      <div className="app-shell" data-menu={menuOpen ? "open" : "closed"} data-phone={phone ? "true" : undefined}>
        {phone ? (
          <>
            <TopBar menuOpen={drawer.open} onToggleMenu={drawer.show} phone />
            <MenuDrawer isOpen={drawer.open} onClose={drawer.close}>
              <SideMenu open inDrawer />
            </MenuDrawer>
          </>
        ) : (
          <>
            <TopBar menuOpen={menuOpen} onToggleMenu={toggleMenu} />
            <SideMenu open={menuOpen} />
          </>
        )}
        <main className="app-main">
          <ScreenErrorBoundary resetKey={pathname}>
            <Suspense fallback={<Splash />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </main>
        {/* A refused accept or reopen names who holds the ticket, on whatever screen is open. */}
        <Suspense fallback={null}>
          <OpenTicketNotice />
        </Suspense>
        <Suspense fallback={null}>
          <NewTicketToast />
        </Suspense>
        <KeyboardShortcuts />
      </div>
    </I18nProvider>
  );
}
