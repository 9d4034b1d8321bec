// The signed-in frame: side menu, top bar and the current screen. Mounting it
// starts sync; leaving it (sign-out) stops sync and closes the socket.
import { Suspense, useEffect, useState } from "react";
import { I18nProvider } from "react-aria-components/I18nProvider";
import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { startAppSync } from "../sync/app-sync.ts";
import { Splash } from "../ui/splash.tsx";
import { SideMenu } from "./side-menu.tsx";
import { TopBar } from "./top-bar.tsx";

const MENU_KEY = "menuOpen";

function initialMenuOpen(defaultMenu: "open" | "closed" | undefined): boolean {
  try {
    const stored = localStorage.getItem(MENU_KEY);
    if (stored !== null) return stored === "true";
  } catch {
    // Storage blocked: use the user's default.
  }
  return defaultMenu !== "closed";
}

export function AppLayout() {
  const { i18n } = useTranslation();
  const user = useSessionUser();
  const [menuOpen, setMenuOpen] = useState(() => initialMenuOpen(user?.defaultMenu));

  useEffect(() => startAppSync(), []);

  const toggleMenu = () =>
    setMenuOpen((open) => {
      try {
        localStorage.setItem(MENU_KEY, String(!open));
      } catch {
        // Not remembered; the toggle still works for this page.
      }
      return !open;
    });

  return (
    <I18nProvider locale={i18n.language}>
      <div className="app-shell" data-menu={menuOpen ? "open" : "closed"}>
        <TopBar menuOpen={menuOpen} onToggleMenu={toggleMenu} />
        <SideMenu open={menuOpen} />
        <main className="app-main">
          <Suspense fallback={<Splash />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </I18nProvider>
  );
}
