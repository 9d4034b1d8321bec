// /queue-integration (spec 2 §2 Integrations; admins of a plan with useIntegrations, app-routes.ts): the
// searchable list with a logo per type, id and name, edit and delete (search debounced 500 ms, next page within
// 100 px of the bottom, spec 2 §9). Integrations are admin REST: offline the screen says it needs a connection.
import type { QueueIntegrationDTO } from "@chatflow/core/contract/integrations.ts";
import { useTranslation } from "react-i18next";
import { CrudListPage } from "../layout/crud-list-page.tsx";
import { ListIcon } from "../ui/icons.tsx";
import { IntegrationLogo } from "./integration-logo.tsx";
import { IntegrationModal } from "./integration-modal.tsx";
import "./integrations.css";
import { integrationsCollection } from "./integrations-data.ts";

export function IntegrationsPage() {
  const { t } = useTranslation();
  return (
    <CrudListPage<QueueIntegrationDTO>
      texts="integrationsPage"
      ids={{ page: "integrations", item: "integration" }}
      collection={integrationsCollection}
      emptyIcon={<ListIcon size={48} />}
      row={(r) => ({
        leading: <IntegrationLogo type={r.type} />,
        subtitle: t("integrationsPage.row", { id: r.id, type: t(`integrationsPage.types.${r.type}`) }),
      })}
      editor={(integration, online, close, saved) => (
        <IntegrationModal integration={integration} online={online} onClose={close} onSaved={saved} />
      )}
    />
  );
}
