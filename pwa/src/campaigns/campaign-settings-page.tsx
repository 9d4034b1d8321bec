// /campaigns-config (spec 3 §2 "Campaign settings", §9): the sender's pacing (interval between messages, a longer
// pause after N messages, hours, Saturdays and Sundays) and the custom message variables. Admin REST.
import {
  CAMPAIGN_SETTINGS_DEFAULTS,
  type CampaignSettings,
  GREATER_INTERVAL_OPTIONS,
  LONGER_INTERVAL_AFTER_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
} from "@chatflow/core/contract/campaigns.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { useOnline } from "../layout/use-online.ts";
import { Button, IconButton } from "../ui/button.tsx";
import { TextField } from "../ui/fields.tsx";
import { PlusIcon, TrashIcon } from "../ui/icons.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { showToast } from "../ui/toasts.ts";
import { Checkbox } from "../ui/toggles.tsx";
import "./campaigns.css";
import { useCampaignSettings } from "./campaigns-data.ts";

export function CampaignSettingsPage() {
  const { t } = useTranslation();
  const s = "campaignsPage.settings";
  const online = useOnline();
  const { settings, setSettings, save: saveSettings } = useCampaignSettings(online);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof CampaignSettings>(key: K, value: CampaignSettings[K]) =>
    setSettings((v) => (v ? { ...v, [key]: value } : v));

  async function save() {
    if (!settings || saving) return;
    setSaving(true);
    try {
      await saveSettings(settings);
      showToast(t(`${s}.saved`), "info");
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setSaving(false);
    }
  }

  const seconds = (n: number) => (n === 0 ? t(`${s}.off`) : t(`${s}.seconds`, { count: n }));
  const choice = (key: "messageInterval" | "longerIntervalAfter" | "greaterInterval", options: readonly number[]) => (
    <Select
      label={t(`${s}.${key}`)}
      items={options.map((n) => ({
        id: n,
        name:
          key === "longerIntervalAfter"
            ? n === 0
              ? t(`${s}.off`)
              : t(`${s}.messagesCount`, { count: n })
            : seconds(n),
      }))}
      value={settings?.[key] ?? CAMPAIGN_SETTINGS_DEFAULTS[key]}
      onChange={(k) => set(key, Number(k))}
      isDisabled={!online}
      data-testid={`campaign-settings-${key}`}
    >
      {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
    </Select>
  );

  return (
    <section className="page campaign-settings" data-testid="campaign-settings-page">
      <h1>{t(`${s}.title`)}</h1>
      {!online && (
        <p className="list-page-notice" role="status">
          {t(`${s}.offline`)}
        </p>
      )}
      {online && !settings && <Spinner />}
      {settings && (
        <form
          className="campaign-form"
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          {choice("messageInterval", MESSAGE_INTERVAL_OPTIONS)}
          {choice("longerIntervalAfter", LONGER_INTERVAL_AFTER_OPTIONS)}
          {choice("greaterInterval", GREATER_INTERVAL_OPTIONS)}
          <div className="campaign-row">
            <TextField
              label={t(`${s}.startHour`)}
              type="time"
              value={settings.startHour}
              onChange={(v) => set("startHour", v)}
              data-testid="campaign-settings-start"
            />
            <TextField
              label={t(`${s}.endHour`)}
              type="time"
              value={settings.endHour}
              onChange={(v) => set("endHour", v)}
              data-testid="campaign-settings-end"
            />
          </div>
          <div className="campaign-row">
            <Checkbox isSelected={settings.sabado === "true"} onChange={(v) => set("sabado", v ? "true" : "false")}>
              {t(`${s}.sabado`)}
            </Checkbox>
            <Checkbox isSelected={settings.domingo === "true"} onChange={(v) => set("domingo", v ? "true" : "false")}>
              {t(`${s}.domingo`)}
            </Checkbox>
          </div>
          <h2>{t(`${s}.variables`)}</h2>
          {settings.variables.map((v, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own and are edited in place
            <div key={i} className="campaign-variable">
              <TextField
                label={t(`${s}.variableKey`)}
                value={v.key}
                onChange={(key) =>
                  set(
                    "variables",
                    settings.variables.map((x, j) => (j === i ? { ...x, key } : x)),
                  )
                }
              />
              <TextField
                label={t(`${s}.variableValue`)}
                value={v.value}
                onChange={(value) =>
                  set(
                    "variables",
                    settings.variables.map((x, j) => (j === i ? { ...x, value } : x)),
                  )
                }
              />
              <IconButton
                label={t(`${s}.removeVariable`, { key: v.key })}
                onPress={() =>
                  set(
                    "variables",
                    settings.variables.filter((_, j) => j !== i),
                  )
                }
              >
                <TrashIcon />
              </IconButton>
            </div>
          ))}
          <div className="campaign-row">
            <Button
              icon={<PlusIcon />}
              onPress={() => set("variables", [...settings.variables, { key: "", value: "" }])}
            >
              {t(`${s}.addVariable`)}
            </Button>
            <Button
              type="submit"
              variant="primary"
              isPending={saving}
              isDisabled={!online}
              data-testid="campaign-settings-save"
            >
              {t(`${s}.save`)}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
