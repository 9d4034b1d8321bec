// The composer's last button: send when there is text, otherwise record a voice note.
import { useTranslation } from "react-i18next";
import { IconButton } from "../../ui/button.tsx";
import { MicIcon, SendIcon } from "../../ui/icons.tsx";

export function SendOrRecordButton({
  hasText,
  isPrivate,
  onRecord,
}: {
  hasText: boolean;
  isPrivate: boolean;
  onRecord: () => void;
}) {
  const { t } = useTranslation();
  if (hasText) {
    // A submit button: the form's onSubmit sends, as Enter in the text box does.
    return (
      <IconButton
        type="submit"
        label={isPrivate ? t("composer.privateNote") : t("messages.send")}
        data-testid="message-send"
      >
        <SendIcon />
      </IconButton>
    );
  }
  return (
    <IconButton label={t("composer.record")} onPress={onRecord} data-testid="record-start">
      <MicIcon />
    </IconButton>
  );
}
