// The keyboard shortcuts of the signed-in app (decision 0090), mounted once by the layout: one keydown listener
// that runs the table of keys.ts, the open conversation's actions, and the command palette and the cheat sheet,
// each loaded on first use. No shortcut fires while the person types in a field or an overlay owns the keys,
// except Ctrl+K / ⌘K (keys.ts).
import { useAtom, useStore } from "jotai";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { decideRoute, routeById } from "../layout/app-routes.ts";
import { useAccessContext } from "../layout/use-access-context.ts";
import { showToast } from "../ui/toasts.ts";
import { focusComposer, focusSearch, openNeighbour, toggleContactDrawer, whenPresent } from "./dom-targets.ts";
import { isMacPlatform, overlayOwnsKeys, type ShortcutId, shortcutFor } from "./keys.ts";
import { cheatSheetAtom, commandsInScope, openTicketAtom, paletteAtom } from "./shortcuts-state.ts";
import "./shortcuts.css";

const CommandPalette = lazy(() => import("./command-palette.tsx").then((m) => ({ default: m.CommandPalette })));
const CheatSheet = lazy(() => import("./cheat-sheet.tsx").then((m) => ({ default: m.CheatSheet })));
const OpenTicketActions = lazy(() =>
  import("./open-ticket-actions.tsx").then((m) => ({ default: m.OpenTicketActions })),
);

/** The screens the Alt shortcuts go to, by their route ids (app-routes.ts). */
const GO_TO: Partial<Record<ShortcutId, string>> = {
  goTickets: "tickets",
  goContacts: "contacts",
  goReports: "reports",
  goSettings: "settings",
};

export function KeyboardShortcuts() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const ctx = useAccessContext();
  const store = useStore();
  const [palette, setPalette] = useAtom(paletteAtom);
  const [sheet, setSheet] = useAtom(cheatSheetAtom);
  const ticketUuid = /^\/tickets\/([^/]+)/i.exec(pathname)?.[1];

  // The listener stays the same; what it reads is the latest render's.
  const latest = useRef({ t, navigate, ctx });
  latest.current = { t, navigate, ctx };

  useEffect(() => {
    const mac = isMacPlatform(navigator);
    const unavailable = (id: ShortcutId) => {
      const { t } = latest.current;
      showToast(t("shortcuts.unavailable", { action: t(`shortcuts.action.${id}`) }), "info");
    };

    function run(id: ShortcutId) {
      const { navigate, ctx } = latest.current;
      const ticket = store.get(openTicketAtom);
      switch (id) {
        case "previousConversation":
        case "nextConversation":
          return openNeighbour(document, id === "nextConversation" ? 1 : -1) || unavailable(id);
        case "focusSearch":
          if (focusSearch(document)) return;
          if (!ctx || decideRoute(routeById("tickets"), ctx) !== "allow") return unavailable(id);
          // From another screen: the inbox first, then its search.
          navigate("/tickets");
          return void whenPresent(() => (focusSearch(document) ? true : null));
        case "focusComposer":
        case "privateNote":
          return focusComposer(document, { private: id === "privateNote" }) || unavailable(id);
        case "resolve": {
          const ways = commandsInScope(ticket, "resolve");
          if (!ticket || ways.length === 0) return unavailable(id);
          // With the farewell to choose, the palette offers the two ways (as the header's menu does).
          if (ways.length > 1) return store.set(paletteAtom, "resolve");
          return ticket.run("resolve");
        }
        case "transfer":
          if (!ticket?.commands.includes("transfer")) return unavailable(id);
          return ticket.run("transfer");
        case "contactDrawer":
          return toggleContactDrawer(document) || unavailable(id);
        case "palette":
          return store.set(paletteAtom, "all");
        case "cheatSheet":
          return store.set(cheatSheetAtom, true);
        default: {
          const routeId = GO_TO[id];
          if (!routeId) return;
          const route = routeById(routeId);
          if (!ctx || decideRoute(route, ctx) !== "allow") return unavailable(id);
          return navigate(route.path);
        }
      }
    }

    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = shortcutFor(event, mac, document);
      if (!shortcut) return;
      if (shortcut.id === "palette") {
        // The same chord closes the palette; over another dialog it does nothing (one overlay at a time).
        if (store.get(paletteAtom)) {
          event.preventDefault();
          return store.set(paletteAtom, null);
        }
        if (overlayOwnsKeys(document, event.target)) return;
      }
      event.preventDefault();
      run(shortcut.id);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store]);

  return (
    <>
      {ticketUuid && (
        <Suspense fallback={null}>
          <OpenTicketActions uuid={ticketUuid} />
        </Suspense>
      )}
      {palette && (
        <Suspense fallback={null}>
          <CommandPalette scope={palette} onClose={() => setPalette(null)} />
        </Suspense>
      )}
      {sheet && (
        <Suspense fallback={null}>
          <CheatSheet onClose={() => setSheet(false)} />
        </Suspense>
      )}
    </>
  );
}
