// The quick message modal's field groups (spec 2 §4): which list it is in (visao, geral) and its file.

import { useTranslation } from "react-i18next";
import { IconButton } from "../ui/button.tsx";
import { FileButton } from "../ui/file-button.tsx";
import { PaperclipIcon, TrashIcon } from "../ui/icons.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import type { QuickMessageFormState } from "./use-quick-message-form.ts";

type Props = { state: QuickMessageFormState; locked: boolean; online: boolean };

export function QuickMessageVisibility({
  state,
  locked,
  online,
  general,
  admin,
}: Props & { general: boolean; admin: boolean }) {
  const { t } = useTranslation();
  const { fields, set } = state;
  return (
    <>
      {!general && (
        <Checkbox
          isSelected={fields.visao}
          onChange={(v) => set("visao", v)}
          isDisabled={locked}
          data-testid="quick-message-visao"
        >
          {t("quickMessages.modal.visao")}
        </Checkbox>
      )}
      {/* The geral selector shows only when visao is on (spec 2 §4); the general list is the admins'. */}
      {fields.visao && admin && (
        <Checkbox
          isSelected={fields.geral}
          onChange={(v) => set("geral", v)}
          isDisabled={locked || !online}
          data-testid="quick-message-geral"
        >
          {t("quickMessages.modal.geral")}
        </Checkbox>
      )}
    </>
  );
}

export function QuickMessageMedia({ state, locked, online }: Props) {
  const { t } = useTranslation();
  const { mediaName } = state;
  return (
    <div className="quick-message-media">
      <span className="quick-message-media-name" data-testid="quick-message-media-name">
        {mediaName ?? t("quickMessages.modal.noMedia")}
      </span>
      {mediaName && !locked && (
        <IconButton
          label={t("quickMessages.modal.removeMedia", { name: mediaName })}
          onPress={state.removeMedia}
          isDisabled={!online}
        >
          <TrashIcon />
        </IconButton>
      )}
      {!locked && (
        <FileButton
          icon={<PaperclipIcon />}
          onSelect={([file]) => file && state.pickMedia(file)}
          isDisabled={!online}
          data-testid="quick-message-pick"
        >
          {t("quickMessages.modal.pick")}
        </FileButton>
      )}
    </div>
  );
}
