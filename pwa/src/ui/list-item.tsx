// Rows of a list (tickets, contacts, users, notifications). The row's main action is one
// link (href) or one button (onAction); extra actions sit beside it, never inside it, so
// no control is nested in another and each has its own tab stop.
import type { CSSProperties, ReactNode } from "react";
import { Button as AriaButton } from "react-aria-components/Button";
import { Link } from "react-router";

export function List({
  children,
  label,
  className,
  "data-testid": testId,
}: {
  children: ReactNode;
  /** Names the list for screen readers when no heading does. */
  label?: string;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <ul className={className ? `list ${className}` : "list"} aria-label={label} data-testid={testId}>
      {children}
    </ul>
  );
}

export type ListItemProps = {
  /** Avatar or icon at the start. */
  leading?: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Small stacked details at the end of the main area (time, unread badge). */
  meta?: ReactNode;
  /** Buttons outside the main action (edit, delete). */
  actions?: ReactNode;
  /** The main action navigates here. */
  href?: string;
  /** The main action runs this (when there is no href). */
  onAction?: () => void;
  /** The row is the one shown now (aria-current). */
  current?: boolean;
  /** A colour strip at the start (a queue's colour); decorative. */
  accent?: string | null;
  /** Accessible name of the main action when the visible text is not enough. */
  "aria-label"?: string;
  className?: string;
  "data-testid"?: string;
};

export function ListItem({
  leading,
  title,
  subtitle,
  meta,
  actions,
  href,
  onAction,
  current = false,
  accent,
  "aria-label": ariaLabel,
  className,
  "data-testid": testId,
}: ListItemProps) {
  const body = (
    <>
      {leading && <span className="list-item-leading">{leading}</span>}
      <span className="list-item-text">
        <span className="list-item-title">{title}</span>
        {subtitle && <span className="list-item-subtitle">{subtitle}</span>}
      </span>
      {meta && <span className="list-item-meta">{meta}</span>}
    </>
  );
  const style = accent ? ({ "--list-item-accent": accent } as CSSProperties) : undefined;
  return (
    <li
      className={className ? `list-item ${className}` : "list-item"}
      data-current={current ? "true" : undefined}
      data-accent={accent ? "true" : undefined}
      style={style}
      data-testid={testId}
    >
      {href !== undefined ? (
        <Link to={href} className="list-item-main" aria-current={current ? "page" : undefined} aria-label={ariaLabel}>
          {body}
        </Link>
      ) : onAction ? (
        <AriaButton className="list-item-main" onPress={onAction} aria-label={ariaLabel}>
          {body}
        </AriaButton>
      ) : (
        <div className="list-item-main">{body}</div>
      )}
      {actions && <span className="list-item-actions">{actions}</span>}
    </li>
  );
}
