// The Options tab (spec 3 §2): every company setting as a switch or a select that applies on change, with
// 'Updating' while it travels; the custom messages under their toggle, shown and required while it uses them;
// and, for the super user, the platform's user creation, download limit and payment credentials.
import type { CompanySettingKey } from "@chatflow/core/contract/settings.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField, TextAreaField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Switch } from "../ui/toggles.tsx";
import {
  COMPANY_OPTION_GROUPS,
  type CompanyOption,
  type CustomMessageKey,
  isBlank,
  messagesOf,
  PLATFORM_OPTIONS,
} from "./settings-model.ts";
import type { SettingsData } from "./use-settings-data.ts";

type Props = { data: SettingsData; online: boolean; isSuper: boolean };

function Updating({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="settings-updating" role="status">
      {active ? t("settingsPage.updating") : ""}
    </span>
  );
}

/** A text setting kept as a draft and sent when the person leaves the field with a change. */
function DraftText({
  id,
  label,
  value,
  required,
  multiline,
  secret,
  isDisabled,
  onSave,
}: {
  id: string;
  label: string;
  value: string;
  required?: boolean;
  multiline?: boolean;
  secret?: boolean;
  isDisabled: boolean;
  onSave: (value: string) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const error = required && isBlank(draft) ? t("settingsPage.required") : null;
  const common = {
    label,
    value: draft,
    onChange: setDraft,
    isDisabled,
    errorMessage: error,
    isRequired: required,
    onBlur: () => {
      if (draft !== value && !error) onSave(draft);
    },
    "data-testid": `setting-${id}`,
  };
  if (multiline) return <TextAreaField {...common} rows={2} />;
  if (secret) return <PasswordField {...common} autoComplete="off" />;
  return <TextField {...common} />;
}

function CompanyOptionField({ option, p }: { option: CompanyOption; p: Props }) {
  const { t } = useTranslation();
  const settings = p.data.company ?? {};
  const { key } = option;
  const busy = p.data.updating.has(key);
  const isDisabled = !p.online || busy;
  const label = t(`settingsPage.options.${key}`);
  const save = (value: string) => void p.data.saveCompany(key, value);
  let control: React.ReactNode;
  if (option.kind === "switch") {
    control = (
      <Switch
        isSelected={settings[key] === option.on}
        onChange={(on) => save(on ? option.on : option.off)}
        isDisabled={isDisabled}
        data-testid={`setting-${key}`}
      >
        {label}
      </Switch>
    );
  } else if (option.kind === "select") {
    control = (
      <Select
        label={label}
        value={settings[key] ?? null}
        onChange={(v) => v !== null && String(v) !== settings[key] && save(String(v))}
        isDisabled={isDisabled}
        data-testid={`setting-${key}`}
      >
        {option.values.map((v) => (
          <SelectItem key={v} id={v}>
            {t(`settingsPage.values.${key}.${v}`)}
          </SelectItem>
        ))}
      </Select>
    );
  } else {
    control = <DraftText id={key} label={label} value={settings[key] ?? ""} isDisabled={isDisabled} onSave={save} />;
  }
  return (
    <div className="settings-option">
      <div className="settings-option-control">
        {control}
        <Updating active={busy} />
      </div>
      {messagesOf(key as CompanySettingKey, settings).map((m) => (
        <CustomMessage key={m} message={m} p={p} />
      ))}
    </div>
  );
}

function CustomMessage({ message, p }: { message: CustomMessageKey; p: Props }) {
  const { t } = useTranslation();
  const busy = p.data.updating.has(message);
  return (
    <div className="settings-option settings-message">
      <DraftText
        id={message}
        label={t(`settingsPage.options.${message}`)}
        value={p.data.company?.[message] ?? ""}
        required
        multiline
        isDisabled={!p.online || busy}
        onSave={(v) => void p.data.saveCompany(message, v)}
      />
      <Updating active={busy} />
    </div>
  );
}

function PlatformOptions({ p }: { p: Props }) {
  const { t } = useTranslation();
  const settings = p.data.platform;
  if (!settings) return null;
  return (
    <section className="settings-group" aria-labelledby="settings-group-platform">
      <h2 id="settings-group-platform" className="settings-group-title">
        {t("settingsPage.groups.platform")}
      </h2>
      {PLATFORM_OPTIONS.map(({ key, kind, values }) => {
        const id = `platform:${key}`;
        const busy = p.data.updating.has(id);
        const isDisabled = !p.online || busy;
        const label = t(`settingsPage.options.${key}`);
        const save = (value: string) => void p.data.savePlatform(key, value);
        return (
          <div key={key} className="settings-option">
            <div className="settings-option-control">
              {kind === "switch" ? (
                <Switch
                  isSelected={settings[key] === "enabled"}
                  onChange={(on) => save(on ? "enabled" : "disabled")}
                  isDisabled={isDisabled}
                  data-testid={`setting-${key}`}
                >
                  {label}
                </Switch>
              ) : kind === "select" ? (
                <Select
                  label={label}
                  value={settings[key] ?? null}
                  onChange={(v) => v !== null && String(v) !== settings[key] && save(String(v))}
                  isDisabled={isDisabled}
                  data-testid={`setting-${key}`}
                >
                  {(values ?? []).map((v) => (
                    <SelectItem key={v} id={v}>
                      {v}
                    </SelectItem>
                  ))}
                </Select>
              ) : (
                <DraftText
                  id={key}
                  label={label}
                  value={settings[key] ?? ""}
                  secret
                  isDisabled={isDisabled}
                  onSave={save}
                />
              )}
              <Updating active={busy} />
            </div>
          </div>
        );
      })}
    </section>
  );
}

export function OptionsTab(p: Props) {
  const { t } = useTranslation();
  return (
    <div className="settings-options" data-testid="settings-options">
      {COMPANY_OPTION_GROUPS.map((group) => (
        <section key={group.id} className="settings-group" aria-labelledby={`settings-group-${group.id}`}>
          <h2 id={`settings-group-${group.id}`} className="settings-group-title">
            {t(`settingsPage.groups.${group.id}`)}
          </h2>
          {group.options.map((option) => (
            <CompanyOptionField key={option.key} option={option} p={p} />
          ))}
        </section>
      ))}
      {p.isSuper && <PlatformOptions p={p} />}
    </div>
  );
}
