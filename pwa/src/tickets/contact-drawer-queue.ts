// How the contact drawer writes: queue the change, ask sync to push it, and say a local failure at once.
import { errorText } from "../i18n/translate-error.ts";
import { requestSync } from "../sync/app-sync.ts";
import { showToast } from "../ui/toasts.ts";

/** Queues a change and asks sync to push it; a local failure (nothing queued) is said at once. */
export async function queue(action: () => Promise<unknown>, done?: string): Promise<void> {
  try {
    await action();
    requestSync();
    if (done) showToast(done, "info");
  } catch (err) {
    showToast(errorText(err));
  }
}
