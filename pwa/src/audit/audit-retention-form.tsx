// The audit log's retention (decision 0108): how many days the company's entries are kept (30 to 3,650), or empty
// for the installation's; the worker's purge removes older ones.
import {
  AUDIT_RETENTION_MAX_DAYS,
  AUDIT_RETENTION_MIN_DAYS,
  type AuditRetentionAnswer,
} from "@chatflow/core/contract/audit.ts";
import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { showToast } from "../ui/toasts.ts";
import { saveAuditRetention } from "./audit-data.ts";
import { retentionDays } from "./audit-model.ts";

export function AuditRetentionForm({
  retention,
  online,
  onSaved,
}: {
  retention: AuditRetentionAnswer | undefined;
  online: boolean;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(retention?.days ? String(retention.days) : ""), [retention?.days]);
  const days = retentionDays(text);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (days === undefined) return;
    setSaving(true);
    try {
      await saveAuditRetention(days);
      showToast(t("auditPage.retentionSaved"), "info");
      onSaved();
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="audit-retention" aria-label={t("auditPage.retention")} onSubmit={submit}>
      <TextField
        label={t("auditPage.retention")}
        description={t("auditPage.retentionHelp", {
          min: AUDIT_RETENTION_MIN_DAYS,
          max: AUDIT_RETENTION_MAX_DAYS,
          days: retention?.installationDays ?? "",
        })}
        errorMessage={days === undefined ? t("auditPage.retentionInvalid") : undefined}
        inputMode="numeric"
        value={text}
        onChange={setText}
        data-testid="audit-retention"
      />
      <Button
        type="submit"
        isPending={saving}
        isDisabled={!online || days === undefined || retention === undefined}
        data-testid="audit-retention-save"
      >
        {t("auditPage.retentionSave")}
      </Button>
    </form>
  );
}
