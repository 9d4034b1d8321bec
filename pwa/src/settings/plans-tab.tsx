// The Plans tab (spec 3 §2 Plans, super user): the plan list with the price in R$ (two decimals) and the plan
// form, in new mode or, when a plan is picked, in edit mode with delete; clear goes back to new. No client-side
// validation (spec 3 §5): core's refusals show under their fields, and a failed save says to check for a
// duplicate name or unfilled fields. The list is kept for offline reading.
import { PLAN_FLAG_KEYS, type PlanDTO, type PlanFlagKey } from "@chatflow/core/contract/plans.ts";
import { useTranslation } from "react-i18next";
import { TextField } from "../ui/fields.tsx";
import { Checkbox, Switch } from "../ui/toggles.tsx";
import { RecordEditorTab } from "./record-editor-tab.tsx";
import { PLANS_RECORDS } from "./settings-data.ts";
import { emptyPlanForm, formatBRL, type PlanForm, planFormOf, planRequestOf } from "./settings-model.ts";
import { useRecordEditor } from "./use-record-editor.ts";

export const PLANS_CACHE_KEY = PLANS_RECORDS.cacheKey;

export function PlansTab({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const editor = useRecordEditor<PlanDTO, PlanForm>({
    online,
    ...PLANS_RECORDS,
    empty: emptyPlanForm,
    formOf: planFormOf,
    requestOf: planRequestOf,
    saveFailed: "settingsPage.plans.saveFailed",
  });
  const { form, setForm, errors, isDisabled } = editor;
  const set = <K extends keyof PlanForm>(key: K, value: PlanForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const count = (key: "users" | "connections" | "queues" | "amount") => (
    <TextField
      label={t(`settingsPage.plans.${key}`)}
      value={form[key]}
      onChange={(v) => set(key, v)}
      inputMode={key === "amount" ? "decimal" : "numeric"}
      errorMessage={errors[key]}
      isDisabled={isDisabled}
      data-testid={`plan-${key}`}
    />
  );
  return (
    <RecordEditorTab
      name="plans"
      testId="plan"
      editor={editor}
      row={(p) => ({
        title: `${p.name} · ${formatBRL(p.amount)}`,
        subtitle: t("settingsPage.plans.summary", { users: p.users, connections: p.connections, queues: p.queues }),
      })}
    >
      <TextField
        label={t("settingsPage.plans.name")}
        value={form.name}
        onChange={(v) => set("name", v)}
        errorMessage={errors.name}
        isDisabled={isDisabled}
        data-testid="plan-name"
      />
      <div className="settings-plan-counts">
        {count("users")}
        {count("connections")}
        {count("queues")}
        {count("amount")}
      </div>
      <Switch
        isSelected={form.isPublic}
        onChange={(v) => set("isPublic", v)}
        isDisabled={isDisabled}
        data-testid="plan-isPublic"
      >
        {t("settingsPage.plans.isPublic")}
      </Switch>
      <fieldset className="settings-plan-flags">
        <legend className="field-label">{t("settingsPage.plans.features")}</legend>
        {PLAN_FLAG_KEYS.map((flag: PlanFlagKey) => (
          <Checkbox
            key={flag}
            isSelected={form.flags[flag]}
            onChange={(v) => set("flags", { ...form.flags, [flag]: v })}
            isDisabled={isDisabled}
            data-testid={`plan-${flag}`}
          >
            {t(`settingsPage.plans.flags.${flag}`)}
          </Checkbox>
        ))}
      </fieldset>
    </RecordEditorTab>
  );
}
