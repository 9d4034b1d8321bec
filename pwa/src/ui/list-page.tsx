// The frame of a screen whose body is one long list (contacts, users, tags): a heading with
// the count, the screen's buttons, a toolbar of search and filters, an optional notice
// (offline, an error) and the list filling the rest of the height; ListBody draws that list's
// loading, empty and filled states alike on every screen.
import type { ReactNode } from "react";
import { Button } from "./button.tsx";
import { SearchField } from "./fields.tsx";
import { PlusIcon } from "./icons.tsx";
import { Spinner } from "./spinner.tsx";

export function ListPage({
  title,
  actions,
  add,
  search,
  toolbar,
  notice,
  children,
  className,
  "data-testid": testId,
}: {
  /** The page's h1 (usually with the count). */
  title: ReactNode;
  /** Buttons beside the heading (menus, exports). */
  actions?: ReactNode;
  /** The screen's add button (primary, with the plus icon), after `actions`. */
  add?: { label: string; onPress: () => void; isDisabled?: boolean; "data-testid"?: string };
  /** The list's search box, first in the toolbar; its label is also its placeholder. */
  search?: { label: string; value: string; onChange: (value: string) => void; "data-testid"?: string };
  /** Filters above the list (after the search). */
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
        {(actions || add) && (
          <div className="list-page-actions">
            {actions}
            {add && (
              <Button
                variant="primary"
                icon={<PlusIcon />}
                onPress={add.onPress}
                isDisabled={add.isDisabled}
                data-testid={add["data-testid"]}
              >
                {add.label}
              </Button>
            )}
          </div>
        )}
      </header>
      {(search || toolbar) && (
        <div className="list-page-toolbar">
          {search && (
            <SearchField
              label={search.label}
              placeholder={search.label}
              value={search.value}
              onChange={search.onChange}
              data-testid={search["data-testid"]}
            />
          )}
          {toolbar}
        </div>
      )}
      {notice && (
        <p className="list-page-notice" role="status">
          {notice}
        </p>
      )}
      {children}
    </div>
  );
}

/**
 * The body of a list screen in its three states: not loaded yet (a spinner while online; nothing offline, where
 * the page's notice says why), loaded and empty (`empty`, an EmptyState), or its rows.
 */
export function ListBody<T>({
  items,
  online,
  failed = false,
  empty,
  children,
}: {
  /** null until the first answer (or the cached copy) is there. */
  items: readonly T[] | null;
  online: boolean;
  /** The load failed: no spinner (the page's notice says so). */
  failed?: boolean;
  empty: ReactNode;
  children: (items: readonly T[]) => ReactNode;
}) {
  if (items === null) return online && !failed ? <Spinner /> : null;
  if (items.length === 0) return <>{empty}</>;
  return <>{children(items)}</>;
}
