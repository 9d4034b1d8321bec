// /settings (spec 3 §2 Settings page; admins and the super user, app-routes.ts: a plain user gets the
// no-permission page). Tabs: Options always, Schedules while the company's scheduleType is company,
// Companies, Plans, Helps, Whitelabel and the Pix certificate for the super user. Settings are admin REST: offline the page shows what it last loaded and
// says that changes need a connection.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSessionUser } from "../auth/use-session-user.ts";
import { CompaniesView } from "../companies/companies-view.tsx";
import { useOnline } from "../layout/use-online.ts";
import { ListPage } from "../ui/list-page.tsx";
import { Spinner } from "../ui/spinner.tsx";
import { Tab, TabList, TabPanel, Tabs } from "../ui/tabs.tsx";
import { CertificateTab } from "./certificate-tab.tsx";
import { HelpsTab } from "./helps-tab.tsx";
import { OptionsTab } from "./options-tab.tsx";
import { PlansTab } from "./plans-tab.tsx";
import { SchedulesTab } from "./schedules-tab.tsx";
import { type SettingsTab, settingsTabs } from "./settings-model.ts";
import { useSettingsData } from "./use-settings-data.ts";
import { WhitelabelTab } from "./whitelabel-tab.tsx";
import "./settings.css";

export function SettingsPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <SettingsView companyId={user.companyId} isSuper={user.super} />;
}

export function SettingsView({ companyId, isSuper }: { companyId: number; isSuper: boolean }) {
  const { t } = useTranslation();
  const online = useOnline();
  const data = useSettingsData(companyId, isSuper);
  const tabs = settingsTabs({ super: isSuper }, data.company?.scheduleType);
  const [chosen, setChosen] = useState<SettingsTab>("options");
  // A tab that went away (scheduleType changed) leaves the person on Options.
  const tab = tabs.includes(chosen) ? chosen : "options";
  const notice = !online ? t("settingsPage.offline") : data.failed ? t("settingsPage.loadError") : null;
  return (
    <ListPage className="settings-page" data-testid="settings-page" title={t("settingsPage.title")} notice={notice}>
      {!data.company ? (
        online && !data.failed ? (
          <Spinner />
        ) : null
      ) : (
        <Tabs className="settings-tabs" selectedKey={tab} onSelectionChange={(k) => setChosen(k as SettingsTab)}>
          <TabList aria-label={t("settingsPage.tabsLabel")}>
            {tabs.map((id) => (
              <Tab key={id} id={id} data-testid={`settings-tab-${id}`}>
                {t(`settingsPage.tabs.${id}`)}
              </Tab>
            ))}
          </TabList>
          <TabPanel id="options" className="settings-panel">
            <OptionsTab data={data} online={online} isSuper={isSuper} />
          </TabPanel>
          {tabs.includes("schedules") && (
            <TabPanel id="schedules" className="settings-panel">
              <SchedulesTab companyId={companyId} online={online} />
            </TabPanel>
          )}
          {tabs.includes("companies") && (
            <TabPanel id="companies" className="settings-panel">
              <CompaniesView online={online} asPage={false} />
            </TabPanel>
          )}
          {tabs.includes("plans") && (
            <TabPanel id="plans" className="settings-panel">
              <PlansTab online={online} />
            </TabPanel>
          )}
          {tabs.includes("helps") && (
            <TabPanel id="helps" className="settings-panel">
              <HelpsTab online={online} />
            </TabPanel>
          )}
          {tabs.includes("whitelabel") && (
            <TabPanel id="whitelabel" className="settings-panel">
              <WhitelabelTab data={data} online={online} />
            </TabPanel>
          )}
          {tabs.includes("certificate") && (
            <TabPanel id="certificate" className="settings-panel">
              <CertificateTab online={online} />
            </TabPanel>
          )}
        </Tabs>
      )}
    </ListPage>
  );
}
