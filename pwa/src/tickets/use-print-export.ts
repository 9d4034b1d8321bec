// 'Exportar PDF': the whole replica is rendered (the list reads `exporting`), then printed once
// it is on the page; the print stylesheet keeps only the conversation.
import type { TFunction } from "i18next";
import { type RefObject, useEffect } from "react";
import { showToast } from "../ui/toasts.ts";
import { printConversation } from "./message-view/print-conversation.ts";

export function usePrintExport({
  listRef,
  exporting,
  setExporting,
  page,
  t,
}: {
  listRef: RefObject<HTMLDivElement | null>;
  exporting: boolean;
  setExporting: (on: boolean) => void;
  /** The rendered window; a new one re-runs the print (the whole replica arriving). */
  page: unknown;
  t: TFunction;
}) {
  useEffect(() => {
    if (!exporting || !page) return;
    const list = listRef.current;
    if (!list) {
      setExporting(false);
      showToast(t("messageView.exportMissing"));
      return;
    }
    // Every message of the replica is on the page now: the print stylesheet keeps only the conversation.
    void printConversation(list).finally(() => setExporting(false));
  }, [exporting, page, t, listRef, setExporting]);

  return () => {
    if (!listRef.current) return showToast(t("messageView.exportMissing"));
    setExporting(true);
  };
}
