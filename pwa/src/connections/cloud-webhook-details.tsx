// What an admin gives Meta for a saved Cloud API connection (issue 22; decision 0093): the callback URL core receives
// the webhooks on (this app's own origin, which serves core) and the connection's verify token, each with a copy
// button. Before the first save there is nothing to copy: the verify token is the one saved.
import type { WhatsappAnswer } from "@chatflow/core/contract/whatsapps.ts";
import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/button.tsx";
import { CopyIcon } from "../ui/icons.tsx";
import { showToast } from "../ui/toasts.ts";
import "./connection-state.css";

/** The Cloud API webhook's path on core (core/src/webhooks/whatsapp-cloud.ts). */
export const CLOUD_WEBHOOK_PATH = "/webhooks/whatsapp";

/** A labelled value with a copy button (a row of a <dl>). */
export function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      showToast(t("connectionState.cloud.copied", { what: label }), "info");
    } catch {
      showToast(value, "info");
    }
  };
  return (
    <div className="cloud-webhook-row">
      <dt>{label}</dt>
      <dd>
        <code data-testid={testId}>{value}</code>
        <IconButton
          label={t("connectionState.cloud.copy", { what: label })}
          onPress={() => void copy()}
          data-testid={`${testId}-copy`}
        >
          <CopyIcon size={18} />
        </IconButton>
      </dd>
    </div>
  );
}

export function CloudWebhookDetails({ existing }: { existing: WhatsappAnswer }) {
  const { t } = useTranslation();
  return (
    <section className="cloud-webhook" aria-labelledby="cloud-webhook-title" data-testid="cloud-webhook">
      <h3 id="cloud-webhook-title">{t("connectionState.cloud.title")}</h3>
      <p>{t("connectionState.cloud.help")}</p>
      <dl>
        <CopyRow
          label={t("connectionState.cloud.callbackUrl")}
          value={`${window.location.origin}${CLOUD_WEBHOOK_PATH}`}
          testId="cloud-callback-url"
        />
        {existing.verifyToken && (
          <CopyRow
            label={t("connectionState.cloud.verifyToken")}
            value={existing.verifyToken}
            testId="cloud-verify-token"
          />
        )}
      </dl>
      {/* Beside the list, not in it: a <dl> holds only its terms and descriptions (axe definition-list). */}
      {!existing.verifyToken && <p className="connections-muted">{t("connectionState.cloud.noVerifyToken")}</p>}
    </section>
  );
}
