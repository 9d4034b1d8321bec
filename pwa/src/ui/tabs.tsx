// Tabs (arrow keys move between tabs; the panel follows). Thin wrappers that give the
// react-aria parts the kit's look; ids tie each Tab to its TabPanel. A tab list wider than
// its place scrolls sideways (kit.css) and keeps the selected tab in view (decision 0087).
import { useContext, useEffect, useRef } from "react";
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  TabListStateContext,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from "react-aria-components/Tabs";

export function Tabs({ className, ...props }: Omit<TabsProps, "className"> & { className?: string }) {
  return <AriaTabs {...props} className={className ? `tabs ${className}` : "tabs"} />;
}

/** How far to scroll a strip (`scrollLeft`) so the item from `start` to `end` (strip coordinates) shows whole;
 * with a peek of the next item's edge, so the person sees there is more. */
export function scrollToShow(scrollLeft: number, width: number, start: number, end: number, peek = 24): number {
  if (start < scrollLeft) return Math.max(0, start - peek);
  if (end > scrollLeft + width) return end - width + peek;
  return scrollLeft;
}

export function TabList<T extends object>({
  className,
  ...props
}: Omit<TabListProps<T>, "className"> & { className?: string }) {
  const list = useRef<HTMLDivElement>(null);
  const selected = useContext(TabListStateContext)?.selectedKey;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the selected tab changes.
  useEffect(() => {
    const strip = list.current;
    const tab = strip?.querySelector<HTMLElement>("[role='tab'][data-selected]");
    if (!strip || !tab || strip.scrollWidth <= strip.clientWidth) return;
    const start = tab.getBoundingClientRect().left - strip.getBoundingClientRect().left + strip.scrollLeft;
    const next = scrollToShow(strip.scrollLeft, strip.clientWidth, start, start + tab.offsetWidth);
    if (next !== strip.scrollLeft) strip.scrollLeft = next;
  }, [selected]);
  return <AriaTabList {...props} ref={list} className={className ? `tab-list ${className}` : "tab-list"} />;
}

export function Tab({ className, ...props }: Omit<TabProps, "className"> & { className?: string }) {
  return <AriaTab {...props} className={className ? `tab ${className}` : "tab"} />;
}

export function TabPanel({ className, ...props }: Omit<TabPanelProps, "className"> & { className?: string }) {
  return <AriaTabPanel {...props} className={className ? `tab-panel ${className}` : "tab-panel"} />;
}
