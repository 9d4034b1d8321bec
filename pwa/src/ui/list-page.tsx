// The frame of a screen whose body is one long list (contacts, users, tags): a heading with
// the count, the screen's buttons, a toolbar of search and filters, an optional notice
// (offline, an error) and the list filling the rest of the height.
import type { ReactNode } from "react";

export function ListPage({
  title,
  actions,
  toolbar,
  notice,
  children,
  className,
  "data-testid": testId,
}: {
  /** The page's h1 (usually with the count). */
  title: ReactNode;
  /** Buttons beside the heading (add, menus). */
  actions?: ReactNode;
  /** Search and filters above the list. */
  toolbar?: ReactNode;
  /** A sentence about the list's state: offline, failed to load. */
  notice?: ReactNode;
  children: ReactNode;
  className?: string;
  "data-testid"?: string;
}) {
  return (
    <div className={className ? `list-page ${className}` : "list-page"} data-testid={testId}>
      <header className="list-page-header">
        <h1 className="list-page-title">{title}</h1>
        {actions && <div className="list-page-actions">{actions}</div>}
      </header>
      {toolbar && <div className="list-page-toolbar">{toolbar}</div>}
      {notice && (
        <p className="list-page-notice" role="status">
          {notice}
        </p>
      )}
      {children}
    </div>
  );
}
