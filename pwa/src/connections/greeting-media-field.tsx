// The connection dialog's greeting media (spec 2 §3 greetingMediaAttachment; decision 0107): the file sent just
// before the connection's greeting, attached, replaced or removed at once on a saved connection (the file goes to
// core's media store, not through the form's 'Salvar').
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { PaperclipIcon, TrashIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import { useGreetingMedia } from "./connections-data.ts";

const ACCEPTED = ["image/*", "audio/*", "video/*", "application/pdf"];

export function GreetingMediaField({ existing, online }: { existing: WhatsappAnswer | null; online: boolean }) {
  const { t } = useTranslation();
  const media = useGreetingMedia();
  const [name, setName] = useState<string | null>(existing?.greetingMediaName ?? null);
  const [busy, setBusy] = useState(false);

  async function run(call: () => Promise<WhatsappAnswer>) {
    setBusy(true);
    try {
      setName((await call()).greetingMediaName ?? null);
    } catch (err) {
      showToast(errorText(err), "error");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="connection-greeting-media" data-testid="connection-greeting-media">
      <span className="connection-greeting-media-label">{t("connectionsPage.modal.greetingMedia")}</span>
      {!existing ? (
        <p className="connection-greeting-media-note">{t("connectionsPage.modal.greetingMediaSaveFirst")}</p>
      ) : (
        <>
          <p className="connection-greeting-media-note" role="status" data-testid="connection-greeting-media-name">
            {name ?? t("connectionsPage.modal.greetingMediaNone")}
          </p>
          <div className="connection-greeting-media-actions">
            <FileButton
              icon={<PaperclipIcon />}
              acceptedFileTypes={ACCEPTED}
              isDisabled={!online || busy}
              onSelect={([file]) => file && void run(() => media.upload(existing.id, file))}
              data-testid="connection-greeting-media-upload"
            >
              {name ? t("connectionsPage.modal.greetingMediaReplace") : t("connectionsPage.modal.greetingMediaAdd")}
            </FileButton>
            {name && (
              <Button
                icon={<TrashIcon />}
                isDisabled={!online || busy}
                onPress={() => void run(() => media.remove(existing.id))}
                data-testid="connection-greeting-media-remove"
              >
                {t("connectionsPage.modal.greetingMediaRemove")}
              </Button>
            )}
          </div>
          <p className="connection-greeting-media-note">{t("connectionsPage.modal.greetingMediaHelp")}</p>
        </>
      )}
    </div>
  );
}
