// The connection dialog's tab panels (spec 2 §2 Connection dialog): general, integrations (by plan), messages,
// chatbot, assessments (NPS), schedules (scheduleType connection) and import options. Each panel takes the form,
// its setter and the errors, so the frame (connection-modal.tsx) only decides which tabs exist; moving
// to a shared "form modal with tabs" means handing it this list.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WeekHoursEditor } from "../queues/week-hours-editor.tsx";
import { Button } from "../ui/button.tsx";
import { PasswordField, TextAreaField, TextField } from "../ui/fields.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import { CloudWebhookDetails, CopyRow } from "./cloud-webhook-details.tsx";
import { ConnectionFlowsTab } from "./connection-flows-tab.tsx";
import type { ConnectionForm, ConnectionTab } from "./connection-form.ts";
import { ConnectionIntegrationsTab } from "./connection-integrations-tab.tsx";
import type { TabProps } from "./connection-tab-props.ts";
import { GreetingMediaField } from "./greeting-media-field.tsx";

const NO_QUEUE = 0;
const digits = (v: string) => v.replace(/[^\d]/g, "");

function Minutes({ field, label, p }: { field: keyof ConnectionForm; label: string; p: TabProps }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={label}
      inputMode="numeric"
      value={String(p.form[field])}
      onChange={(v) => p.set(field, digits(v) as never)}
      errorMessage={p.errors[field]}
      trailing={<span className="connection-unit">{t("connectionsPage.modal.minutes")}</span>}
      data-testid={`connection-${field}`}
    />
  );
}

function QueueSelect({
  field,
  label,
  p,
}: {
  field: "sendIdQueue" | "queueIdImportMessages";
  label: string;
  p: TabProps;
}) {
  const { t } = useTranslation();
  const items = [{ id: NO_QUEUE, name: t("connectionsPage.modal.noQueue") }, ...p.queues];
  return (
    <Select
      label={label}
      items={items}
      value={p.form[field] ?? NO_QUEUE}
      onChange={(k) => p.set(field, Number(k) === NO_QUEUE || k === null ? null : Number(k))}
      errorMessage={p.errors[field]}
      data-testid={`connection-${field}`}
    >
      {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
    </Select>
  );
}

function GeneralTab(p: TabProps) {
  const { t } = useTranslation();
  const { form, set, errors } = p;
  const secret = (k: "accessToken" | "appSecret" | "verifyToken", has: boolean | undefined) => (
    <PasswordField
      label={t(`connectionsPage.modal.${k}`)}
      value={form[k]}
      onChange={(v) => set(k, v)}
      errorMessage={errors[k]}
      description={has ? t("connectionsPage.modal.secretSet") : undefined}
      data-testid={`connection-${k}`}
    />
  );
  return (
    <>
      <div className="connection-grid">
        <TextField
          label={t("connectionsPage.modal.name")}
          value={form.name}
          onChange={(v) => set("name", v)}
          errorMessage={errors.name}
          isRequired
          autoFocus
          data-testid="connection-name"
        />
        <Checkbox isSelected={form.isDefault} onChange={(v) => set("isDefault", v)} data-testid="connection-default">
          {t("connectionsPage.modal.isDefault")}
        </Checkbox>
      </div>
      {form.channel === "whatsappapi" && (
        <fieldset className="connection-fieldset">
          <legend>{t("connectionsPage.modal.cloudTitle")}</legend>
          <div className="connection-grid">
            {/* Not a secret: shown in clear (decision 0093). */}
            <TextField
              label={t("connectionsPage.modal.phoneNumberId")}
              value={form.phoneNumberId}
              onChange={(v) => set("phoneNumberId", v)}
              errorMessage={errors.phoneNumberId}
              inputMode="numeric"
              data-testid="connection-phoneNumberId"
            />
            {secret("accessToken", p.existing?.hasAccessToken)}
            {secret("appSecret", p.existing?.hasAppSecret)}
            {secret("verifyToken", undefined)}
            <TextField
              label={t("connectionsPage.modal.businessAccountId")}
              value={form.businessAccountId}
              onChange={(v) => set("businessAccountId", v)}
              errorMessage={errors.businessAccountId}
              description={t("connectionsPage.modal.businessAccountIdHelp")}
              inputMode="numeric"
              data-testid="connection-businessAccountId"
            />
          </div>
          {p.existing && <CloudWebhookDetails existing={p.existing} />}
        </fieldset>
      )}
      <Select
        label={t("connectionsPage.modal.queues")}
        selectionMode="multiple"
        items={p.queues}
        value={form.queueIds}
        onChange={(keys) => set("queueIds", (keys as number[]).map(Number))}
        placeholder={t("connectionsPage.modal.noQueue")}
        errorMessage={errors.queueIds}
        data-testid="connection-queues"
      >
        {(q) => <SelectItem id={q.id}>{q.name}</SelectItem>}
      </Select>
      <TextAreaField
        label={t("connectionsPage.modal.greeting")}
        value={form.greetingMessage}
        onChange={(v) => set("greetingMessage", v)}
        errorMessage={errors.greetingMessage}
        rows={2}
        data-testid="connection-greeting"
      />
      <GreetingMediaField existing={p.existing} online={p.online} />
      <TextAreaField
        label={t("connectionsPage.modal.farewell")}
        value={form.farewellMessage}
        onChange={(v) => set("farewellMessage", v)}
        errorMessage={errors.farewellMessage}
        rows={2}
        data-testid="connection-farewell"
      />
      <TextAreaField
        label={t("connectionsPage.modal.outOfHours")}
        value={form.outOfHoursMessage}
        onChange={(v) => set("outOfHoursMessage", v)}
        errorMessage={errors.outOfHoursMessage}
        rows={2}
        data-testid="connection-out-of-hours"
      />
      {p.existing && <ExternalToken {...p} token={p.existing.token ?? null} />}
      <div className="connection-grid">
        <Checkbox
          isSelected={form.allowGroup}
          onChange={(v) => set("allowGroup", v)}
          data-testid="connection-allow-group"
        >
          {t("connectionsPage.modal.allowGroup")}
        </Checkbox>
        <Checkbox
          isSelected={form.groupAsTicket}
          onChange={(v) => set("groupAsTicket", v)}
          data-testid="connection-group-as-ticket"
        >
          {t("connectionsPage.modal.groupAsTicket")}
        </Checkbox>
      </div>
    </>
  );
}

/** The external API token (spec 2 §3 'external token'; decision 0117): shown with a copy button, renewed on save. */
function ExternalToken(p: TabProps & { token: string | null }) {
  const { t } = useTranslation();
  const { form, set } = p;
  return (
    <section className="cloud-webhook" aria-labelledby="connection-token-title" data-testid="connection-token">
      <h3 id="connection-token-title">{t("connectionsPage.modal.externalToken")}</h3>
      <p>{t("connectionsPage.modal.externalTokenHelp")}</p>
      {p.token ? (
        <dl>
          <CopyRow label={t("connectionsPage.modal.externalToken")} value={p.token} testId="connection-token-value" />
        </dl>
      ) : (
        // Core gives a connection without one a token on its next save.
        <p className="connections-muted" data-testid="connection-token-none">
          {t("connectionsPage.modal.tokenNone")}
        </p>
      )}
      {!p.token ? null : form.regenerateToken ? (
        <p className="connection-warning" role="status" data-testid="connection-token-renewing">
          {t("connectionsPage.modal.tokenRenewOnSave")}{" "}
          <Button variant="secondary" onPress={() => set("regenerateToken", false)} data-testid="connection-token-keep">
            {t("connectionsPage.modal.tokenKeep")}
          </Button>
        </p>
      ) : (
        <Button variant="secondary" onPress={() => set("regenerateToken", true)} data-testid="connection-token-renew">
          {t("connectionsPage.modal.tokenRenew")}
        </Button>
      )}
    </section>
  );
}

/** The connection's LGPD labels (spec 2 §3; decision 0117): its own texts over the company's, and two switches. */
function LgpdFields(p: TabProps) {
  const { t } = useTranslation();
  const { form, set, errors } = p;
  return (
    <fieldset className="connection-fieldset" data-testid="connection-lgpd">
      <legend>{t("connectionsPage.modal.lgpd")}</legend>
      <p className="connection-intro">{t("connectionsPage.modal.lgpdHelp")}</p>
      <TextField
        label={t("connectionsPage.modal.lgpdLink")}
        type="url"
        inputMode="url"
        value={form.lgpdLink}
        onChange={(v) => set("lgpdLink", v)}
        errorMessage={errors.lgpdLink}
        data-testid="connection-lgpd-link"
      />
      <TextAreaField
        label={t("connectionsPage.modal.lgpdMessage")}
        value={form.lgpdMessage}
        onChange={(v) => set("lgpdMessage", v)}
        errorMessage={errors.lgpdMessage}
        rows={2}
        data-testid="connection-lgpd-message"
      />
      <div className="connection-grid">
        <Checkbox
          isSelected={form.lgpdObfuscateDeleted}
          onChange={(v) => set("lgpdObfuscateDeleted", v)}
          data-testid="connection-lgpd-obfuscate"
        >
          {t("connectionsPage.modal.lgpdObfuscateDeleted")}
        </Checkbox>
        <Checkbox
          isSelected={form.lgpdAlwaysConfirm}
          onChange={(v) => set("lgpdAlwaysConfirm", v)}
          data-testid="connection-lgpd-always-confirm"
        >
          {t("connectionsPage.modal.lgpdAlwaysConfirm")}
        </Checkbox>
      </div>
    </fieldset>
  );
}

function MessagesTab(p: TabProps) {
  const { t } = useTranslation();
  const { form, set, errors } = p;
  const whenItems = [
    { id: 0, name: t("connectionsPage.modal.whenExpires0") },
    { id: 1, name: t("connectionsPage.modal.whenExpires1") },
  ];
  return (
    <>
      <TextAreaField
        label={t("connectionsPage.modal.rating")}
        description={t("connectionsPage.modal.ratingHelp")}
        value={form.ratingMessage}
        onChange={(v) => set("ratingMessage", v)}
        errorMessage={errors.ratingMessage}
        rows={2}
        data-testid="connection-rating"
      />
      <div className="connection-grid">
        <Minutes field="timeCreateNewTicket" label={t("connectionsPage.modal.timeCreateNewTicket")} p={p} />
        <Minutes field="expiresTicket" label={t("connectionsPage.modal.expiresTicket")} p={p} />
        <Select
          label={t("connectionsPage.modal.whenExpiresTicket")}
          items={whenItems}
          value={form.whenExpiresTicket}
          onChange={(k) => set("whenExpiresTicket", Number(k) === 1 ? 1 : 0)}
          data-testid="connection-when-expires"
        >
          {(o) => <SelectItem id={o.id}>{o.name}</SelectItem>}
        </Select>
      </div>
      <TextAreaField
        label={t("connectionsPage.modal.expiresInactiveMessage")}
        value={form.expiresInactiveMessage}
        onChange={(v) => set("expiresInactiveMessage", v)}
        errorMessage={errors.expiresInactiveMessage}
        rows={2}
        data-testid="connection-expires-message"
      />
      <Minutes field="timeInactiveMessage" label={t("connectionsPage.modal.timeInactiveMessage")} p={p} />
      <TextAreaField
        label={t("connectionsPage.modal.inactiveMessage")}
        value={form.inactiveMessage}
        onChange={(v) => set("inactiveMessage", v)}
        errorMessage={errors.inactiveMessage}
        rows={2}
        data-testid="connection-inactive-message"
      />
      <fieldset className="connection-fieldset">
        <legend>{t("connectionsPage.modal.vacation")}</legend>
        <TextAreaField
          label={t("connectionsPage.modal.vacationMessage")}
          value={form.collectiveVacationMessage}
          onChange={(v) => set("collectiveVacationMessage", v)}
          errorMessage={errors.collectiveVacationMessage}
          rows={2}
          data-testid="connection-vacation-message"
        />
        <div className="connection-grid">
          <TextField
            label={t("connectionsPage.modal.vacationStart")}
            type="date"
            value={form.collectiveVacationStart}
            onChange={(v) => set("collectiveVacationStart", v)}
            errorMessage={errors.collectiveVacationStart}
            data-testid="connection-vacation-start"
          />
          <TextField
            label={t("connectionsPage.modal.vacationEnd")}
            type="date"
            value={form.collectiveVacationEnd}
            onChange={(v) => set("collectiveVacationEnd", v)}
            errorMessage={errors.collectiveVacationEnd}
            data-testid="connection-vacation-end"
          />
        </div>
      </fieldset>
      <LgpdFields {...p} />
    </>
  );
}

function ChatbotTab(p: TabProps) {
  const { t } = useTranslation();
  return (
    <div className="connection-grid">
      <TextField
        label={t("connectionsPage.modal.maxUseBotQueues")}
        inputMode="numeric"
        value={p.form.maxUseBotQueues}
        onChange={(v) => p.set("maxUseBotQueues", digits(v))}
        errorMessage={p.errors.maxUseBotQueues}
        data-testid="connection-maxUseBotQueues"
      />
      <Minutes field="timeUseBotQueues" label={t("connectionsPage.modal.timeUseBotQueues")} p={p} />
      <QueueSelect field="sendIdQueue" label={t("connectionsPage.modal.sendIdQueue")} p={p} />
      <Minutes field="timeSendQueue" label={t("connectionsPage.modal.timeSendQueue")} p={p} />
    </div>
  );
}

function AssessmentsTab(p: TabProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="connection-intro">{t("connectionsPage.modal.npsHelp")}</p>
      <div className="connection-grid">
        <Minutes field="expiresTicketNPS" label={t("connectionsPage.modal.expiresTicketNPS")} p={p} />
        <TextField
          label={t("connectionsPage.modal.maxUseBotQueuesNPS")}
          inputMode="numeric"
          value={p.form.maxUseBotQueuesNPS}
          onChange={(v) => p.set("maxUseBotQueuesNPS", digits(v))}
          errorMessage={p.errors.maxUseBotQueuesNPS}
          data-testid="connection-maxUseBotQueuesNPS"
        />
      </div>
    </>
  );
}

function SchedulesTab(p: TabProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="connection-intro">{t("connectionsPage.modal.hoursIntro")}</p>
      <WeekHoursEditor
        schedules={p.form.schedules}
        onChange={(s) => p.set("schedules", s)}
        errors={p.errors}
        testIdPrefix="connection-hours"
      />
    </>
  );
}

function ImportTab(p: TabProps & { resetWarning: boolean }) {
  const { t } = useTranslation();
  const { form, set, errors } = p;
  return (
    <>
      <p className="connection-intro">{t("connectionsPage.modal.importIntro")}</p>
      {p.resetWarning && (
        <p className="connection-warning" role="alert" data-testid="connection-reset-warning">
          {t("connectionsPage.modal.resetWarning")}
        </p>
      )}
      <div className="connection-grid">
        <TextField
          label={t("connectionsPage.modal.importOld")}
          type="date"
          value={form.importOldMessages}
          onChange={(v) => set("importOldMessages", v)}
          errorMessage={errors.importOldMessages}
          data-testid="connection-import-old"
        />
        <TextField
          label={t("connectionsPage.modal.importRecent")}
          type="date"
          value={form.importRecentMessages}
          onChange={(v) => set("importRecentMessages", v)}
          errorMessage={errors.importRecentMessages}
          data-testid="connection-import-recent"
        />
      </div>
      <div className="connection-grid">
        <Checkbox
          isSelected={form.importOldMessagesGroups}
          onChange={(v) => set("importOldMessagesGroups", v)}
          data-testid="connection-import-groups"
        >
          {t("connectionsPage.modal.importGroups")}
        </Checkbox>
        <Checkbox
          isSelected={form.closedTicketsPostImported}
          onChange={(v) => set("closedTicketsPostImported", v)}
          data-testid="connection-import-close"
        >
          {t("connectionsPage.modal.closeImported")}
        </Checkbox>
      </div>
      <QueueSelect field="queueIdImportMessages" label={t("connectionsPage.modal.importQueue")} p={p} />
    </>
  );
}

export type TabSpec = { id: ConnectionTab; label: string; content: ReactNode };

/** The dialog's tabs for this connection: schedules only by connection hours, import only for WhatsApp by QR. */
export function connectionTabs(
  p: TabProps,
  o: { withHours: boolean; resetWarning: boolean; withIntegrations: boolean },
  t: (key: string) => string,
): TabSpec[] {
  const tabs: TabSpec[] = [
    { id: "general", label: t("connectionsPage.modal.general"), content: <GeneralTab {...p} /> },
    ...(o.withIntegrations
      ? [
          {
            id: "integrations" as const,
            label: t("connectionIntegrations.tab"),
            content: <ConnectionIntegrationsTab {...p} />,
          },
        ]
      : []),
    { id: "messages", label: t("connectionsPage.modal.messages"), content: <MessagesTab {...p} /> },
    { id: "chatbot", label: t("connectionsPage.modal.chatbot"), content: <ChatbotTab {...p} /> },
    { id: "assessments", label: t("connectionsPage.modal.assessments"), content: <AssessmentsTab {...p} /> },
    { id: "flowbuilder", label: t("connectionFlows.tab"), content: <ConnectionFlowsTab {...p} /> },
  ];
  if (o.withHours) {
    tabs.push({ id: "schedules", label: t("connectionsPage.modal.schedules"), content: <SchedulesTab {...p} /> });
  }
  if (p.form.channel === "whatsapp") {
    tabs.push({
      id: "import",
      label: t("connectionsPage.modal.import"),
      content: <ImportTab {...p} resetWarning={o.resetWarning} />,
    });
  }
  return tabs;
}
