// The tickets screen (spec 1 §2). Wide: the list and the conversation side by side, with a
// splitter that resizes the list (drag or keys; the width is saved to the user's
// defaultTicketsManagerWidth). Phones: one pane at a time, each a history entry (decision 0088).
import { type CSSProperties, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useParams } from "react-router";
import { useSessionUser } from "../auth/use-session-user.ts";
import { ChatIcon } from "../ui/icons.tsx";
import { ResizeHandle } from "../ui/resize-handle.tsx";
import { NARROW_QUERY, useMediaQuery } from "../ui/use-media-query.ts";
import { listWidth, listWidthBounds, storableWidth } from "./list-width.ts";
import { rememberListEntry } from "./pane-history.ts";
import { rowUuid } from "./read-ahead.ts";
import { TicketList } from "./ticket-list.tsx";
import { readConversationAhead, saveTicketListWidth } from "./tickets-data.ts";

export function TicketsPage() {
  const narrow = useMediaQuery(NARROW_QUERY);
  const { uuid } = useParams();
  const { key } = useLocation();
  // The list's place in the history, so going back from a conversation pops to it (pane-history.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each entry that shows the list is remembered
  useEffect(() => {
    if (!uuid) rememberListEntry();
  }, [uuid, key]);
  // A press on a row reads its conversation ahead of the route (read-ahead.ts).
  useEffect(() => {
    const press = (event: PointerEvent) => {
      const row = rowUuid(event.target);
      if (row && row !== uuid) readConversationAhead(row);
    };
    document.addEventListener("pointerdown", press, { capture: true, passive: true });
    return () => document.removeEventListener("pointerdown", press, { capture: true });
  }, [uuid]);
  return narrow ? <PhoneTickets uuid={uuid} /> : <WideTickets />;
}

/**
 * Phones: one pane at a time, the list or the conversation (whose contact drawer is a full-screen sheet on top).
 * The list stays mounted while hidden, so going back finds it as it was left (tab, filters, scroll).
 */
function PhoneTickets({ uuid }: { uuid: string | undefined }) {
  return (
    <div className="tickets-page tickets-phone" data-pane={uuid ? "conversation" : "list"}>
      <div className="tickets-list-panel" hidden={uuid !== undefined}>
        <TicketList selectedUuid={uuid} />
      </div>
      {uuid && (
        <section className="tickets-conversation">
          <Outlet />
        </section>
      )}
    </div>
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
