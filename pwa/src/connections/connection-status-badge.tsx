// A connection's status as a badge (spec 2 §4 Connection status), on the company's connections and on the super
// user's list of all of them: green connected, amber on its way (QR code, pairing, opening), red down; a status
// this PWA does not know reads 'unknown', in neutral.
import { useTranslation } from "react-i18next";
import { Badge } from "../ui/badge.tsx";

const STATUS_TONE: Record<string, "success" | "warning" | "danger"> = {
  CONNECTED: "success",
  qrcode: "warning",
  PAIRING: "warning",
  OPENING: "warning",
  DISCONNECTED: "danger",
  TIMEOUT: "danger",
};

export function ConnectionStatusBadge({ status, "data-testid": testId }: { status: string; "data-testid"?: string }) {
  const { t } = useTranslation();
  const known = status in STATUS_TONE;
  return (
    <Badge tone={STATUS_TONE[status] ?? "neutral"} data-testid={testId}>
      {t(`connectionsPage.statuses.${known ? status : "unknown"}`)}
    </Badge>
  );
}
