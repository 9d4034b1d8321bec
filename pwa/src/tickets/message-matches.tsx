// The search tab's messages section (issue 21, issue 25): message text found across the conversations the person
// may see, grouped by conversation (contact, then each matching message with its matched words marked and its
// time), newest or best first; each opens its conversation at that message. Online it asks the server page by page;
// offline it searches the messages this device holds with the same words. The contacts-and-numbers section beside
// it is the ticket list's search.
import { groupByTicket, type MessageSearchHit, type SearchOrder } from "@chatflow/core/contract/search.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Button } from "../ui/button.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { listTime, truncate } from "./format.ts";
import { matchHref } from "./message-search.ts";
import { useMessageSearch } from "./message-search-data.ts";
import { isAdmin } from "./ticket-list-filter.ts";
import "./ticket-search.css";

/** The fragment with its matched words as <mark> elements over text (never markup from the message). */
export function Marked({ text, ranges }: { text: string; ranges: [number, number][] }) {
  const parts: { text: string; match: boolean }[] = [];
  let at = 0;
  for (const [a, b] of ranges) {
    if (a < at) continue;
    if (a > at) parts.push({ text: text.slice(at, a), match: false });
    parts.push({ text: text.slice(a, b), match: true });
    at = b;
  }
  if (at < text.length) parts.push({ text: text.slice(at), match: false });
  return (
    <>
      {parts.map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
        p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
      )}
    </>
  );
}

export function MessageMatches({ search, online }: { search: string; online: boolean }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const [order, setOrder] = useState<SearchOrder>("recent");
  const state = useMessageSearch(search, online, order, { id: user?.id ?? 0, admin: user ? isAdmin(user) : false });
  const notice =
    state.status === "short" || state.status === "error"
      ? t(`ticketList.messageSearch.${state.status}`)
      : state.timedOut
        ? t("ticketList.messageSearch.timedOut")
        : state.status === "done" && state.hits.length === 0
          ? t("ticketList.messageSearch.empty")
          : null;
  const byId = new Map(state.hits.map((h) => [h.id, h]));
  const groups = groupByTicket(state.hits);
  return (
    <section
      className="search-section search-messages"
      aria-labelledby="search-messages-title"
      data-testid="search-messages"
    >
      <div className="search-section-head">
        <h3 id="search-messages-title" className="search-section-title">
          {t("ticketList.sections.messages")}
        </h3>
        <Select
          label={t("ticketList.messageSearch.order")}
          hideLabel
          className="search-order"
          value={order}
          onChange={(key) => setOrder(key === "rank" ? "rank" : "recent")}
          data-testid="search-messages-order"
        >
          <SelectItem id="recent">{t("ticketList.messageSearch.recent")}</SelectItem>
          <SelectItem id="rank">{t("ticketList.messageSearch.rank")}</SelectItem>
        </Select>
      </div>
      {state.offline && state.status !== "short" && (
        <p className="search-section-notice" data-testid="search-messages-offline">
          {t("ticketList.messageSearch.offline")}
        </p>
      )}
      {state.status === "loading" && <Spinner />}
      {notice && (
        <p className="search-section-notice" role="status">
          {notice}
        </p>
      )}
      {groups.length > 0 && (
        <ul className="search-groups">
          {groups.map((g) => (
            <li key={g.ticketId} className="search-group" data-testid="search-message-group">
              <h4 className="search-group-title">
                <Avatar name={g.contact.name} src={g.contact.urlPicture} size={24} />
                <span>{truncate(g.contact.name, 60)}</span>
              </h4>
              <List className="search-message-list">
                {g.messageIds.map((id) => {
                  const hit = byId.get(id) as MessageSearchHit;
                  const marked = <Marked text={hit.fragment} ranges={hit.highlights} />;
                  return (
                    <ListItem
                      key={hit.id}
                      href={matchHref(hit.ticketUuid, hit.id)}
                      title={
                        hit.isPrivate || hit.fromMe ? (
                          <>
                            {t(hit.isPrivate ? "ticketList.messageSearch.note" : "ticketList.messageSearch.you")}{" "}
                            {marked}
                          </>
                        ) : (
                          marked
                        )
                      }
                      meta={<time dateTime={hit.createdAt}>{listTime(hit.createdAt)}</time>}
                      data-testid="search-message-item"
                    />
                  );
                })}
              </List>
            </li>
          ))}
        </ul>
      )}
      {state.hasMore && (
        <Button
          variant="ghost"
          className="search-more"
          onPress={state.loadMore}
          isDisabled={state.loadingMore}
          data-testid="search-messages-more"
        >
          {t("ticketList.messageSearch.loadMore")}
        </Button>
      )}
    </section>
  );
}
