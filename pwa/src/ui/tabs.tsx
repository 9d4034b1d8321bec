// Tabs (arrow keys move between tabs; the panel follows). Thin wrappers that give the
// react-aria parts the kit's look; ids tie each Tab to its TabPanel.
import {
  Tab as AriaTab,
  TabList as AriaTabList,
  TabPanel as AriaTabPanel,
  Tabs as AriaTabs,
  type TabListProps,
  type TabPanelProps,
  type TabProps,
  type TabsProps,
} from "react-aria-components/Tabs";

export function Tabs({ className, ...props }: Omit<TabsProps, "className"> & { className?: string }) {
  return <AriaTabs {...props} className={className ? `tabs ${className}` : "tabs"} />;
}

export function TabList<T extends object>({
  className,
  ...props
}: Omit<TabListProps<T>, "className"> & { className?: string }) {
  return <AriaTabList {...props} className={className ? `tab-list ${className}` : "tab-list"} />;
}

export function Tab({ className, ...props }: Omit<TabProps, "className"> & { className?: string }) {
  return <AriaTab {...props} className={className ? `tab ${className}` : "tab"} />;
}

export function TabPanel({ className, ...props }: Omit<TabPanelProps, "className"> & { className?: string }) {
  return <AriaTabPanel {...props} className={className ? `tab-panel ${className}` : "tab-panel"} />;
}
