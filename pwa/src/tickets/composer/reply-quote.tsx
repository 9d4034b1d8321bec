// The message being replied to, above the text box, with the way to drop it.
import type { MessageDTO } from "@chatflow/core/contract/entities.ts";
import { useTranslation } from "react-i18next";
import { IconButton } from "../../ui/button.tsx";
import { CloseIcon } from "../../ui/icons.tsx";

export function ReplyQuote({ message, onCancel }: { message: MessageDTO; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="composer-quote" data-testid="composer-quote">
      <span className="composer-quote-text">
        <strong>{t("composer.replyingTo")}</strong> {message.body}
      </span>
      <IconButton label={t("composer.cancelReply")} onPress={onCancel}>
        <CloseIcon />
      </IconButton>
    </div>
  );
}
