// A side panel beside the content (not a modal: what it sits next to stays usable), e.g. the
// contact drawer of spec 1 §2 (320 px on the right). It is a labelled complementary region;
// opening moves focus to its heading, Escape or the close button closes it and focus goes back
// to what opened it. On narrow screens it covers the area it is placed in (kit.css).
import { type CSSProperties, type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "./button.tsx";
import { CloseIcon } from "./icons.tsx";

export type DrawerProps = {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Width on wide screens, in pixels (default 320). */
  width?: number;
  id?: string;
  className?: string;
  "data-testid"?: string;
};

export function Drawer({
  isOpen,
  onClose,
  title,
  children,
  width = 320,
  id,
  className,
  "data-testid": testId,
}: DrawerProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const opener = useRef<Element | null>(null);

  useEffect(() => {
    if (!isOpen) return;
    opener.current = document.activeElement;
    heading.current?.focus();
    return () => {
      // Back to the button that opened it, if it is still there.
      const back = opener.current;
      if (back instanceof HTMLElement && back.isConnected) back.focus();
    };
  }, [isOpen]);

  if (!isOpen) return null;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || event.defaultPrevented) return;
    event.stopPropagation();
    onClose();
  };
  return (
    <aside
      id={id}
      className={className ? `drawer ${className}` : "drawer"}
      aria-labelledby={headingId}
      style={{ "--drawer-width": `${width}px` } as CSSProperties}
      onKeyDown={onKeyDown}
      data-testid={testId}
    >
      <header className="drawer-header">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="drawer-title">
          {title}
        </h2>
        <IconButton label={t("ui.close")} onPress={onClose} data-testid="drawer-close">
          <CloseIcon />
        </IconButton>
      </header>
      <div className="drawer-body">{children}</div>
    </aside>
  );
}
