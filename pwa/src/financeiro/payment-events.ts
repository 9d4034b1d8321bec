// A company's invoice was paid (core's 'payment' frame, spec 3 §7 'company-{id}-payment' with action CONCLUIDA,
// relayed to every tab): the checkout's payment screen shows the renewal and goes home (decision 0079).
import type { PaymentFrame } from "@chatflow/core/contract/invoices.ts";

type Listener = (frame: PaymentFrame) => void;

const listeners = new Set<Listener>();

/** Calls `listener` for each payment frame; answers the unsubscribe. */
export function onPayment(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitPayment(frame: PaymentFrame): void {
  for (const listener of [...listeners]) {
    try {
      listener(frame);
    } catch (err) {
      console.warn("payment listener", err);
    }
  }
}
