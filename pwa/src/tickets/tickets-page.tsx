// The tickets screen (spec 1 §2). Wide: the list and the conversation side by side, with a
// splitter that resizes the list (drag or keys; the width is saved to the user's
// defaultTicketsManagerWidth). Narrow (phones): two tabs, 'Ticket' and 'Atendimentos', with
// 'Selecionar Ticket' while none is chosen; choosing one shows the 'Ticket' tab.
import { type CSSProperties, useEffect, useRef, useState } from "react";
import type { Key } from "react-aria-components/Tabs";
import { useTranslation } from "react-i18next";
import { Outlet, useParams } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { Button } from "../ui/button.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ChatIcon } from "../ui/icons.tsx";
import { ResizeHandle } from "../ui/resize-handle.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { listWidth, listWidthBounds, storableWidth } from "./list-width.ts";
import { TicketList } from "./ticket-list.tsx";
import { saveTicketListWidth } from "./tickets-data.ts";

export function TicketsPage() {
  const narrow = useMediaQuery(NARROW_QUERY);
  return narrow ? <NarrowTickets /> : <WideTickets />;
}

function NarrowTickets() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const [tab, setTab] = useState<Key>(uuid ? "ticket" : "list");
  // Choosing a ticket (or leaving one) moves to the matching tab.
  useEffect(() => setTab(uuid ? "ticket" : "list"), [uuid]);
  return (
    <Tabs className="tickets-page tickets-narrow" selectedKey={tab} onSelectionChange={setTab}>
      <TabList aria-label={t("tickets.layout.tabs")} className="tickets-layout-tabs">
        <Tab id="ticket" data-testid="tickets-layout-ticket">
          {t("tickets.layout.ticket")}
        </Tab>
        <Tab id="list" data-testid="tickets-layout-list">
          {t("tickets.layout.list")}
        </Tab>
      </TabList>
      <TabPanel id="ticket" className="tickets-conversation">
        {uuid ? (
          <Outlet />
        ) : (
          <EmptyState
            icon={<ChatIcon size={56} />}
            title={t("tickets.noTicketSelected")}
            action={
              <Button variant="primary" onPress={() => setTab("list")} data-testid="tickets-select">
                {t("tickets.layout.select")}
              </Button>
            }
          />
        )}
      </TabPanel>
      <TabPanel id="list" className="tickets-list-panel">
        <TicketList selectedUuid={uuid} />
      </TabPanel>
    </Tabs>
  );
}

/** Wait this long after the last resize before saving the width to the server. */
const SAVE_WIDTH_AFTER_MS = 1_000;

function WideTickets() {
  const { t } = useTranslation();
  const { uuid } = useParams();
  const user = useSessionUser();
  const area = useRef<HTMLDivElement>(null);
  const [areaWidth, setAreaWidth] = useState(0);
  const [chosen, setChosen] = useState<number | null>(null);
  const saveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const el = area.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setAreaWidth(entry?.contentRect.width ?? el.clientWidth));
    observer.observe(el);
    setAreaWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  useEffect(() => () => clearTimeout(saveTimer.current), []);

  const width = listWidth(areaWidth, user?.defaultTicketsManagerWidth, chosen);
  const bounds = listWidthBounds(areaWidth);

  function keep(value: number) {
    clearTimeout(saveTimer.current);
    saveTimer.current = setTimeout(() => {
      if (!user || !navigator.onLine) return;
      const stored = storableWidth(value);
      if (stored === user.defaultTicketsManagerWidth) return;
      // Best effort: the width still applies here when the save fails (offline, server busy).
      void saveTicketListWidth(user, stored).catch(() => undefined);
    }, SAVE_WIDTH_AFTER_MS);
  }

  return (
    <div
      ref={area}
      className="tickets-page tickets-wide"
      data-has-ticket={uuid ? "true" : "false"}
      style={{ "--tickets-list-width": `${width}px` } as CSSProperties}
    >
      <div id="tickets-list-pane" className="tickets-list-panel">
        <TicketList selectedUuid={uuid} />
      </div>
      {areaWidth > 0 && (
        <ResizeHandle
          label={t("tickets.layout.resize")}
          value={width}
          min={bounds.min}
          max={bounds.max}
          onChange={setChosen}
          onChangeEnd={keep}
          controls="tickets-list-pane"
          data-testid="tickets-resize"
        />
      )}
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
