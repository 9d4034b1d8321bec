// The Options tab (spec 3 §2): every company setting as a switch or a select that applies on change, with
// 'Updating' while it travels; the custom messages under their toggle, shown and required while it uses them;
// and, for the super user, the platform's user creation, download limit and payment credentials, with what the
// installation's environment leaves out (no mail server; no PUBLIC_URL beside the EFI credentials; decision 0104).
import type { CompanySettingKey, InstallationStatus } from "@chatflow/core/contract/settings.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField, TextAreaField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Switch } from "../ui/toggles.tsx";
import { useInstallationStatus } from "./settings-data.ts";
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

/** The payment notifications' secrets: each says where to set the webhook at its provider (decision 0110). */
const WEBHOOK_HELP = { stripewebhooksecret: true, mpwebhooksecret: true, asaaswebhooktoken: true };

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
  description,
  isDisabled,
  onSave,
}: {
  id: string;
  label: string;
  value: string;
  required?: boolean;
  multiline?: boolean;
  secret?: boolean;
  /** A line under the field saying how to fill it in. */
  description?: string;
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
    description,
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

/**
 * One setting's control, applied on change, with 'Updating' beside it while the change travels: a switch between
 * two stored values, a select, or a text kept as a draft (a secret one masked).
 */
function SettingControl({
  id,
  label,
  value,
  kind,
  choices = [],
  description,
  busy,
  online,
  onSave,
}: {
  /** The setting's key: the control's test id is `setting-{id}`. */
  id: string;
  label: string;
  value: string | undefined;
  kind: { switch: { on: string; off: string } } | "select" | "text" | "secret";
  /** A select's values with their shown text. */
  choices?: { id: string; label: string }[];
  description?: string;
  busy: boolean;
  online: boolean;
  onSave: (value: string) => void;
}) {
  const isDisabled = !online || busy;
  let control: React.ReactNode;
  if (typeof kind === "object") {
    const { on, off } = kind.switch;
    control = (
      <Switch
        isSelected={value === on}
        onChange={(selected) => onSave(selected ? on : off)}
        isDisabled={isDisabled}
        data-testid={`setting-${id}`}
      >
        {label}
      </Switch>
    );
  } else if (kind === "select") {
    control = (
      <Select
        label={label}
        value={value ?? null}
        onChange={(v) => v !== null && String(v) !== value && onSave(String(v))}
        isDisabled={isDisabled}
        data-testid={`setting-${id}`}
      >
        {choices.map((c) => (
          <SelectItem key={c.id} id={c.id}>
            {c.label}
          </SelectItem>
        ))}
      </Select>
    );
  } else {
    control = (
      <DraftText
        id={id}
        label={label}
        value={value ?? ""}
        secret={kind === "secret"}
        description={description}
        isDisabled={isDisabled}
        onSave={onSave}
      />
    );
  }
  return (
    <div className="settings-option-control">
      {control}
      <Updating active={busy} />
    </div>
  );
}

function CompanyOptionField({ option, p }: { option: CompanyOption; p: Props }) {
  const { t } = useTranslation();
  const settings = p.data.company ?? {};
  const { key } = option;
  return (
    <div className="settings-option">
      <SettingControl
        id={key}
        label={t(`settingsPage.options.${key}`)}
        value={settings[key]}
        kind={option.kind === "switch" ? { switch: { on: option.on, off: option.off } } : option.kind}
        choices={
          option.kind === "select"
            ? option.values.map((v) => ({ id: v, label: t(`settingsPage.values.${key}.${v}`) }))
            : undefined
        }
        busy={p.data.updating.has(key)}
        online={p.online}
        onSave={(value) => void p.data.saveCompany(key, value)}
      />
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

/** The installation's mail: whether reset codes can leave (decision 0104). */
function MailStatus({ installation }: { installation: InstallationStatus }) {
  const { t } = useTranslation();
  return installation.mailConfigured ? (
    <p className="settings-installation" data-testid="settings-mail-status">
      {t("settingsPage.installation.mailConfigured")}
    </p>
  ) : (
    <p className="notice notice-error settings-installation" data-testid="settings-mail-status">
      {t("settingsPage.installation.mailNotConfigured")}
    </p>
  );
}

function PlatformOptions({ p }: { p: Props }) {
  const { t } = useTranslation();
  const installation = useInstallationStatus(true, p.online);
  const settings = p.data.platform;
  if (!settings) return null;
  return (
    <section className="settings-group" aria-labelledby="settings-group-platform">
      <h2 id="settings-group-platform" className="settings-group-title">
        {t("settingsPage.groups.platform")}
      </h2>
      {installation && <MailStatus installation={installation} />}
      {PLATFORM_OPTIONS.map(({ key, kind, values }) => (
        <div key={key} className="settings-option">
          {key === "eficlientid" && installation && !installation.publicUrlConfigured && (
            <p className="notice notice-error settings-installation" data-testid="settings-public-url-missing">
              {t("settingsPage.installation.publicUrlMissing")}
            </p>
          )}
          <SettingControl
            id={key}
            label={t(`settingsPage.options.${key}`)}
            value={settings[key]}
            kind={kind === "switch" ? { switch: { on: "enabled", off: "disabled" } } : kind}
            choices={(values ?? []).map((v) => ({ id: v, label: v }))}
            description={key in WEBHOOK_HELP ? t(`settingsPage.optionHelp.${key}`) : undefined}
            busy={p.data.updating.has(`platform:${key}`)}
            online={p.online}
            onSave={(value) => void p.data.savePlatform(key, value)}
          />
        </div>
      ))}
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
