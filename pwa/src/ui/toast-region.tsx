// Where toasts appear; a live region so screen readers announce them.
import { useAtomValue } from "jotai";
import { toastsAtom } from "./toasts.ts";

export function ToastRegion() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toast-region" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === "error" ? "alert" : "status"}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
