// Screens that show what only the server knows (the attendance panel of /moments: every agent's tickets, not only
// the replica's) follow core's pokes: the leader tab's socket hears "the company's data changed", relays the frame
// to the other tabs, and every tab calls these listeners. A listener refetches what it shows (debounced).
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` on every poke this tab hears (its own socket or relayed); answers the unsubscribe. */
export function onPoke(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A poke reached this tab. */
export function emitPoke(): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (err) {
      console.warn("poke listener", err);
    }
  }
}

/**
 * Calls `run` `ms` after the last of a burst of pokes (an accept writes several rows, each a poke), never while an
 * earlier `run` is still going: one that arrives meanwhile runs it once more after.
 */
export function debouncedOnPoke(run: () => Promise<unknown>, ms: number, subscribe = onPoke): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let again = false;
  const fire = () => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    void run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) {
          again = false;
          fire();
        }
      });
  };
  const off = subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(fire, ms);
  });
  return () => {
    clearTimeout(timer);
    off();
  };
}
