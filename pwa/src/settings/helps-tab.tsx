// The Helps tab (spec 3 §2, super user): the help videos (title, description, video code) with a form in new
// mode or, when one is picked, edit mode with delete; clear goes back to new. No client-side validation (spec 3
// §5): core's refusals show under their fields. The list is kept for offline reading.
import type { HelpDTO } from "@chatflow/core/contract/helps.ts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../api/errors.ts";
import { api, db } from "../app-services.ts";
import { serverFieldErrors } from "../i18n/form-errors.ts";
import { readCache, refreshCache } from "../store/cache.ts";
import { Button } from "../ui/button.tsx";
import { TextAreaField, TextField } from "../ui/fields.tsx";
import { List, ListItem } from "../ui/list-item.tsx";
import { showToast } from "../ui/toasts.ts";

export const HELPS_CACHE_KEY = "settings:helps";

type HelpForm = { id: number | null; title: string; description: string; video: string };
const EMPTY: HelpForm = { id: null, title: "", description: "", video: "" };

export function HelpsTab({ online }: { online: boolean }) {
  const { t } = useTranslation();
  const [helps, setHelps] = useState<HelpDTO[]>([]);
  const [form, setForm] = useState<HelpForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const reload = () => refreshCache<HelpDTO[]>(db, api, HELPS_CACHE_KEY, "/helps/list").then(setHelps, () => {});
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload only reads stable modules.
  useEffect(() => {
    void readCache<HelpDTO[]>(db, HELPS_CACHE_KEY).then((kept) => kept && setHelps(kept.value));
    if (online) void reload();
  }, [online]);

  const clear = () => {
    setForm(EMPTY);
    setErrors({});
  };

  async function save() {
    setBusy(true);
    setErrors({});
    try {
      const body = { title: form.title, description: form.description, video: form.video };
      const saved =
        form.id === null ? await api.post<HelpDTO>("/helps", body) : await api.put<HelpDTO>(`/helps/${form.id}`, body);
      setForm(saved);
      showToast(t("settingsPage.plans.saved"), "info");
      await reload();
    } catch (err) {
      if (err instanceof ApiError && err.body?.fields) setErrors(serverFieldErrors(err.body.fields));
      showToast(t("settingsPage.helps.saveFailed"));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (form.id === null) return;
    setBusy(true);
    try {
      await api.delete(`/helps/${form.id}`);
      showToast(t("settingsPage.plans.saved"), "info");
      clear();
      await reload();
    } catch {
      showToast(t("settingsPage.plans.deleteFailed"));
    } finally {
      setBusy(false);
    }
  }

  const isDisabled = !online || busy;
  return (
    <div className="settings-helps" data-testid="settings-helps">
      <form
        className="settings-plan-form"
        aria-label={form.id === null ? t("settingsPage.helps.new") : t("settingsPage.helps.edit")}
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextField
          label={t("settingsPage.helps.title")}
          value={form.title}
          onChange={(v) => setForm((f) => ({ ...f, title: v }))}
          errorMessage={errors.title}
          isDisabled={isDisabled}
          data-testid="help-title"
        />
        <TextField
          label={t("settingsPage.helps.video")}
          description={t("settingsPage.helps.videoHint")}
          value={form.video}
          onChange={(v) => setForm((f) => ({ ...f, video: v }))}
          errorMessage={errors.video}
          isDisabled={isDisabled}
          data-testid="help-video"
        />
        <TextAreaField
          label={t("settingsPage.helps.description")}
          value={form.description}
          onChange={(v) => setForm((f) => ({ ...f, description: v }))}
          errorMessage={errors.description}
          isDisabled={isDisabled}
          data-testid="help-description"
        />
        <div className="settings-actions">
          <Button onPress={clear} isDisabled={busy} data-testid="help-clear">
            {t("settingsPage.plans.clear")}
          </Button>
          {form.id !== null && (
            <Button variant="danger" onPress={() => void remove()} isDisabled={isDisabled} data-testid="help-delete">
              {t("settingsPage.plans.delete")}
            </Button>
          )}
          <Button variant="primary" type="submit" isDisabled={isDisabled} data-testid="help-save">
            {busy ? t("settingsPage.updating") : t("settingsPage.save")}
          </Button>
        </div>
      </form>
      {helps.length === 0 && <p className="settings-intro">{t("settingsPage.helps.empty")}</p>}
      <List className="settings-plan-list" label={t("settingsPage.helps.listLabel")}>
        {helps.map((h) => (
          <ListItem
            key={h.id}
            title={h.title}
            subtitle={h.video ? `${h.video} · ${h.description}` : h.description}
            onAction={() => {
              setForm(h);
              setErrors({});
            }}
            data-testid="help-row"
          />
        ))}
      </List>
    </div>
  );
}
