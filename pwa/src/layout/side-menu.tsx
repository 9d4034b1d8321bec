// Side menu: open by default (spec 1 §1), collapsible to icons only.

import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { BoltIcon, ChatIcon, WalletIcon } from "../ui/icons.tsx";

export function SideMenu({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const items = [
    { to: "/tickets", label: t("menu.tickets"), icon: <ChatIcon /> },
    { to: "/quick-messages", label: t("menu.quickMessages"), icon: <BoltIcon /> },
    { to: "/financeiro", label: t("menu.financeiro"), icon: <WalletIcon /> },
  ];
  return (
    <nav id="side-menu" className="side-menu" data-open={open ? "true" : "false"} aria-label={t("layout.mainMenu")}>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              className="side-menu-link"
              title={open ? undefined : item.label}
              // The label is hidden when the menu is folded (and on phones): the link keeps its name.
              aria-label={item.label}
            >
              {item.icon}
              <span className="side-menu-label">{item.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      <footer className="side-menu-footer">{t("app.version")}</footer>
    </nav>
  );
}
