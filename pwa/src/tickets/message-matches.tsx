// The search tab's messages section (issue 21): message text found across the conversations the person may see,
// listed as messages (contact, the words around the match with the match marked, the time); each opens its
// conversation at that message. The contacts-and-numbers section beside it is the ticket list's search.
import { useTranslation } from "react-i18next";
import { Avatar } from "../ui/avatar.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { listTime, truncate } from "./format.ts";
import { matchHref, snippet } from "./message-search.ts";
import { useMessageSearch } from "./message-search-data.ts";
import { previewText } from "./preview-text.ts";
import "./ticket-search.css";

export function MessageMatches({ search, online }: { search: string; online: boolean }) {
  const { t } = useTranslation();
  const state = useMessageSearch(search, online);
  const notice =
    state.status === "short" || state.status === "offline" || state.status === "error"
      ? t(`ticketList.messageSearch.${state.status}`)
      : state.timedOut
        ? t("ticketList.messageSearch.timedOut")
        : state.status === "done" && state.hits.length === 0
          ? t("ticketList.messageSearch.empty")
          : null;
  return (
    <section
      className="search-section search-messages"
      aria-labelledby="search-messages-title"
      data-testid="search-messages"
    >
      <h3 id="search-messages-title" className="search-section-title">
        {t("ticketList.sections.messages")}
      </h3>
      {state.status === "loading" && <Spinner />}
      {notice && (
        <p className="search-section-notice" role="status">
          {notice}
        </p>
      )}
      {state.hits.length > 0 && (
        <List className="search-message-list">
          {state.hits.map((hit) => {
            const text = previewText(hit.body);
            const parts = snippet(text, search);
            const marked = parts.map((p, i) =>
              // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
              p.match ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>,
            );
            return (
              <ListItem
                key={hit.id}
                href={matchHref(hit.ticketUuid, hit.id)}
                leading={<Avatar name={hit.contact.name} src={hit.contact.urlPicture} size={32} />}
                title={truncate(hit.contact.name, 60)}
                subtitle={
                  hit.isPrivate || hit.fromMe ? (
                    <>
                      {t(hit.isPrivate ? "ticketList.messageSearch.note" : "ticketList.messageSearch.you")} {marked}
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
      )}
      {state.hasMore && (
        <p className="search-section-notice">{t("ticketList.messageSearch.more", { count: state.hits.length })}</p>
      )}
    </section>
  );
}
