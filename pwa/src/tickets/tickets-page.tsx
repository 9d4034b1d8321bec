// The tickets screen (spec 1 §2): the list on the left, the chosen conversation on
// the right; on narrow screens one or the other, depending on whether one is chosen.

import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { ChatIcon } from "../ui/icons.tsx";
import { TicketList } from "./ticket-list.tsx";

export function TicketsPage() {
  const { uuid } = useParams();
  return (
    <div className="tickets-page" data-has-ticket={uuid ? "true" : "false"}>
      <TicketList selectedUuid={uuid} />
      <section className="tickets-conversation">
        <Outlet />
      </section>
    </div>
  );
}

export function NoTicketSelected() {
  const { t } = useTranslation();
  return (
    <div className="no-ticket">
      <ChatIcon size={64} />
      <p className="brand">{t("app.name")}</p>
      <p>{t("tickets.noTicketSelected")}</p>
    </div>
  );
}
