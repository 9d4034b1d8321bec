// What a screen or list shows when it has nothing: an icon, a sentence, maybe a way out.
import type { ReactNode } from "react";

export function EmptyState({
  icon,
  title,
  children,
  action,
  level,
  "data-testid": testId,
}: {
  icon?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  /** Makes the title a heading: 1 for whole pages (403, not found), 2 inside a screen; none by default. */
  level?: 1 | 2 | 3;
  "data-testid"?: string;
}) {
  return (
    <div className="empty-state" data-testid={testId}>
      {icon && <span className="empty-state-icon">{icon}</span>}
      {level === 1 ? (
        <h1 className="empty-state-title">{title}</h1>
      ) : level === 2 ? (
        <h2 className="empty-state-title">{title}</h2>
      ) : level === 3 ? (
        <h3 className="empty-state-title">{title}</h3>
      ) : (
        <p className="empty-state-title">{title}</p>
      )}
      {children && <div className="empty-state-text">{children}</div>}
      {action && <div className="empty-state-action">{action}</div>}
    </div>
  );
}
