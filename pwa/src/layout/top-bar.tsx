// Top bar (spec 1 §2): menu toggle, connection state, theme, language, logout.
import { useAtom } from "jotai";
import { Button } from "react-aria-components/Button";
import { useTranslation } from "react-i18next";
import { sessionDeps } from "../app-services.ts";
import { signOut } from "../auth/session.ts";
import { useSessionUser } from "../auth/use-session-user.ts";
import { LogoutIcon, MenuIcon, MoonIcon, SunIcon } from "../ui/icons.tsx";
import { ConnectionStatus } from "./connection-status.tsx";
import { LanguageMenu } from "./language-menu.tsx";
import { persistedThemeAtom } from "./theme.ts";

type Props = { menuOpen: boolean; onToggleMenu: () => void };

export function TopBar({ menuOpen, onToggleMenu }: Props) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [theme, setTheme] = useAtom(persistedThemeAtom);
  return (
    <header className="top-bar">
      <Button
        className="icon-button"
        aria-label={menuOpen ? t("layout.closeMenu") : t("layout.openMenu")}
        aria-expanded={menuOpen}
        aria-controls="side-menu"
        onPress={onToggleMenu}
      >
        <MenuIcon />
      </Button>
      <span className="top-bar-brand">{t("app.name")}</span>
      <span className="top-bar-spacer" />
      <ConnectionStatus />
      <Button
        className="icon-button"
        aria-label={theme === "dark" ? t("layout.themeToLight") : t("layout.themeToDark")}
        data-testid="theme-toggle"
        onPress={() => setTheme(theme === "dark" ? "light" : "dark")}
      >
        {theme === "dark" ? <SunIcon /> : <MoonIcon />}
      </Button>
      <LanguageMenu />
      {user && <span className="top-bar-user">{user.name}</span>}
      <Button
        className="icon-button"
        aria-label={t("layout.logout")}
        data-testid="logout"
        onPress={() => void signOut(sessionDeps)}
      >
        <LogoutIcon />
      </Button>
    </header>
  );
}
