// Another company's connection dialog, opened by the super user from /allConnections (spec 3 §2; decision 0105):
// the connection (GET /whatsapp-admin/{id}) and what its dialog reads from its own company (its queues,
// integrations, prompts, flows, scheduleType, userRating: GET /whatsapp-admin/{id}/references), then the same
// dialog and save as the company's admin has (PUT /whatsapp/{id} acts in that company for the super user).
import { useTranslation } from "react-i18next";
import { FormModal } from "../ui/form-modal.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { ConnectionModal } from "./connection-modal.tsx";
import { useCompanyConnection } from "./connections-data.ts";

export function CompanyConnectionModal({
  id,
  online,
  onClose,
  onSaved,
}: {
  id: number;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { connection, references, failed } = useCompanyConnection(id, online);
  if (!connection || !references) {
    return (
      <FormModal
        title={t("connectionsPage.modal.editTitle")}
        onClose={onClose}
        onSubmit={() => {}}
        saving={false}
        note={failed ? t("connectionsPage.loadError") : !online ? t("connectionsPage.needsConnection") : null}
        cancelLabel={t("connectionsPage.modal.cancel")}
        saveLabel={t("connectionsPage.modal.save")}
        saveDisabled
        data-testid="connection-modal-loading"
      >
        {failed || !online ? null : <Spinner />}
      </FormModal>
    );
  }
  return (
    <ConnectionModal
      connection={connection}
      channel={connection.channel}
      isFirst={false}
      queues={references.queues}
      scheduleType={references.scheduleType}
      userRating={references.userRating}
      online={online}
      onClose={onClose}
      onSaved={onSaved}
      company={{
        name: references.companyName,
        lists: { integrations: references.integrations, prompts: references.prompts, flows: references.flows },
      }}
    />
  );
}
