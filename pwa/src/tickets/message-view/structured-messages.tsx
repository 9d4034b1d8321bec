// Messages that are not plain text or media (spec 1 §2 media types): location, contact card,
// poll, event, list, view-once, interactive buttons, ad previews and call logs. Each reads the
// message's dataJson as the channel stored it (Cloud API webhook objects, Baileys message
// objects, or our own interactive payloads) and falls back to the body when a field is missing.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { contactCardOf } from "@chatflow/core/contract/message-payloads.ts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/button.tsx";
import { CalendarIcon, ListIcon, MapPinIcon, PhoneIcon, UserIcon } from "../../ui/icons.tsx";
import { showToast } from "../../ui/toasts.ts";
import { formatTime } from "../format.ts";
import { safeHref } from "./format-text.ts";
import { FormattedText } from "./formatted-text.tsx";
import { useMediaUrl } from "./media-source.tsx";

type Data = Record<string, unknown>;
const obj = (v: unknown): Data => (v && typeof v === "object" && !Array.isArray(v) ? (v as Data) : {});
const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const num = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : null;
};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const dataOf = (m: MessageDTO) => obj(m.dataJson);

export function Card({
  icon,
  title,
  children,
  testId,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  testId: string;
}) {
  return (
    <div className="message-card" data-testid={testId}>
      <div className="message-card-title">
        {icon}
        <strong>{title}</strong>
      </div>
      {children}
    </div>
  );
}

function Text({ text }: { text: string }) {
  return text ? (
    <p className="message-body">
      <FormattedText text={text} />
    </p>
  ) : null;
}

/** Latitude and longitude from the Cloud API's location, Baileys' locationMessage, or the body's map link. */
export function locationOf(m: MessageDTO): { lat: number; lng: number; name: string; address: string } | null {
  const d = dataOf(m);
  const loc = obj(d.location ?? d.locationMessage);
  let lat = num(loc.latitude ?? loc.degreesLatitude);
  let lng = num(loc.longitude ?? loc.degreesLongitude);
  if (lat === null || lng === null) {
    const q = /[?&]q=(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)/.exec(m.body);
    if (!q) return null;
    lat = Number(q[1]);
    lng = Number(q[2]);
  }
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng, name: str(loc.name), address: str(loc.address) };
}

export function LocationMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const at = locationOf(message);
  if (!at) return <Text text={message.body} />;
  const href = `https://maps.google.com/maps?q=${at.lat},${at.lng}`;
  return (
    <Card icon={<MapPinIcon />} title={at.name || t("messageView.location.title")} testId="message-location">
      {at.address && <p className="message-card-line">{at.address}</p>}
      <p className="message-card-line">
        <a href={href} target="_blank" rel="noopener noreferrer">
          {t("messageView.location.open")} ({at.lat.toFixed(5)}, {at.lng.toFixed(5)})
        </a>
      </p>
    </Card>
  );
}

/** The card's name and number (a masked number under LGPD hiding: 'Conversar' asks core by the message). */
export const vCardOf = (m: MessageDTO) => contactCardOf(m);

export function ContactMessage({
  message,
  onStart,
}: {
  message: MessageDTO;
  onStart?: (card: { name: string; number: string }, message: MessageDTO) => void;
}) {
  const { t } = useTranslation();
  const card = vCardOf(message);
  if (!card) return <Text text={message.body} />;
  return (
    <Card icon={<UserIcon />} title={card.name} testId="message-contact">
      {card.number && <p className="message-card-line">+{card.number}</p>}
      {card.number && onStart && (
        <Button size="small" onPress={() => onStart(card, message)} data-testid="message-contact-start">
          {t("messageView.contact.start")}
        </Button>
      )}
    </Card>
  );
}

export function PollMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const d = dataOf(message);
  const poll = obj(d.pollCreationMessageV3 ?? d.pollCreationMessage ?? d.poll);
  const name = str(poll.name) || message.body;
  const options = arr(poll.options).map((o) => str(obj(o).optionName ?? obj(o).name ?? o));
  // The decrypted votes (Baileys; decision 0053): each voter's latest choice, counted per option.
  const votes = d.votes && typeof d.votes === "object" ? Object.values(d.votes as Record<string, unknown>) : null;
  const count = (option: string) => (votes ?? []).filter((v) => Array.isArray(v) && v.includes(option)).length;
  return (
    <Card icon={<ListIcon />} title={t("messageView.poll.title")} testId="message-poll">
      <Text text={name} />
      {options.length > 0 && (
        <ul className="message-card-options">
          {options.map((o, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: options may repeat and never reorder
            <li key={i}>
              {o}
              {votes && (
                <span className="message-poll-votes"> · {t("messageView.poll.votes", { count: count(o) })}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** spec 1 §2: an event ends two hours after its start. */
export const EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

export function eventOf(m: MessageDTO): { name: string; description: string; start: Date | null; end: Date | null } {
  const e = obj(dataOf(m).eventMessage);
  const seconds = num(e.startTime);
  const start = seconds === null ? null : new Date(seconds * 1000);
  return {
    name: str(e.name) || m.body,
    description: str(e.description),
    start,
    end: start ? new Date(start.getTime() + EVENT_DURATION_MS) : null,
  };
}

export function EventMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const e = eventOf(message);
  return (
    <Card icon={<CalendarIcon />} title={e.name || t("messageView.event.title")} testId="message-event">
      {e.description && <Text text={e.description} />}
      {e.start && e.end && (
        <p className="message-card-line">
          <time dateTime={e.start.toISOString()}>
            {e.start.toLocaleDateString("pt-BR")} {formatTime(e.start)}
          </time>
          {" · "}
          {t("messageView.event.ends", { time: formatTime(e.end) })}
        </p>
      )}
    </Card>
  );
}

export function ListMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const d = obj(dataOf(message).listMessage ?? message.dataJson);
  const sections = arr(d.sections).map((s) => ({
    title: str(obj(s).title),
    rows: arr(obj(s).rows).map((r) => ({ title: str(obj(r).title), description: str(obj(r).description) })),
  }));
  return (
    <Card icon={<ListIcon />} title={str(d.title) || t("messageView.list.title")} testId="message-list-options">
      <Text text={str(d.text) || str(d.description) || (str(d.title) ? "" : message.body)} />
      {sections.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: sections have no ids
        <div key={i} className="message-card-section">
          {s.title && <strong>{s.title}</strong>}
          <ul className="message-card-options">
            {s.rows.map((r, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no stable ids
              <li key={j}>
                {r.title}
                {r.description && <small> · {r.description}</small>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {str(d.footer) && <small className="message-card-footer">{str(d.footer)}</small>}
      {str(d.buttonText) && <span className="message-card-button">{str(d.buttonText)}</span>}
    </Card>
  );
}

async function copy(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** A button message's header image: core's file, or the one still waiting in the outbox; nothing until it loads. */
function HeaderImage({ message, imageUrl }: { message: MessageDTO; imageUrl: string | null }) {
  const media = useMediaUrl(message.id, imageUrl);
  if (media.status !== "ready") return null;
  return <img className="message-card-image" src={media.url} alt="" data-testid="message-interactive-image" />;
}

export function InteractiveMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const d = dataOf(message);
  const kind = str(d.type);
  const label = str(d.buttonText) || t("messageView.interactive");
  const press = async () => {
    if (kind === "copy") {
      const code = str(d.copyCode);
      if (!code) return showToast(t("messageView.buttons.nothingToCopy"));
      if (await copy(code)) showToast(t("messageView.buttons.copied"), "info");
    } else if (kind === "url") {
      const href = safeHref(str(d.url));
      if (!href) return showToast(t("messageView.buttons.noLink"));
      if (await copy(href)) showToast(t("messageView.buttons.linkCopied"), "info");
    } else if (kind === "call") {
      showToast(t("messageView.buttons.noCalls"));
    }
  };
  const title = str(d.title);
  const description = str(d.description);
  return (
    <Card icon={<PhoneIcon />} title={title || t("messageView.interactive")} testId="message-interactive">
      {kind !== "pix" && <HeaderImage message={message} imageUrl={str(d.imageUrl) || null} />}
      <Text text={title || description ? description : message.body} />
      {kind === "pix" && (
        <p className="message-card-line">
          PIX {str(d.currency)} {num(d.value)?.toFixed(2).replace(".", ",")} · {str(d.merchantName)}
        </p>
      )}
      {(kind === "copy" || kind === "url" || kind === "call") && (
        <Button size="small" onPress={press} data-testid="message-interactive-button">
          {label}
        </Button>
      )}
    </Card>
  );
}

export function AdMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  const d = obj(dataOf(message).adMetaPreview ?? message.dataJson);
  const href = safeHref(str(d.sourceUrl ?? d.url));
  return (
    <Card icon={<ListIcon />} title={str(d.title) || t("messageView.ad")} testId="message-ad">
      <Text text={str(d.body) || message.body} />
      {href && (
        <a href={href} target="_blank" rel="noopener noreferrer">
          {href}
        </a>
      )}
    </Card>
  );
}

export function CallLogMessage({ message }: { message: MessageDTO }) {
  const { t } = useTranslation();
  return (
    <Card icon={<PhoneIcon />} title={t("messageView.callLog")} testId="message-call-log">
      <Text text={message.body} />
    </Card>
  );
}
