// Popovers: a panel anchored to the button that opened it (notifications, volume). With
// PopoverDialog the panel is a dialog: focus moves in, Escape closes, focus returns.
import type { ReactNode } from "react";
import { Dialog } from "react-aria-components/Dialog";
import { Popover as AriaPopover, type PopoverProps as AriaPopoverProps } from "react-aria-components/Popover";

export { DialogTrigger } from "react-aria-components/Dialog";

export function Popover({ className, ...props }: Omit<AriaPopoverProps, "className"> & { className?: string }) {
  return <AriaPopover offset={6} {...props} className={className ? `popover ${className}` : "popover"} />;
}

export function PopoverDialog({
  label,
  title,
  children,
  placement = "bottom end",
  className,
  "data-testid": testId,
}: {
  /** The dialog's name. */
  label: string;
  /** A visible heading (optional). */
  title?: ReactNode;
  /** Content, or a function given `close` (for items that act and then close the panel). */
  children: ReactNode | ((opts: { close: () => void }) => ReactNode);
  placement?: AriaPopoverProps["placement"];
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <Popover placement={placement} className={className ? `popover-dialog ${className}` : "popover-dialog"}>
      <Dialog className="popover-dialog-content" aria-label={label} data-testid={testId}>
        {({ close }) => (
          <>
            {title && <h2 className="popover-title">{title}</h2>}
            {typeof children === "function" ? children({ close }) : children}
          </>
        )}
      </Dialog>
    </Popover>
  );
}
