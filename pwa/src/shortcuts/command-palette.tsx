// The command palette (Ctrl+K / ⌘K, decision 0090): one search box over the open ticket's actions, the
// conversations (by contact name or number: the ticket list's own search, replica first, core's pages when
// online), the screens the person may open and the cheat sheet. A modal dialog with a react-aria Autocomplete:
// the box keeps the keyboard, arrows move through the grouped list (virtual focus), Enter runs, Escape clears
// the box and then closes.
import type { TicketStatus } from "@chatflow/core/contract/entities.ts";
import { useAtomValue, useSetAtom } from "jotai";
import { useEffect, useMemo, useRef, useState } from "react";
import { Autocomplete } from "react-aria-components/Autocomplete";
import { Dialog } from "react-aria-components/Dialog";
import { Collection, Header, ListBox, ListBoxItem, ListBoxSection } from "react-aria-components/ListBox";
import { Modal, ModalOverlay } from "react-aria-components/Modal";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useAccessContext } from "../layout/use-access-context.ts";
import { useOnline } from "../layout/use-online.ts";
import { EMPTY_FILTER } from "../tickets/ticket-list-filter.ts";
import type { TicketListRow } from "../tickets/ticket-list-rows.ts";
import { useTickets } from "../tickets/tickets-data.ts";
import { SearchField } from "../ui/fields.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { Keys } from "./cheat-sheet.tsx";
import { isMacPlatform, shortcutById } from "./keys.ts";
import { matchesQuery, paletteScreens } from "./palette-items.ts";
import {
  cheatSheetAtom,
  commandsInScope,
  openTicketAtom,
  type PaletteScope,
  type TicketCommandId,
} from "./shortcuts-state.ts";

type Item = { id: string; label: string; detail?: string; shortcut?: "transfer" | "resolve" | "contactDrawer" };
type Section = { id: string; title: string; items: Item[] };

/** Conversations listed at most (the list itself is the place to browse). */
const MAX_CONVERSATIONS = 8;
/** The search waits this long after the last key (the ticket list waits 500 ms; this is a shorter look-up). */
const SEARCH_AFTER_MS = 250;

const STATUS_TABS: readonly TicketStatus[] = ["open", "pending", "group", "closed"];

export function CommandPalette({ scope, onClose }: { scope: PaletteScope; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ctx = useAccessContext();
  const ticket = useAtomValue(openTicketAtom);
  const openSheet = useSetAtom(cheatSheetAtom);
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query, SEARCH_AFTER_MS).trim();
  const [found, setFound] = useState<{ search: string; rows: TicketListRow[] | null }>({ search: "", rows: null });
  const mac = useMemo(() => isMacPlatform(navigator), []);
  const everything = scope === "all";

  const actionLabel = (id: TicketCommandId): string => {
    switch (id) {
      case "resolveFarewell":
        return t("ticketActions.resolveWithFarewell");
      case "resolve":
        return ticket?.farewell ? t("ticketActions.resolveWithoutFarewell") : t("ticketActions.resolve");
      case "contactDrawer":
        return t("shortcuts.palette.contactDrawer");
      default:
        return t(`ticketActions.${id}`);
    }
  };
  const shortcutOf = (id: TicketCommandId): Item["shortcut"] =>
    id === "transfer" || id === "contactDrawer" ? id : id === "resolve" && !ticket?.farewell ? "resolve" : undefined;

  const sections: Section[] = [];
  const actions = commandsInScope(ticket, scope)
    .map((id) => ({ id: `action:${id}`, label: actionLabel(id), shortcut: shortcutOf(id) }))
    .filter((a) => matchesQuery(a.label, query));
  if (ticket && actions.length > 0) {
    sections.push({
      id: "actions",
      title: t("shortcuts.palette.actions", { name: ticket.contactName }),
      items: actions,
    });
  }
  if (everything) {
    // Only the rows found for the text as it stands: rows of a text still being typed would let Enter open the
    // wrong conversation (all four numbers starting 55119 match while the fifth digit is on its way).
    const settled = search !== "" && search === query.trim() && found.search === search;
    const rows = settled ? (found.rows ?? []) : [];
    if (rows.length > 0) {
      sections.push({
        id: "conversations",
        title: t("shortcuts.palette.conversations"),
        items: rows.slice(0, MAX_CONVERSATIONS).map(({ ticket: row, contact }) => ({
          id: `ticket:${row.uuid}`,
          label: contact?.name || t("shortcuts.palette.unknownContact"),
          detail: [contact?.number, STATUS_TABS.includes(row.status) ? t(`ticketList.tabs.${row.status}`) : null]
            .filter(Boolean)
            .join(" · "),
        })),
      });
    }
    const screens = paletteScreens(ctx)
      .map((r) => ({ id: `screen:${r.path}`, label: t(`menu.${r.id}`) }))
      .filter((s) => matchesQuery(s.label, query));
    if (screens.length > 0) sections.push({ id: "screens", title: t("shortcuts.palette.screens"), items: screens });
    const sheet = t("shortcuts.action.cheatSheet");
    if (matchesQuery(sheet, query)) {
      sections.push({ id: "general", title: t("shortcuts.palette.general"), items: [{ id: "sheet", label: sheet }] });
    }
  }

  // Enter pressed before the list has marked its first row (right after a key, the list takes a frame to follow)
  // runs that first row, as a palette does; when a row had the keyboard, its own action has run already.
  const picked = useRef(false);
  const firstItem = sections[0]?.items[0]?.id;
  const submit = () =>
    setTimeout(() => {
      if (!picked.current && firstItem) pick(firstItem);
    }, 0);

  function pick(key: string) {
    if (picked.current) return;
    picked.current = true;
    onClose();
    // After the palette has gone (its focus handed back), so a dialog an action opens takes the keyboard.
    requestAnimationFrame(() => {
      if (key === "sheet") return openSheet(true);
      const [kind, value = ""] = splitKey(key);
      if (kind === "action") return ticket?.run(value as TicketCommandId);
      if (kind === "ticket") return navigate(`/tickets/${value}`);
      if (kind === "screen") return navigate(value);
    });
  }

  const typed = query.trim();
  const searching = everything && typed !== "" && (search !== typed || found.search !== search || found.rows === null);
  const title = everything ? t("shortcuts.palette.title") : t("shortcuts.palette.resolveTitle");

  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="modal-overlay palette-overlay"
    >
      <Modal className="modal palette-modal">
        <Dialog className="dialog palette" aria-label={title} data-testid="command-palette">
          <Autocomplete inputValue={query} onInputChange={setQuery}>
            <SearchField
              label={t("shortcuts.palette.label")}
              value={query}
              onChange={setQuery}
              onSubmit={submit}
              placeholder={t("shortcuts.palette.placeholder")}
              className="palette-search"
              autoFocus
              data-testid="palette-input"
            />
            <ListBox
              aria-label={title}
              className="listbox palette-list"
              items={sections}
              onAction={(key) => pick(String(key))}
              renderEmptyState={() => (
                <p className="listbox-empty">
                  {searching ? t("shortcuts.palette.searching") : t("shortcuts.palette.empty")}
                </p>
              )}
              data-testid="palette-list"
            >
              {(section) => (
                <ListBoxSection id={section.id} className="palette-section">
                  <Header className="palette-heading">{section.title}</Header>
                  <Collection items={section.items}>
                    {(item) => (
                      <ListBoxItem
                        id={item.id}
                        textValue={item.detail ? `${item.label}, ${item.detail}` : item.label}
                        className="listbox-item palette-item"
                        data-testid="palette-item"
                      >
                        <span className="palette-item-text">
                          <span className="palette-item-label">{item.label}</span>
                          {item.detail && <span className="palette-item-detail">{item.detail}</span>}
                        </span>
                        {item.shortcut && (
                          <span className="palette-item-keys" aria-hidden="true">
                            <Keys chord={shortcutById(item.shortcut).chords[0]!} mac={mac} />
                          </span>
                        )}
                      </ListBoxItem>
                    )}
                  </Collection>
                </ListBoxSection>
              )}
            </ListBox>
          </Autocomplete>
          {searching && (
            <p className="palette-status" role="status">
              {t("shortcuts.palette.searching")}
            </p>
          )}
          {everything && search !== "" && (
            <ConversationSource key={search} search={search} onRows={(rows) => setFound({ search, rows })} />
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/** 'ticket:abc' → ['ticket', 'abc']; a path keeps its own colons. */
function splitKey(key: string): [string, string] {
  const at = key.indexOf(":");
  return at === -1 ? [key, ""] : [key.slice(0, at), key.slice(at + 1)];
}

/**
 * The conversations whose contact name or number holds the text: the ticket list's search tab (use-ticket-list.ts)
 * with no other filter, so the palette finds what the list's search finds, offline in this device's replica.
 */
function ConversationSource({ search, onRows }: { search: string; onRows: (rows: TicketListRow[] | null) => void }) {
  const user = useSessionUser();
  const online = useOnline();
  if (!user) return null;
  return <UserConversations user={user} search={search} online={online} onRows={onRows} />;
}

const SEARCH_TAB = ["search"] as const;

function UserConversations({
  user,
  search,
  online,
  onRows,
}: {
  user: NonNullable<ReturnType<typeof useSessionUser>>;
  search: string;
  online: boolean;
  onRows: (rows: TicketListRow[] | null) => void;
}) {
  const filter = useMemo(() => ({ ...EMPTY_FILTER, search }), [search]);
  const list = useTickets(user, SEARCH_TAB, "search", filter, online);
  const rows = list.ready ? list.rows : null;
  // Told again only when what is found changes (the rows are new objects on every read).
  const found = rows === null ? null : rows.map((r) => `${r.ticket.uuid}:${r.ticket.status}:${r.contact?.name}`).join();
  const latest = useRef({ rows, onRows });
  latest.current = { rows, onRows };
  useEffect(() => latest.current.onRows(found === null ? null : latest.current.rows), [found]);
  return null;
}
