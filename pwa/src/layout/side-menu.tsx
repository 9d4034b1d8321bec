// Side menu (spec 1 §2): every item of the route list this person may open under this plan
// and subscription, grouped as the spec groups them; the connections item carries the
// connection-state badge, the internal chat's the number of chats with unread messages (from the replica, decision
// 0111). Collapsible to icons; links keep their names when folded. On a phone it stands in
// the menu drawer (menu-drawer.tsx), always unfolded, and a link there replaces the drawer's history entry.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { useUnreadChats } from "../chats/chat-store.ts";
import { Badge } from "../ui/badge.tsx";
import {
  ActivityIcon,
  BoltIcon,
  BuildingIcon,
  CalendarIcon,
  ChartIcon,
  ChatIcon,
  CheckSquareIcon,
  ClockIcon,
  CodeIcon,
  ContactsIcon,
  DashboardIcon,
  FileIcon,
  FlowIcon,
  HelpIcon,
  KanbanIcon,
  ListIcon,
  MegaphoneIcon,
  MessagesIcon,
  PlugIcon,
  PuzzleIcon,
  RobotIcon,
  SendIcon,
  SettingsIcon,
  TagIcon,
  UsersIcon,
  WalletIcon,
} from "../ui/icons.tsx";
import { type AppRoute, type MenuGroup, menuRoutes } from "./app-routes.ts";
import { useConnectionsAlert } from "./connections-alert.ts";
import { useAccessContext } from "./use-access-context.ts";

const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardIcon />,
  reports: <ChartIcon />,
  moments: <ActivityIcon />,
  tickets: <ChatIcon />,
  quickMessages: <BoltIcon />,
  kanban: <KanbanIcon />,
  contacts: <ContactsIcon />,
  schedules: <CalendarIcon />,
  tags: <TagIcon />,
  chats: <MessagesIcon />,
  todolist: <CheckSquareIcon />,
  helps: <HelpIcon />,
  connections: <PlugIcon />,
  queues: <ListIcon />,
  users: <UsersIcon />,
  campaigns: <SendIcon />,
  contactLists: <ContactsIcon />,
  campaignsConfig: <SettingsIcon />,
  flowbuilders: <FlowIcon />,
  phraseLists: <ListIcon />,
  tagsKanban: <KanbanIcon />,
  prompts: <RobotIcon />,
  queueIntegration: <PuzzleIcon />,
  messagesApi: <CodeIcon />,
  files: <FileIcon />,
  financeiro: <WalletIcon />,
  subscription: <WalletIcon />,
  settings: <SettingsIcon />,
  audit: <ClockIcon />,
  allConnections: <PlugIcon />,
  companies: <BuildingIcon />,
  announcements: <MegaphoneIcon />,
};

const GROUPS: readonly MenuGroup[] = ["management", "main", "admin", "super"];

export function SideMenu({ open, inDrawer = false }: { open: boolean; inDrawer?: boolean }) {
  const { t } = useTranslation();
  const ctx = useAccessContext();
  const alert = useConnectionsAlert();
  const items = ctx ? menuRoutes(ctx) : [];
  const unreadChats = useUnreadChats(ctx?.user.id).length;
  return (
    <nav
      id="side-menu"
      className="side-menu"
      data-open={open ? "true" : "false"}
      data-drawer={inDrawer ? "true" : undefined}
      aria-label={t("layout.mainMenu")}
    >
      <div className="side-menu-groups">
        {GROUPS.map((group) => {
          const inGroup = items.filter((r) => r.group === group);
          if (inGroup.length === 0) return null;
          const headingId = `side-menu-group-${group}`;
          return (
            <section key={group} className="side-menu-group" aria-labelledby={group === "main" ? undefined : headingId}>
              {group !== "main" && (
                <h2 id={headingId} className="side-menu-heading">
                  {t(`menu.groups.${group}`)}
                </h2>
              )}
              <ul>
                {inGroup.map((item) => (
                  <MenuLink
                    key={item.id}
                    item={item}
                    open={open}
                    replace={inDrawer}
                    alert={item.badge === "connections" && alert}
                    count={item.id === "chats" ? unreadChats : 0}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <footer className="side-menu-footer">{t("app.version")}</footer>
    </nav>
  );
}

function MenuLink({
  item,
  open,
  replace,
  alert,
  count,
}: {
  item: AppRoute;
  open: boolean;
  replace: boolean;
  alert: boolean;
  /** The number the item's badge shows (the chats with unread messages); 0 shows none. */
  count: number;
}) {
  const { t } = useTranslation();
  const label = t(`menu.${item.id}`);
  // The label is hidden when the menu is folded (and on phones): the link keeps its name, and the
  // badge's meaning is part of it. A count's name starts with what shows ("Chat Interno 2"), as axe asks.
  const shown = count > 99 ? "99+" : String(count);
  const name = alert
    ? `${label}, ${t("layout.connectionsAlert")}`
    : count > 0
      ? `${label} ${shown} ${t("chatsPage.menuUnread")}`
      : label;
  return (
    <li>
      <NavLink
        to={item.path}
        end={item.path === "/"}
        replace={replace}
        className="side-menu-link"
        title={open ? undefined : name}
        aria-label={name}
        data-testid={`menu-${item.id}`}
      >
        <span className="side-menu-icon">
          {ICONS[item.id]}
          {(alert || count > 0) && (
            <span className="side-menu-dot" data-tone={count > 0 ? "danger" : undefined} aria-hidden="true" />
          )}
        </span>
        <span className="side-menu-label">{label}</span>
        {alert && (
          <Badge tone="warning" className="side-menu-badge" data-testid="connections-alert">
            !
          </Badge>
        )}
        {count > 0 && (
          <>
            {" "}
            <Badge tone="danger" className="side-menu-badge" data-testid={`menu-${item.id}-count`}>
              {shown}
            </Badge>
          </>
        )}
      </NavLink>
    </li>
  );
}
