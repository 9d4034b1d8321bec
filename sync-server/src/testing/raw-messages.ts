// Hocuspocus wire messages built by hand, for tests that play a client which
// ignores what the server told it (a read-only connection sending updates anyway).
import type { HocuspocusProvider } from "@hocuspocus/provider";

// lib0's encoding: unsigned varints and length-prefixed bytes.
function varUint(n: number): number[] {
  const out: number[] = [];
  while (n > 0x7f) {
    out.push((n & 0x7f) | 0x80);
    n = Math.floor(n / 128);
  }
  out.push(n);
  return out;
}

function bytes(b: Uint8Array): number[] {
  return [...varUint(b.length), ...b];
}

const MESSAGE_SYNC = 0;
const SYNC_UPDATE = 2;
const MESSAGE_SYNC_STATUS = 8;

/** A Yjs update for `documentName`, as a provider sends an edit. */
export function updateMessage(documentName: string, update: Uint8Array): Uint8Array {
  const name = new TextEncoder().encode(documentName);
  return new Uint8Array([...bytes(name), ...varUint(MESSAGE_SYNC), ...varUint(SYNC_UPDATE), ...bytes(update)]);
}

/** Sends an update over the provider's socket whatever the provider thinks of its rights. */
export function sendRawUpdate(provider: HocuspocusProvider, update: Uint8Array): void {
  provider.configuration.websocketProvider.send(updateMessage(provider.configuration.name, update));
}

/**
 * Resolves once the server tells this provider it refused to apply an update
 * (a read-only connection). Applied updates answer "saved", which the handshake
 * also sends, so only a refusal is a signal; a test whose update lands times out.
 */
export function nextRefusedUpdate(provider: HocuspocusProvider): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = ({ event }: { event: MessageEvent }) => {
      const data = new Uint8Array(event.data as ArrayBuffer);
      let at = 0;
      const readVarUint = () => {
        let n = 0;
        let shift = 1;
        for (;;) {
          const byte = data[at++]!;
          n += (byte & 0x7f) * shift;
          if (byte < 0x80) return n;
          shift *= 128;
        }
      };
      const addressLength = readVarUint();
      at += addressLength;
      if (readVarUint() !== MESSAGE_SYNC_STATUS) return;
      // A varint of 1 (applied) or 0 (refused): one byte.
      if (data[at] !== 0) return;
      provider.off("message", onMessage);
      resolve();
    };
    provider.on("message", onMessage);
  });
}
