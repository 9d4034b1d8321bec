// The ticket list (spec 1 §2 Tickets screen): tabs with their counts, the search (500 ms),
// the filters, sort and show-all, the new-ticket and close-all actions, and the virtualised
// rows (replica first, then core's pages; use-ticket-list.ts). Tab and filters are kept per
// user (ticket-list-filter.ts, decision 0032).
import {
  createContext,
  lazy,
  memo,
  Suspense,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { useRefreshTagList } from "../tags/tags-data.ts";
import { IconButton } from "../ui/button.tsx";
import { ConfirmDialog } from "../ui/dialog.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { SearchField } from "../ui/fields.tsx";
import { PlusIcon, SortIcon, TrashIcon } from "../ui/icons.tsx";
import { Menu, MenuItem, MenuTrigger } from "../ui/menu.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox, Switch } from "../ui/toggles.tsx";
import { VirtualList } from "../ui/virtual-list.tsx";
import { useDebouncedValue } from "../util/use-debounced-value.ts";
import { MessageMatches } from "./message-matches.tsx";
import {
  isAdmin,
  loadListState,
  mayShowAll,
  saveListState,
  sortOffered,
  type TicketListFilter,
  type TicketTab,
  tabsFor,
} from "./ticket-list-filter.ts";
import { TicketFilters } from "./ticket-list-filters.tsx";
import { TICKET_ROW_HEIGHT, TicketListItem } from "./ticket-list-item.tsx";
import { tabOfStatus, tabThatNeedsMe } from "./ticket-list-tab.ts";
import { useTicketByUuid, useTickets, useTicketWrites } from "./tickets-data.ts";
import type { TabCount } from "./use-ticket-list.ts";

// The new-ticket dialog (its contact search, the start-ticket form and the contract's schemas behind them) loads
// when it is opened, not with the list (issue 24).
const NewTicketDialog = lazy(() => import("./new-ticket-dialog.tsx").then((m) => ({ default: m.NewTicketDialog })));

export function TicketList({ selectedUuid }: { selectedUuid: string | undefined }) {
  const user = useSessionUser();
  if (!user) return null;
  // A new user's list starts from that user's own remembered state.
  return <UserTicketList key={user.id} selectedUuid={selectedUuid} />;
}

function UserTicketList({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser()!;
  const online = useOnline();
  const [state, setState] = useState(() => loadListState(user));
  const [searchText, setSearchText] = useState("");
  const search = useDebouncedValue(searchText, 500);
  const [dialog, setDialog] = useState<"new" | "closeAll" | null>(null);
  const tabs = useMemo(() => tabsFor(user), [user]);
  const tab = tabs.includes(state.tab) ? state.tab : "open";
  const filter = useMemo(() => ({ ...state.filter, search }), [state.filter, search]);

  useEffect(() => saveListState(user.id, state), [user.id, state]);
  const setTab = useCallback((next: TicketTab) => setState((s) => ({ ...s, tab: next })), []);
  const setFilter = (patch: Partial<TicketListFilter>) =>
    setState((s) => ({ ...s, filter: { ...s.filter, ...patch } }));
  // Typing a search moves to the search tab (spec 1 §2 "a search mode").
  useEffect(() => {
    if (search.trim() !== "") setState((s) => (s.tab === "search" ? s : { ...s, tab: "search" }));
  }, [search]);

  const list = useSameList(useTickets(user, tabs, tab, filter, online));
  // A new answer for the same list (its first rows, a live change) renders at a lower priority, in slices that let
  // the browser in, instead of one task as long as the whole list's render (decision 0102). A list that has no answer
  // yet (another tab, another filter) shows at once, as before: never the rows of another list under this tab.
  const deferred = useDeferredValue(list);
  const shown = list.ready && deferred.key === list.key ? deferred : list;
  const writes = useTicketWrites();
  useTabThatNeedsMe(list.pulled ? list.counts : {}, selectedUuid, tab, setTab);
  useFollowSelectedTicket(selectedUuid, tabs, tab, setTab);
  // On a phone the tabs scroll sideways: the chosen one (also when a search chose it) comes into view.
  useEffect(() => {
    document
      .querySelector(`[data-testid="tickets-tab-${tab}"]`)
      ?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [tab]);
  // Tags are not replicated: the list item's tag names and the tag filter read the tags cache.
  useRefreshTagList(online);
  const admin = isAdmin(user);

  return (
    <div className="ticket-list" data-testid="ticket-list">
      <div className="ticket-toolbar">
        <SearchField
          label={t("ticketList.search")}
          placeholder={t("ticketList.searchPlaceholder")}
          value={searchText}
          onChange={setSearchText}
          className="ticket-search"
          data-testid="ticket-search"
        />
        <TicketFilters user={user} tab={tab} filter={state.filter} onChange={setFilter} />
        {sortOffered(tab) && (
          <MenuTrigger>
            <IconButton label={t("ticketList.sort")} data-testid="ticket-sort">
              <SortIcon />
            </IconButton>
            <Menu
              label={t("ticketList.sort")}
              selectionMode="single"
              selectedKeys={[state.filter.sort]}
              onAction={(key) => setFilter({ sort: key === "ASC" ? "ASC" : "DESC" })}
            >
              <MenuItem id="DESC">{t("ticketList.sortDesc")}</MenuItem>
              <MenuItem id="ASC">{t("ticketList.sortAsc")}</MenuItem>
            </Menu>
          </MenuTrigger>
        )}
        <IconButton label={t("ticketList.newTicket")} onPress={() => setDialog("new")} data-testid="ticket-new">
          <PlusIcon />
        </IconButton>
        {admin && tab !== "closed" && tab !== "search" && (
          <IconButton
            label={t("ticketList.closeAll")}
            onPress={() => setDialog("closeAll")}
            data-testid="ticket-close-all"
          >
            <TrashIcon />
          </IconButton>
        )}
      </div>
      <div className="ticket-toolbar-options">
        {mayShowAll(user) && (
          <Switch
            isSelected={state.filter.showAll}
            onChange={(showAll) => setFilter({ showAll })}
            data-testid="ticket-show-all"
          >
            {t("ticketList.showAll")}
          </Switch>
        )}
        {tab === "search" && (
          <Checkbox
            isSelected={state.filter.searchOnMessages}
            onChange={(searchOnMessages) => setFilter({ searchOnMessages })}
            data-testid="ticket-search-messages"
          >
            {t("ticketList.searchOnMessages")}
          </Checkbox>
        )}
      </div>
      <SelectedTicket.Provider value={selectedUuid}>
        <TicketTabs
          tabs={tabs}
          tab={tab}
          onTab={setTab}
          list={shown}
          search={filter.search}
          showOwner={admin}
          online={online}
        />
      </SelectedTicket.Provider>
      {dialog === "new" && (
        <Suspense fallback={null}>
          <NewTicketDialog online={online} onClose={() => setDialog(null)} />
        </Suspense>
      )}
      <ConfirmDialog
        isOpen={dialog === "closeAll"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={t("ticketList.closeAllTitle")}
        confirmLabel={t("ticketList.closeAllConfirm")}
        onConfirm={async () => {
          if (tab === "closed" || tab === "search") return;
          await writes.closeAll({ status: tab, selectedQueueIds: state.filter.queueIds }, online);
          showToast(t(online ? "ticketList.closeAllSent" : "ticketList.closeAllQueued"), "info");
          navigate("/tickets");
        }}
        data-testid="ticket-close-all-dialog"
      >
        {t("ticketList.closeAllBody", { tab: t(`ticketList.tabs.${tab}`) })}
      </ConfirmDialog>
    </div>
  );
}

/** The open conversation's uuid, for the rows' selected mark (read there, not passed through TicketTabs). */
const SelectedTicket = createContext<string | undefined>(undefined);

type TicketListData = ReturnType<typeof useTickets>;

const sameCounts = (a: TicketListData["counts"], b: TicketListData["counts"]) => {
  const keys = Object.keys(a) as TicketTab[];
  return (
    keys.length === Object.keys(b).length &&
    keys.every((k) => a[k]?.value === b[k]?.value && a[k]?.atLeast === b[k]?.atLeast)
  );
};

/**
 * The list's state as the previous render had it while nothing in it changed (useTickets answers a new object, with
 * new counts, on every render): TicketTabs then renders again only for a change of its own.
 */
function useSameList(list: TicketListData): TicketListData {
  const kept = useRef(list);
  const prev = kept.current;
  const same = (Object.keys(list) as (keyof TicketListData)[]).every((k) =>
    k === "counts" ? sameCounts(prev.counts, list.counts) : Object.is(prev[k], list[k]),
  );
  if (!same) kept.current = list;
  return kept.current;
}

/**
 * The tabs and the open tab's rows. Memoised on purpose (decision 0103): react-aria's TabPanel walks its whole
 * content for a tabbable element on every render of its own (useHasTabbableChild, a layout effect), element by
 * element with a visibility check, and all of it while a phone's list is hidden behind a conversation. Opening a
 * conversation changes only the selection, which the rows read from SelectedTicket, so the panel is left be.
 */
const TicketTabs = memo(function TicketTabs({
  tabs,
  tab,
  onTab,
  list,
  search,
  showOwner,
  online,
}: {
  tabs: readonly TicketTab[];
  tab: TicketTab;
  onTab: (tab: TicketTab) => void;
  list: TicketListData;
  search: string;
  showOwner: boolean;
  online: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tabs selectedKey={tab} onSelectionChange={(key) => onTab(key as TicketTab)} className="ticket-tabs-frame">
      <TabList className="ticket-tabs" aria-label={t("ticketList.listLabel")}>
        {tabs.map((id) => (
          <Tab key={id} id={id} className="ticket-tab" data-testid={`tickets-tab-${id}`}>
            <TabLabel label={t(`ticketList.tabs.${id}`)} count={list.counts[id]} />
          </Tab>
        ))}
      </TabList>
      {tabs.map((id) => (
        <TabPanel key={id} id={id} className="ticket-panel">
          {id === tab &&
            (tab === "search" && search.trim() !== "" ? (
              // Search finds contacts and numbers (the tickets below) and message text (as messages) together.
              <div className="ticket-search-results">
                <section className="search-section search-contacts" aria-labelledby="search-contacts-title">
                  <h3 id="search-contacts-title" className="search-section-title">
                    {t("ticketList.sections.contacts")}
                  </h3>
                  <TicketRows list={list} tab={tab} search={search} showOwner={showOwner} />
                </section>
                <MessageMatches search={search} online={online} />
              </div>
            ) : (
              <TicketRows list={list} tab={tab} search={search} showOwner={showOwner} />
            ))}
        </TabPanel>
      ))}
    </Tabs>
  );
});

/** Once the counts are known: Aguardando when conversations wait and none is attended (issue 21). */
function useTabThatNeedsMe(
  counts: Partial<Record<TicketTab, TabCount>>,
  selectedUuid: string | undefined,
  tab: TicketTab,
  setTab: (tab: TicketTab) => void,
) {
  const decided = useRef(false);
  const next = tabThatNeedsMe(counts);
  const known = counts.open !== undefined && counts.pending !== undefined;
  useEffect(() => {
    if (decided.current || !known) return;
    decided.current = true;
    // An open conversation decides the tab itself (useFollowSelectedTicket); a search stays a search.
    if (next && !selectedUuid && tab !== "search") setTab(next);
  }, [known, next, selectedUuid, tab, setTab]);
}

/**
 * The list follows the open conversation to its tab when it is opened or its status changes: after Aceitar, from
 * Aguardando to Atendendo with the ticket still selected. The person may still look at other tabs meanwhile.
 */
function useFollowSelectedTicket(
  selectedUuid: string | undefined,
  tabs: readonly TicketTab[],
  tab: TicketTab,
  setTab: (tab: TicketTab) => void,
) {
  const selected = useTicketByUuid(selectedUuid ?? "");
  const followed = useRef<string | null>(null);
  const key = selected ? `${selected.uuid}:${selected.status}` : null;
  const target = selected ? tabOfStatus(selected.status, tabs) : null;
  useEffect(() => {
    if (key === null || followed.current === key) return;
    followed.current = key;
    if (target && tab !== "search" && target !== tab) setTab(target);
  }, [key, target, tab, setTab]);
}

function TabLabel({ label, count }: { label: string; count: TabCount | undefined }) {
  const { t } = useTranslation();
  if (count === undefined) return <>{label}</>;
  return (
    <span data-testid="ticket-tab-label">
      {t(count.atLeast ? "ticketList.tabCountAtLeast" : "ticketList.tabCount", { label, count: count.value })}
    </span>
  );
}

function TicketRows({
  list,
  tab,
  search,
  showOwner,
}: {
  list: TicketListData;
  tab: TicketTab;
  search: string;
  showOwner: boolean;
}) {
  const { t } = useTranslation();
  const selectedUuid = useContext(SelectedTicket);
  const useful = tab !== "search" || search.trim() !== "";
  if (!list.ready) return <Spinner />;
  if (tab === "search" && !useful) return <p className="empty-list">{t("ticketList.searchHint")}</p>;
  if (list.rows.length === 0 && !list.hasMore && !list.loadingMore) {
    return (
      <>
        <EmptyState title={tab === "search" ? t("ticketList.emptySearch") : t("ticketList.empty")} />
        {list.endOfReplica && <EndOfReplica />}
      </>
    );
  }
  return (
    <div className="ticket-rows-frame">
      <VirtualList
        items={list.rows}
        getKey={(r) => r.ticket.id}
        rowHeight={TICKET_ROW_HEIGHT}
        label={t("ticketList.listLabel")}
        hasMore={list.hasMore}
        loadingMore={list.loadingMore}
        onEndReached={list.loadMore}
        className="ticket-rows"
        data-testid="ticket-rows"
        renderRow={(row) => (
          <TicketListItem row={row} selected={row.ticket.uuid === selectedUuid} showOwner={showOwner} />
        )}
      />
      {list.endOfReplica && <EndOfReplica />}
      {list.serverError !== null && (
        <p className="ticket-list-notice" role="status">
          {t("ticketList.loadError")}
        </p>
      )}
    </div>
  );
}

function EndOfReplica() {
  const { t } = useTranslation();
  return (
    <p className="ticket-list-notice" role="status" data-testid="ticket-end-of-replica">
      {t("ticketList.endOfReplica")}
    </p>
  );
}
