// On a phone the side menu is a drawer, and its being open is a history entry (decision 0087): the system back
// gesture closes it as it closes any screen, a link in it replaces that entry (so back from the new screen does
// not reopen the menu), and a screen's own history state (the tickets screen's pane) is kept beside it.
import { useLocation, useNavigate } from "react-router";

const KEY = "menuDrawer";

/** Whether this history entry is the one the drawer opened. */
export function drawerOpenIn(state: unknown): boolean {
  return typeof state === "object" && state !== null && (state as Record<string, unknown>)[KEY] === true;
}

/** The history state of the entry the drawer opens: the screen's own state, marked. */
export function stateWithDrawer(state: unknown): Record<string, unknown> {
  const own = typeof state === "object" && state !== null ? (state as Record<string, unknown>) : {};
  return { ...own, [KEY]: true };
}

/** The drawer's state and how to open and close it (through the history). */
export function useMenuDrawer(): { open: boolean; show: () => void; close: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const open = drawerOpenIn(location.state);
  return {
    open,
    show: () => {
      if (open) return;
      navigate(
        { pathname: location.pathname, search: location.search, hash: location.hash },
        { state: stateWithDrawer(location.state) },
      );
    },
    close: () => {
      if (open) navigate(-1);
    },
  };
}
