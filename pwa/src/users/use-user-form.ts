// The user modal's form (spec 1 §2, §6): the fields, the picture, the tab the first error sends to, the permission
// switches and the save over REST.

import type { UserDTO } from "@chatflow/core/contract/entities.ts";
import type { UserAnswer } from "@chatflow/core/contract/users.ts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { showToast } from "../ui/toasts.ts";
import {
  newUserForm,
  type Permission,
  tabOfField,
  type UserErrors,
  type UserForm,
  userFormFrom,
  validateUserForm,
} from "./user-form.ts";
import { useSaveUser } from "./users-data.ts";

export type UserTabId = "general" | "permissions";

export type UserFormState = ReturnType<typeof useUserForm>;

/** What the dialog takes (and its form hook, which takes all of it but what only the frame shows). */
export type UserModalProps = {
  /** null adds a user. */
  user: UserAnswer | UserDTO | null;
  online: boolean;
  onClose: () => void;
  onSaved: () => void;
};

export function useUserForm({ user, online, onClose, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const saveUser = useSaveUser();
  const [form, setForm] = useState<UserForm>(() => (user ? userFormFrom(user) : newUserForm()));
  const [avatar, setAvatar] = useState<File | null>(null);
  const [errors, setErrors] = useState<UserErrors>({});
  const [tab, setTab] = useState<UserTabId>("general");
  const [saving, setSaving] = useState(false);
  const isNew = user === null;
  const set = <K extends keyof UserForm>(key: K, value: UserForm[K]) => setForm((f) => ({ ...f, [key]: value }));

  function showErrors(found: UserErrors) {
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) setTab(tabOfField(first));
  }

  async function submit() {
    if (saving || !online) return;
    const found = validateUserForm(form, isNew);
    if (Object.keys(found).length > 0) return showErrors(found);
    setSaving(true);
    try {
      const outcome = await saveUser(form, user, avatar);
      if (!outcome.ok) {
        if (Object.keys(outcome.errors).length > 0) showErrors(outcome.errors);
        else showToast(errorText(outcome.error));
        return;
      }
      onSaved();
      if (outcome.avatarError) {
        showToast(`${t("usersPage.toasts.saved")} ${t("usersPage.modal.avatarRefused")}: ${outcome.avatarError}`);
      } else showToast(t("usersPage.toasts.saved"), "info");
      onClose();
    } finally {
      setSaving(false);
    }
  }

  // allowGroup is a boolean; the other permissions are "enabled" / "disabled" strings.
  const switchValue = (key: Permission) => (key === "allowGroup" ? form.allowGroup : form[key] === "enabled");
  const setSwitch = (key: Permission, on: boolean) => {
    if (key === "allowGroup") set("allowGroup", on);
    else set(key, on ? "enabled" : "disabled");
  };

  return { form, set, avatar, setAvatar, errors, tab, setTab, saving, isNew, submit, switchValue, setSwitch };
}
