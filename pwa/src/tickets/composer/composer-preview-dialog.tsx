// The frame of the composer's dialogs that build a message and show it as the conversation will draw it (a poll,
// an interactive message): the form beside its preview, the offline note, and the keyboard taken to the first
// field that says why a send was refused.
import { type ReactNode, type RefObject, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SendDialog } from "../../ui/send-dialog.tsx";

export function ComposerPreviewDialog({
  title,
  testId,
  online,
  onClose,
  onSubmit,
  preview,
  bodyRef,
  children,
}: {
  title: string;
  /** `{testId}-dialog` and `{testId}-submit` name the dialog and its Send (SendDialog). */
  testId: string;
  online: boolean;
  onClose: () => void;
  /** The send's promise, or nothing when the form is refused (its fields then say why). */
  onSubmit: () => Promise<unknown> | undefined;
  /** The message as the conversation draws it. */
  preview: ReactNode;
  /** The form and preview's container, for a dialog that moves the keyboard itself (an added poll option). */
  bodyRef?: RefObject<HTMLDivElement | null>;
  /** The form's fields. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLDivElement>(null);
  const body = bodyRef ?? ownRef;
  const [refusals, setRefusals] = useState(0);

  // After a refused send, the keyboard lands on the first field that says why.
  useEffect(() => {
    if (refusals === 0) return;
    body.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [refusals, body]);

  return (
    <SendDialog
      title={title}
      size="large"
      testId={testId}
      sendLabel={t("composerDialogs.send")}
      onClose={onClose}
      onSubmit={() => {
        const sending = onSubmit();
        if (!sending) setRefusals((n) => n + 1);
        return sending;
      }}
    >
      <div className="composer-interactive" ref={body}>
        <div className="composer-interactive-form">
          {children}
          {!online && <p className="composer-dialog-offline">{t("composerDialogs.offline")}</p>}
        </div>
        <section className="composer-dialog-preview" aria-label={t("composerDialogs.preview")}>
          <h3 className="composer-dialog-preview-title">{t("composerDialogs.preview")}</h3>
          {preview}
        </section>
      </div>
    </SendDialog>
  );
}
