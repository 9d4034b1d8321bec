// The platform's announcements changed (core's 'announcements' frame, relayed to every tab, and each socket
// (re)connection, which may follow missed frames): the top bar's popover and the /announcements list ask again.
type Listener = () => void;

const listeners = new Set<Listener>();

/** Calls `listener` each time the announcements may have changed; answers the unsubscribe. */
export function onAnnouncementsChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitAnnouncementsChanged(): void {
  for (const listener of [...listeners]) {
    try {
      listener();
    } catch (err) {
      console.warn("announcements listener", err);
    }
  }
}
