// Others' pointers on the flow canvas (decision 0051), each with its editor's name and colour.
import { ViewportPortal } from "@xyflow/react";
import { readableTextColor } from "../ui/badge.tsx";
import type { RemoteEditor } from "./flow-doc.ts";

/** Others' pointers, drawn in flow coordinates so they stay where they point while this editor pans or zooms. */
export function RemoteCursors({ editors }: { editors: RemoteEditor[] }) {
  return (
    <ViewportPortal>
      {editors
        .filter((e) => e.cursor)
        .map((e) => (
          <div
            key={e.clientId}
            className="flow-cursor"
            data-testid="flow-remote-cursor"
            data-user={e.user.name}
            style={{ transform: `translate(${e.cursor!.x}px, ${e.cursor!.y}px)`, color: e.user.color }}
            aria-hidden="true"
          >
            <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
              <path d="M0 0 L0 12 L4 9 L7 15 L9 14 L6 8 L11 8 Z" fill="currentColor" />
            </svg>
            {/* Black or white on the editor's colour, whichever reads (axe color-contrast). */}
            <span
              className="flow-cursor-name"
              style={{ background: e.user.color, color: readableTextColor(e.user.color) }}
            >
              {e.user.name}
            </span>
          </div>
        ))}
    </ViewportPortal>
  );
}
