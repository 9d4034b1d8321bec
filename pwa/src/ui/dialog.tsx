// Modal dialogs: title, body, actions; Escape and the close button dismiss them, focus is
// trapped inside and returns to what opened them (react-aria). ConfirmDialog is the one
// confirmation every destructive action uses (spec 1 §5: delete and close-all confirm first).
import { type FormEvent, type ReactNode, useState } from "react";
import { Dialog, Heading } from "react-aria-components/Dialog";
import { Modal as AriaModal, ModalOverlay } from "react-aria-components/Modal";
import { useTranslation } from "react-i18next";
import { errorText } from "../i18n/translate-error.ts";
import { Button, IconButton } from "./button.tsx";
import { CloseIcon } from "./icons.tsx";
import { showToast } from "./toasts.ts";

export { DialogTrigger } from "react-aria-components/Dialog";

export type ModalProps = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  children: ReactNode;
  /** Buttons at the bottom, primary action last. */
  actions?: ReactNode;
  /** small 400 px, medium 560 px (default), large 800 px; always within the viewport. */
  size?: "small" | "medium" | "large";
  /** Clicking outside closes too (default). Escape always closes unless keyboardDismiss is off. */
  isDismissable?: boolean;
  /** Off while a save runs, so Escape cannot drop a half-done change. */
  keyboardDismiss?: boolean;
  /** alertdialog for confirmations that interrupt. */
  role?: "dialog" | "alertdialog";
  /** When given, body and actions form one <form>: Enter in a field submits. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  "data-testid"?: string;
};

export function Modal({
  isOpen,
  onOpenChange,
  title,
  children,
  actions,
  size = "medium",
  isDismissable = true,
  keyboardDismiss = true,
  role = "dialog",
  onSubmit,
  "data-testid": testId,
}: ModalProps) {
  const { t } = useTranslation();
  const content = (
    <>
      <div className="dialog-body">{children}</div>
      {actions && <footer className="dialog-actions">{actions}</footer>}
    </>
  );
  return (
    <ModalOverlay
      className="modal-overlay"
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      isDismissable={isDismissable && keyboardDismiss}
      isKeyboardDismissDisabled={!keyboardDismiss}
    >
      <AriaModal className="modal" data-size={size}>
        <Dialog className="dialog" role={role} data-testid={testId}>
          <header className="dialog-header">
            <Heading slot="title" className="dialog-title">
              {title}
            </Heading>
            <IconButton label={t("ui.close")} slot="close" isDisabled={!keyboardDismiss}>
              <CloseIcon />
            </IconButton>
          </header>
          {onSubmit ? (
            <form
              className="dialog-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit(event);
              }}
            >
              {content}
            </form>
          ) : (
            content
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}

export type ConfirmDialogProps = {
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** A question naming what happens, e.g. 'Excluir contato?'. */
  title: ReactNode;
  /** What is lost, in a sentence. */
  children: ReactNode;
  /** The action's verb ('Excluir'); defaults to 'Confirmar'. */
  confirmLabel?: string;
  cancelLabel?: string;
  /** danger (default) for deletions, primary for harmless confirmations. */
  tone?: "danger" | "primary";
  /**
   * Runs on confirm. The dialog closes when it resolves; when it rejects the dialog stays
   * open and the error shows as a toast, so the person can retry or cancel.
   */
  onConfirm: () => void | Promise<void>;
  "data-testid"?: string;
};

export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel,
  tone = "danger",
  onConfirm,
  "data-testid": testId,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);

  async function confirm() {
    setPending(true);
    try {
      await onConfirm();
      onOpenChange(false);
    } catch (err) {
      showToast(errorText(err));
    } finally {
      setPending(false);
    }
  }

  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      size="small"
      role="alertdialog"
      keyboardDismiss={!pending}
      data-testid={testId}
      actions={
        <>
          {/* Focus starts on the harmless choice: Enter right after opening does not delete. */}
          <Button variant="secondary" autoFocus isDisabled={pending} onPress={() => onOpenChange(false)}>
            {cancelLabel ?? t("ui.cancel")}
          </Button>
          <Button
            variant={tone}
            isPending={pending}
            onPress={() => void confirm()}
            data-testid="confirm-dialog-confirm"
          >
            {confirmLabel ?? t("ui.confirm")}
          </Button>
        </>
      }
    >
      <p className="dialog-message">{children}</p>
    </Modal>
  );
}
