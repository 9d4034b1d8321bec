// The QR dialog (spec 2 §2): the session's QR code drawn with a QR library, or the pairing code, or its progress
// (a spinner and the step) while the channel worker has none yet, or why WhatsApp could not be reached, when the
// worker tries again and one retry button (issue 22; decision 0093). Live: it asks core again whenever
// the replica's connection row changes (the worker records a whatsapps change with each new code), and
// it closes itself once the code it showed is gone (paired, or the session ended).
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { renderSVG } from "uqr";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { TextField } from "../ui/fields.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import "./connection-state.css";
import { qrDialogShouldClose } from "./connection-status.ts";
import { useAskPairingCode, useConnectionActions, useConnectionSession } from "./connections-data.ts";

/** When the worker tries again, while that is still ahead. */
function RetryAt({ at }: { at: string | null }) {
  const { t, i18n } = useTranslation();
  if (!at || Date.parse(at) <= Date.now()) return null;
  const time = new Date(at).toLocaleTimeString(i18n.language, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return (
    <p className="qr-help" data-testid="qr-retry-at">
      {t("connectionState.retryAt", { time })}
    </p>
  );
}

export function QrDialog({
  id,
  name,
  onClose,
  otherCompany = false,
}: {
  id: number;
  name: string;
  onClose: () => void;
  /** Another company's connection, opened by the super user: no replica row tells of its changes (decision 0105). */
  otherCompany?: boolean;
}) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState("");
  const [asking, setAsking] = useState(false);
  const [byPhone, setByPhone] = useState(false);
  const session = useConnectionSession(id, otherCompany);
  const askPairing = useAskPairingCode();
  const shown = useRef<string | null>(null);

  const code = session?.qrcode || session?.pairingCode || null;
  const step = t(session?.status === "OPENING" ? "connectionState.qr.opening" : "connectionState.qr.waiting");
  useEffect(() => {
    if (session === null) return;
    if (qrDialogShouldClose(shown.current, code)) onClose();
    shown.current = code;
  }, [session, code, onClose]);

  const svg = useMemo(
    () =>
      session?.qrcode ? renderSVG(session.qrcode, { border: 2, whiteColor: "#ffffff", blackColor: "#000000" }) : null,
    [session?.qrcode],
  );

  const [retrying, setRetrying] = useState(false);
  const { retry } = useConnectionActions();
  async function retryNow() {
    setRetrying(true);
    try {
      await retry(id);
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setRetrying(false);
    }
  }

  async function askPairingCode() {
    setAsking(true);
    try {
      await askPairing(id, phone);
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setAsking(false);
    }
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={t("connectionsPage.qr.title")}
      size="small"
      data-testid="qr-dialog"
      actions={<Button onPress={onClose}>{t("connectionsPage.qr.close")}</Button>}
    >
      <div className="qr-body" aria-live="polite">
        {session === null ? (
          <Spinner />
        ) : svg ? (
          <>
            <div
              className="qr-code"
              role="img"
              aria-label={t("connectionsPage.qr.codeLabel", { name })}
              data-testid="qr-code"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's own SVG, built from the QR data only.
              dangerouslySetInnerHTML={{ __html: svg }}
            />
            <p className="qr-help">{t("connectionsPage.qr.steps")}</p>
          </>
        ) : session.pairingCode ? (
          <>
            <p className="qr-help">{t("connectionsPage.qr.pairingTitle")}</p>
            <output className="qr-pairing-code" data-testid="qr-pairing-code">
              {session.pairingCode}
            </output>
            <p className="qr-help">{t("connectionsPage.qr.pairingHelp")}</p>
          </>
        ) : (session.status === "DISCONNECTED" && session.statusReason) || session.status === "TIMEOUT" ? (
          // WhatsApp could not be reached, or the QR codes ran out: why, when the worker tries again, one retry.
          <div className="qr-failed" role="alert" data-testid="qr-failed" data-reason={session.statusReason?.reason}>
            <p>
              {t("connectionState.qr.failed", {
                reason: session.statusReason
                  ? t(`connectionState.reasons.${session.statusReason.reason}`)
                  : t(`connectionsPage.statuses.${session.status}`),
              })}
            </p>
            <RetryAt at={session.statusReason?.retryAt ?? null} />
            <Button variant="primary" onPress={() => void retryNow()} isPending={retrying} data-testid="qr-retry">
              {t("connectionState.qr.retry")}
            </Button>
          </div>
        ) : (
          // On its way: the step it is at (opening the session, or waiting for WhatsApp's QR code).
          <div className="qr-progress" data-testid="qr-progress" data-status={session.status}>
            <p className="qr-waiting" data-testid="qr-waiting">
              {t("connectionsPage.qr.waiting")}
            </p>
            <Spinner label={step} />
            <p className="qr-help" data-testid="qr-step">
              {step}
            </p>
            {session.statusReason && (
              <p className="qr-help" data-testid="qr-last-failure">
                {t("connectionState.row", { reason: t(`connectionState.reasons.${session.statusReason.reason}`) })}
              </p>
            )}
          </div>
        )}
      </div>
      {!session?.pairingCode && !byPhone && (
        <Button variant="ghost" size="small" onPress={() => setByPhone(true)} data-testid="qr-by-phone">
          {t("connectionsPage.qr.byPhone")}
        </Button>
      )}
      {!session?.pairingCode && byPhone && (
        <div className="qr-by-phone">
          <div className="qr-by-phone-row">
            <TextField
              label={t("connectionsPage.qr.phone")}
              inputMode="tel"
              value={phone}
              onChange={setPhone}
              data-testid="qr-phone"
            />
            <Button
              onPress={() => void askPairingCode()}
              isPending={asking}
              isDisabled={phone.replace(/\D/g, "").length < 8}
            >
              {t("connectionsPage.qr.askCode")}
            </Button>
          </div>
        </div>
      )}
    </Modal>
  );
}
