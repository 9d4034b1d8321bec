// The conversation as a drop target for files (spec 1 §2: a drag-and-drop overlay 'Solte o arquivo
// aqui'). While files are dragged over it, a visible zone says so; dropped files go to the composer
// (droppedFilesAtom), which opens the media preview. Only where the composer is shown; the keyboard
// has the attach button and paste instead.
import { useSetAtom } from "jotai";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UploadIcon } from "../ui/icons.tsx";
import { droppedFilesAtom } from "./message-view/conversation-atoms.ts";

let drops = 0;

/** Dragged things that are files (not text or links dragged from the page). */
const carriesFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes("Files");

export function FileDropZone({
  ticketId,
  enabled,
  className,
  children,
}: {
  ticketId: number;
  /** False where no reply may be written: nothing to drop into. */
  enabled: boolean;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const setDropped = useSetAtom(droppedFilesAtom);
  const [over, setOver] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them to know when the pointer really left.
  const depth = useRef(0);

  const onDragEnter = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current += 1;
    setOver(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    // Without this the browser refuses the drop (and may open the file instead).
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
  };
  const onDragLeave = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    depth.current = Math.max(0, depth.current - 1);
    if (depth.current === 0) setOver(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!enabled || !carriesFiles(event)) return;
    event.preventDefault();
    depth.current = 0;
    setOver(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) setDropped({ id: ++drops, ticketId, files });
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a mouse-only drop target; the keyboard attaches and pastes in the composer.
    <div
      className={`${className} drop-zone`}
      onDragEnter={onDragEnter}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="conversation-drop-zone"
    >
      {children}
      {over && (
        <div className="drop-overlay" data-testid="drop-overlay" role="status">
          <UploadIcon size={40} />
          <span>{t("dropZone.dropHere")}</span>
        </div>
      )}
    </div>
  );
}
