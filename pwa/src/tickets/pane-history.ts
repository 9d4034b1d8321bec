// The tickets screen's panes as real history entries (decision 0088): opening a conversation from the list
// and opening the contact drawer on a phone each push an entry, so the system back gesture and the in-app
// back action walk the same way: drawer -> conversation -> list. Going back pops the entry that led here
// when there is one, instead of pushing the list again (which would make Back return to the conversation).
import { useCallback, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";

/** React Router's position of the current entry in the session's history (`history.state.idx`). */
function historyIdx(): number | undefined {
  const state: unknown = window.history.state;
  if (state && typeof state === "object" && "idx" in state && typeof state.idx === "number") return state.idx;
  return undefined;
}

/**
 * How to get back to the list from the entry at `current`: pop it when the list's entry is right before it
 * (the list opened it), else replace it with the list (opened by a link from elsewhere, or after moving
 * from conversation to conversation on a desk: popping would show the previous conversation).
 */
export function backStep(current: number | undefined, listEntry: number | null): "pop" | "replace" {
  if (current === undefined || listEntry === null) return "replace";
  return current === listEntry + 1 ? "pop" : "replace";
}

/** Where the list's entry stands in the history, remembered by the tickets page while the list shows. */
let listEntry: number | null = null;

export function rememberListEntry(): void {
  listEntry = historyIdx() ?? null;
}

/** Back to the ticket list: the back action of the conversation, and where a ticket that left the agent goes. */
export function useBackToList(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    if (backStep(historyIdx(), listEntry) === "pop") navigate(-1);
    else navigate("/tickets", { replace: true });
  }, [navigate]);
}

type DrawerState = { contactDrawer?: boolean };

/** Whether the current entry is the one the contact drawer pushed. */
export function drawerEntryOpen(state: unknown): boolean {
  return Boolean(state && typeof state === "object" && (state as DrawerState).contactDrawer === true);
}

/**
 * The contact drawer as a history entry (phones): opening pushes the conversation's address again with
 * `contactDrawer` in its state, closing pops that entry, so Back closes the drawer first. A second close
 * while the pop is on its way does nothing (it would pop the conversation too).
 */
export function useDrawerEntry(): { open: boolean; openDrawer: () => void; closeDrawer: () => void } {
  const location = useLocation();
  const navigate = useNavigate();
  const popping = useRef(false);
  const open = drawerEntryOpen(location.state);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new entry ends the pop that was on its way
  useEffect(() => {
    popping.current = false;
  }, [location.key]);
  const openDrawer = useCallback(() => {
    if (open) return;
    navigate({ pathname: location.pathname, search: location.search }, { state: { contactDrawer: true } });
  }, [open, navigate, location.pathname, location.search]);
  const closeDrawer = useCallback(() => {
    if (!open || popping.current) return;
    popping.current = true;
    navigate(-1);
  }, [open, navigate]);
  return { open, openDrawer, closeDrawer };
}
