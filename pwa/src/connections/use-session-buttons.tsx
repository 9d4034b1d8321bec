// What the company's /connections and the super user's /allConnections share about a connection's session buttons
// (spec 2 §4): the QR dialog's row, the confirm dialog's question, and what each button does. A refused call is told
// in a toast; the table is asked again after every call, whatever it answered.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { showToast } from "../ui/toasts.ts";
import type { Confirming } from "./connection-confirm-dialog.tsx";
import type { SessionButton } from "./connection-status.ts";
import type { useConnectionActions } from "./connections-data.ts";

type Actions = Pick<ReturnType<typeof useConnectionActions>, "retry" | "newQr">;
type SessionRow = { id: number; name: string };

export function useSessionButtons<R extends SessionRow>(o: {
  actions: Actions;
  /** Asks core for the table again. */
  load: () => unknown;
  /** 'reconnect' (a Facebook or Instagram token that died), where the page offers it. */
  reconnect?: (row: R) => void;
}) {
  const [qrFor, setQrFor] = useState<R | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);

  async function call(run: () => Promise<unknown>) {
    try {
      await run();
    } catch (err) {
      showToast(errorText(err));
    }
    await o.load();
  }

  function onSession(kind: SessionButton, row: R) {
    if (kind === "qrcode") return setQrFor(row);
    if (kind === "retry") return void call(() => o.actions.retry(row.id));
    if (kind === "reconnect") return o.reconnect?.(row);
    if (kind === "newQr") {
      // The admin asked for a QR: the dialog waits for it ('Aguardando pelo QR Code') and shows it once it comes.
      setQrFor(row);
      return void o.actions
        .newQr(row.id)
        .catch((err: unknown) => {
          // Refused (e.g. the connection is gone): no QR code will come, so the dialog does not wait for one.
          setQrFor(null);
          showToast(errorText(err));
        })
        .finally(() => void o.load());
    }
    if (kind === "disconnect" || kind === "closeImported") setConfirming({ kind, row });
  }

  return { qrFor, setQrFor, confirming, setConfirming, onSession, call };
}

/** A row's session buttons, each styled by what it does and disabled offline or while the session starts. */
export function SessionButtons({
  buttons,
  online,
  onPress,
  label,
  testIdPrefix,
}: {
  buttons: SessionButton[];
  online: boolean;
  onPress: (button: SessionButton) => void;
  /** The button's accessible name, when its text alone does not say which row it acts on. */
  label?: (button: SessionButton) => string;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return buttons.map((b) => (
    <Button
      key={b}
      size="small"
      variant={b === "disconnect" ? "danger" : b === "qrcode" || b === "newQr" ? "primary" : "secondary"}
      isDisabled={!online || b === "connecting" || b === "preparing"}
      onPress={() => onPress(b)}
      aria-label={label?.(b)}
      data-testid={`${testIdPrefix}-${b}`}
    >
      {t(`connectionsPage.buttons.${b}`)}
    </Button>
  ));
}
