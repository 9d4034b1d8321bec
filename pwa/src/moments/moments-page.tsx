// /moments, 'Painel de Atendimentos' (spec 1 §2; admins and users with allowRealTime, app-routes.ts): one card per
// agent with the tickets they hold and a Pending card for tickets with no agent, from GET /usersMoments. It
// follows changes as they happen (use-moments.ts: refetched after core's pokes); offline it shows what it last
// loaded and says it needs a connection. A ticket opens only for admins or its own agent.
import type { MomentTicket } from "@chatflow/core/contract/moments.ts";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { useOnline } from "../layout/use-online.ts";
import { Avatar } from "../ui/avatar.tsx";
import { Badge, Chip } from "../ui/badge.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ActivityIcon, ClockIcon } from "../ui/icons.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { type MomentCard, mayOpenTicket, momentCards, panelName, panelText, panelTime } from "./moments-model.ts";
import { useMoments } from "./use-moments.ts";
import "./moments.css";

export function MomentsPage() {
  const { t } = useTranslation();
  const me = useSessionUser();
  const online = useOnline();
  const data = useMoments(me?.companyId ?? 0);
  if (!me) return null;
  const notice = !online ? t("momentsPage.offline") : data.failed ? t("momentsPage.loadError") : null;
  const cards = data.tickets ? momentCards(data.tickets) : null;
  return (
    <ListPage className="moments-page" data-testid="moments-page" title={t("momentsPage.title")} notice={notice}>
      {!cards ? (
        online && !data.failed ? (
          <Spinner />
        ) : null
      ) : cards.every((c) => c.tickets.length === 0) ? (
        <EmptyState icon={<ActivityIcon size={48} />} title={t("momentsPage.empty")} />
      ) : (
        <div className="moments-grid" data-testid="moments-grid">
          {cards.map((card) => (
            <MomentCardView key={card.key} card={card} viewer={me} />
          ))}
        </div>
      )}
    </ListPage>
  );
}

function MomentCardView({ card, viewer }: { card: MomentCard; viewer: { id: number; profile: string } }) {
  const { t } = useTranslation();
  const headingId = useId();
  const name = card.user ? panelName(card.user.name) : t("momentsPage.pending");
  const count = card.tickets.length;
  return (
    <section
      className="moments-card"
      aria-labelledby={headingId}
      data-testid={card.user ? "moments-card-agent" : "moments-card-pending"}
      data-user-id={card.user?.id}
    >
      <header className="moments-card-header">
        {card.user ? (
          <Avatar name={card.user.name} size={32} />
        ) : (
          <span className="moments-card-pending-icon">
            <ClockIcon />
          </span>
        )}
        <h2 id={headingId} className="moments-card-title" title={card.user?.name}>
          {name}
        </h2>
        <Badge tone={card.user ? "primary" : "warning"} label={t("momentsPage.count", { count })}>
          {count}
        </Badge>
      </header>
      {count === 0 ? (
        <p className="moments-card-empty">{t("momentsPage.cardEmpty")}</p>
      ) : (
        <List className="moments-card-list" label={t("momentsPage.cardLabel", { name })}>
          {card.tickets.map((ticket) => (
            <MomentRow key={ticket.id} ticket={ticket} mayOpen={mayOpenTicket(ticket, viewer)} />
          ))}
        </List>
      )}
    </section>
  );
}

function MomentRow({ ticket, mayOpen }: { ticket: MomentTicket; mayOpen: boolean }) {
  const { t } = useTranslation();
  const contact = panelName(ticket.contact.name);
  return (
    <ListItem
      className="moments-ticket"
      data-testid="moments-ticket"
      href={mayOpen ? `/tickets/${ticket.uuid}` : undefined}
      accent={ticket.queue?.color ?? null}
      leading={<Avatar name={ticket.contact.name} src={ticket.contact.urlPicture} size={32} />}
      title={contact}
      subtitle={panelText(ticket.lastMessage) || "\u00a0"}
      meta={
        <>
          <time dateTime={ticket.updatedAt}>{panelTime(ticket.updatedAt)}</time>
          <Chip color={ticket.queue?.color}>
            {ticket.queue ? panelName(ticket.queue.name) : t("momentsPage.noQueue")}
          </Chip>
        </>
      }
    />
  );
}
