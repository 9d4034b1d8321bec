// Menus of actions: <MenuTrigger> around a kit Button/IconButton and a <Menu>. Arrow keys
// move, Enter picks, Escape closes and returns focus to the button (react-aria).
import type { ReactNode } from "react";
import {
  Menu as AriaMenu,
  MenuItem as AriaMenuItem,
  type MenuItemProps,
  type MenuProps,
  Separator,
} from "react-aria-components/Menu";
import type { PopoverProps } from "react-aria-components/Popover";
import { Popover } from "./popover.tsx";

export { MenuTrigger } from "react-aria-components/Menu";

export function Menu<T extends object>({
  label,
  placement = "bottom end",
  className,
  ...props
}: Omit<MenuProps<T>, "className" | "aria-label"> & {
  /** The menu's name (usually the trigger's label). */
  label: string;
  placement?: PopoverProps["placement"];
  className?: string;
}) {
  return (
    <Popover placement={placement}>
      <AriaMenu {...props} aria-label={label} className={className ? `menu ${className}` : "menu"} />
    </Popover>
  );
}

export function MenuItem({
  icon,
  tone,
  children,
  ...props
}: Omit<MenuItemProps, "className" | "children"> & {
  icon?: ReactNode;
  /** danger for destructive entries (delete). */
  tone?: "danger";
  children: ReactNode;
}) {
  return (
    <AriaMenuItem
      {...props}
      textValue={props.textValue ?? (typeof children === "string" ? children : undefined)}
      className="menu-item"
      data-tone={tone}
    >
      {icon}
      <span className="menu-item-label">{children}</span>
    </AriaMenuItem>
  );
}

export function MenuSeparator() {
  return <Separator className="menu-separator" />;
}
