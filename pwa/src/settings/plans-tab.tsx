// The Plans tab (spec 3 §2 Plans, super user): the plan list with the price in R$ (two decimals) and the plan
// form, in new mode or, when a plan is picked, in edit mode with delete; clear goes back to new. No client-side
// validation (spec 3 §5): core's refusals show under their fields, and a failed save says to check for a
// duplicate name or unfilled fields. The list is kept for offline reading.
import { PLAN_FLAG_KEYS, type PlanDTO, type PlanFlagKey } from "@chatflow/core/contract/plans.ts";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { Checkbox, Switch } from "../ui/toggles.tsx";
import { emptyPlanForm, formatBRL, type PlanForm, planFormOf, planRequestOf } from "./settings-model.ts";
import { useRecordEditor } from "./use-record-editor.ts";

export const PLANS_CACHE_KEY = "settings:plans";

export function PlansTab({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const {
    records: plans,
    form,
    setForm,
    errors,
    busy,
    isDisabled,
    clear,
    pick,
    save,
    remove,
  } = useRecordEditor<PlanDTO, PlanForm>({
    online,
    cacheKey: PLANS_CACHE_KEY,
    listPath: "/plans/all",
    path: "/plans",
    empty: emptyPlanForm,
    formOf: planFormOf,
    requestOf: planRequestOf,
    saveFailed: "settingsPage.plans.saveFailed",
  });
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
    <div className="settings-plans" data-testid="settings-plans">
      <form
        className="settings-plan-form"
        aria-label={form.id === null ? t("settingsPage.plans.new") : t("settingsPage.plans.edit")}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
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
        <div className="settings-actions">
          <Button onPress={clear} isDisabled={busy} data-testid="plan-clear">
            {t("settingsPage.plans.clear")}
          </Button>
          {form.id !== null && (
            <Button variant="danger" onPress={() => void remove()} isDisabled={isDisabled} data-testid="plan-delete">
              {t("settingsPage.plans.delete")}
            </Button>
          )}
          <Button variant="primary" type="submit" isDisabled={isDisabled} data-testid="plan-save">
            {busy ? t("settingsPage.updating") : t("settingsPage.save")}
          </Button>
        </div>
      </form>
      {plans.length === 0 && <p className="settings-intro">{t("settingsPage.plans.empty")}</p>}
      <List className="settings-plan-list" label={t("settingsPage.plans.listLabel")}>
        {plans.map((p) => (
          <ListItem
            key={p.id}
            title={`${p.name} · ${formatBRL(p.amount)}`}
            subtitle={t("settingsPage.plans.summary", {
              users: p.users,
              connections: p.connections,
              queues: p.queues,
            })}
            onAction={() => pick(p)}
            data-testid="plan-row"
          />
        ))}
      </List>
    </div>
  );
}
