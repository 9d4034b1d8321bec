// The add form of the quick messages page: shortcode is required ('Obrigatório',
// spec 2 §5), the message may be empty; both are trimmed at the edges.
import { type FormEvent, useState } from "react";
import { Button } from "react-aria-components/Button";
import { FieldError } from "react-aria-components/FieldError";
import { Input } from "react-aria-components/Input";
import { Label } from "react-aria-components/Label";
import { TextArea, TextField } from "react-aria-components/TextField";
import { useTranslation } from "react-i18next";
import { uuidv7 } from "../util/uuidv7.ts";

export type NewQuickMessage = { id: string; shortcode: string; message: string };

export function QuickMessageForm({ onAdd, disabled }: { onAdd: (item: NewQuickMessage) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const [shortcode, setShortcode] = useState("");
  const [message, setMessage] = useState("");
  const [missingShortcode, setMissingShortcode] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!shortcode.trim()) {
      setMissingShortcode(true);
      return;
    }
    // A client-made id: the item exists at once, offline too, and merges without clashes.
    onAdd({ id: uuidv7(), shortcode: shortcode.trim(), message: message.trim() });
    setShortcode("");
    setMessage("");
  };

  return (
    <form className="quick-message-form" onSubmit={onSubmit} noValidate>
      <TextField
        className="field"
        value={shortcode}
        onChange={(value) => {
          setShortcode(value);
          if (value.trim()) setMissingShortcode(false);
        }}
        isInvalid={missingShortcode}
        isRequired
      >
        <Label>{t("quickMessages.shortcode")}</Label>
        <Input data-testid="quick-message-shortcode" />
        <FieldError>{t("quickMessages.required")}</FieldError>
      </TextField>
      <TextField className="field" value={message} onChange={setMessage}>
        <Label>{t("quickMessages.message")}</Label>
        <TextArea data-testid="quick-message-message" rows={3} />
      </TextField>
      <Button type="submit" className="button primary" isDisabled={disabled}>
        {t("quickMessages.add")}
      </Button>
    </form>
  );
}
