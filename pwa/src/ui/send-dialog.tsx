// The frame of a dialog that writes something to send (the composer's poll, interactive message and contact card,
// a message's forward): a Modal whose body is one form, Cancel and Send, and the wait while the send is written. One
// place for what each of those dialogs used to repeat.
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button.tsx";
import { Modal } from "./dialog.tsx";

export type SendDialogProps = {
  title: ReactNode;
  /** Cancel, the close button, Escape, and a send that went through. */
  onClose: () => void;
  /**
   * Runs on Send (the button or Enter in a field). Answer the send's promise: the dialog waits (Send pending; Cancel,
   * close and Escape off), closes when it resolves, and stays open with what was typed when it rejects (the sender
   * has said why). Answer nothing when the form is refused: the dialog stays as it is.
   */
  onSubmit: () => Promise<unknown> | undefined;
  /** The send button's text ('Enviar'). */
  sendLabel: string;
  /** `{testId}-dialog` names the dialog and `{testId}-submit` its send button for tests. */
  testId: string;
  size?: "small" | "medium" | "large";
  children: ReactNode;
};

export function SendDialog({ title, onClose, onSubmit, sendLabel, testId, size, children }: SendDialogProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  async function send() {
    const sending = onSubmit();
    if (!sending) return;
    setBusy(true);
    try {
      await sending;
      onClose();
    } catch {
      // Not written: the sender has said why; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={title}
      size={size}
      data-testid={`${testId}-dialog`}
      keyboardDismiss={!busy}
      onSubmit={() => void send()}
      actions={
        <>
          <Button onPress={onClose} isDisabled={busy}>
            {t("ui.cancel")}
          </Button>
          <Button type="submit" variant="primary" isPending={busy} data-testid={`${testId}-submit`}>
            {sendLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
