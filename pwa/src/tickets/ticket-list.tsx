// The ticket list with its status tabs; rows come live from the local replica.
import type { TicketStatus } from "@chatflow/core/contract/entities.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components/Tabs";
import { useTranslation } from "react-i18next";
import { db } from "../app-services.ts";
import { listTickets } from "./queries.ts";
import { TicketListItem } from "./ticket-list-item.tsx";

const TABS = ["open", "pending", "closed"] as const satisfies readonly TicketStatus[];
type TabStatus = (typeof TABS)[number];

export function TicketList({ selectedUuid }: { selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabStatus>("open");
  return (
    <Tabs className="ticket-list" selectedKey={tab} onSelectionChange={(key) => setTab(key as TabStatus)}>
      <TabList className="ticket-tabs" aria-label={t("tickets.listLabel")}>
        {TABS.map((status) => (
          <Tab key={status} id={status} className="ticket-tab" data-testid={`tickets-tab-${status}`}>
            {t(`tickets.tabs.${status}`)}
          </Tab>
        ))}
      </TabList>
      {TABS.map((status) => (
        <TabPanel key={status} id={status} className="ticket-panel">
          <TicketRows status={status} selectedUuid={selectedUuid} />
        </TabPanel>
      ))}
    </Tabs>
  );
}

function TicketRows({ status, selectedUuid }: { status: TabStatus; selectedUuid: string | undefined }) {
  const { t } = useTranslation();
  const rows = useLiveQuery(() => listTickets(db, status), [status]);
  if (!rows) return null;
  if (rows.length === 0) return <p className="empty-list">{t("tickets.empty")}</p>;
  return (
    <ul className="ticket-rows">
      {rows.map((row) => (
        <TicketListItem key={row.ticket.id} row={row} selected={row.ticket.uuid === selectedUuid} />
      ))}
    </ul>
  );
}
