// "Importar do telefone" (spec 1 §2 contacts' import menu; decision 0112): the contacts a connected WhatsApp-by-QR
// connection knows become contacts, as the spreadsheet import makes them (numbers already saved are ignored), with
// the job's progress and its counts. One connection is chosen when the company has several.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { requestSync } from "../sync/app-sync.ts";
import { Button } from "../ui/button.tsx";
import { Modal } from "../ui/dialog.tsx";
import { ProgressBar } from "../ui/progress-bar.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { phoneImportDeps, usePhoneConnections } from "./contacts-data.ts";
import { type ImportProgress, importFromPhone } from "./import-job.ts";

export function ImportPhoneDialog({ online, onClose }: { online: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const connections = usePhoneConnections();
  const [whatsappId, setWhatsappId] = useState<number | null>(null);
  const [step, setStep] = useState<ImportProgress | null>(null);
  const [missing, setMissing] = useState(false);
  const stop = useRef(new AbortController());
  useEffect(() => () => stop.current.abort(), []);

  const chosen = whatsappId ?? (connections.length === 1 ? connections[0]!.id : null);
  const busy = step?.phase === "processing";
  const done = step?.phase === "finished";

  async function run() {
    if (chosen === null) {
      setMissing(true);
      return;
    }
    const end = await importFromPhone(chosen, phoneImportDeps(stop.current.signal), setStep);
    if (end.phase === "finished") requestSync();
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && !busy && onClose()}
      title={t("contactsPage.importPhone.title")}
      size="small"
      keyboardDismiss={!busy}
      onSubmit={done || busy ? undefined : () => void run()}
      data-testid="import-phone-dialog"
      actions={
        done ? (
          <Button variant="primary" onPress={onClose} data-testid="import-phone-close">
            {t("contactsPage.importPhone.close")}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onPress={onClose} isDisabled={busy}>
              {t("contactsPage.dialog.cancel")}
            </Button>
            <Button
              type="submit"
              variant="primary"
              isPending={busy}
              isDisabled={!online || connections.length === 0}
              data-testid="import-phone-start"
            >
              {t("contactsPage.importPhone.start")}
            </Button>
          </>
        )
      }
    >
      <p className="dialog-message">{t("contactsPage.importPhone.intro")}</p>
      {!online && <p className="contact-form-note">{t("contactsPage.importPhone.offline")}</p>}
      {connections.length === 0 ? (
        <p className="contact-form-note" data-testid="import-phone-none">
          {t("contactsPage.importPhone.noConnection")}
        </p>
      ) : (
        !done && (
          <Select
            label={t("contactsPage.importPhone.connection")}
            items={connections}
            value={chosen}
            onChange={(key) => {
              setWhatsappId(key === null ? null : Number(key));
              setMissing(false);
            }}
            errorMessage={missing ? t("contactsPage.importPhone.connectionRequired") : undefined}
            isDisabled={busy}
            isRequired
            data-testid="import-phone-connection"
          >
            {(w) => <SelectItem id={w.id}>{w.name}</SelectItem>}
          </Select>
        )
      )}
      {step?.phase === "processing" && (
        <ProgressBar
          label={t("contactsPage.importPhone.processing")}
          isIndeterminate
          valueText={t("contactsPage.importPhone.read", { count: step.rowsRead })}
          data-testid="import-phone-progress"
        />
      )}
      {step?.phase === "finished" && (
        <section
          className="contacts-import-result"
          aria-labelledby="import-phone-result"
          data-testid="import-phone-result"
        >
          <h3 id="import-phone-result">{t("contactsPage.import.finished")}</h3>
          <p data-testid="import-phone-created">{t("contactsPage.import.created", { count: step.created })}</p>
          <p data-testid="import-phone-ignored">{t("contactsPage.importPhone.ignored", { count: step.ignored })}</p>
        </section>
      )}
      {step?.phase === "failed" && (
        <p className="contacts-import-error" role="alert" data-testid="import-phone-failed">
          {t("contactsPage.import.failed")}: {errorText(step.error ?? step.cause)}
        </p>
      )}
    </Modal>
  );
}
