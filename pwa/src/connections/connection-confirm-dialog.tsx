// The connections page's confirmations (spec 2 §2): delete a connection, disconnect its session, or close the
// tickets its history import opened; each names the connection. CONFIRMED_TEXT is the toast once it is done.
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../ui/dialog.tsx";

export type ConfirmKind = "delete" | "disconnect" | "closeImported";
/** The connection the question names: any table's row (the company's or the super user's). */
export type Confirming = { kind: ConfirmKind; row: { id: number; name: string } } | null;

export const CONFIRMED_TEXT: Record<ConfirmKind, string> = {
  delete: "connectionsPage.toasts.deleted",
  disconnect: "connectionsPage.toasts.disconnected",
  closeImported: "connectionsPage.toasts.closedImported",
};

export function ConnectionConfirmDialog({
  confirming,
  onClose,
  onConfirm,
}: {
  confirming: Confirming;
  onClose: () => void;
  onConfirm: (c: NonNullable<Confirming>) => Promise<void>;
}) {
  const { t } = useTranslation();
  const kind = confirming?.kind ?? "delete";
  const name = confirming?.row.name ?? "";
  return (
    <ConfirmDialog
      isOpen={confirming !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t(`connectionsPage.confirm.${kind}Title`, { name })}
      confirmLabel={t(`connectionsPage.confirm.${kind}`)}
      tone={confirming?.kind === "closeImported" ? "primary" : undefined}
      onConfirm={() => (confirming ? onConfirm(confirming) : undefined)}
      data-testid="connection-confirm"
    >
      {t(`connectionsPage.confirm.${kind}Text`)}
    </ConfirmDialog>
  );
}
