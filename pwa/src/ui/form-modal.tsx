// The admin screens' form modal (users, queues, schedules, contacts): a Modal whose body is one <form>, the
// footer's 'needs a connection' note, extra actions (delete), cancel and save (pending while it saves, Escape
// off meanwhile), and optionally the body in tabs. One place for what each screen used to repeat.
import type { FormEvent, ReactNode } from "react";
import { Button } from "./button.tsx";
import { Modal } from "./dialog.tsx";
import { Tab, TabList, TabPanel, Tabs } from "./tabs.tsx";

export type FormModalTab = {
  id: string;
  label: ReactNode;
  content: ReactNode;
  /** The panel's class (the screen's form grid). */
  className?: string;
  "data-testid"?: string;
};

export type FormModalProps = {
  title: ReactNode;
  onClose: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** A save is running: save shows pending, cancel and Escape are off. */
  saving: boolean;
  cancelLabel: string;
  saveLabel: string;
  /** Save is refused (offline for the screens that need core). */
  saveDisabled?: boolean;
  /** Said beside the buttons, e.g. 'Precisa de conexão' while offline; nothing when null. */
  note?: string | null;
  /** Actions before cancel (delete). */
  extraActions?: ReactNode;
  /** Replaces the save button (a tab whose own action is not the form's save). */
  primaryAction?: ReactNode;
  /** The form is only shown (another user's record, every field locked): no save button, cancel closes it. */
  readOnly?: boolean;
  size?: "small" | "medium" | "large";
  "data-testid"?: string;
  "save-testid"?: string;
  /** The body as tabs; `children` then stands above the tab list (what holds for every tab, e.g. the channel). */
  tabs?: {
    label: string;
    selected: string;
    onChange: (id: string) => void;
    items: FormModalTab[];
    className?: string;
  };
  children?: ReactNode;
};

export function FormModal(p: FormModalProps) {
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && p.onClose()}
      title={p.title}
      size={p.size ?? "medium"}
      keyboardDismiss={!p.saving}
      onSubmit={p.onSubmit}
      data-testid={p["data-testid"]}
      actions={
        <>
          {p.note && (
            <span className="form-modal-note" role="status">
              {p.note}
            </span>
          )}
          {p.extraActions}
          <Button variant="secondary" onPress={p.onClose} isDisabled={p.saving}>
            {p.cancelLabel}
          </Button>
          {p.readOnly
            ? null
            : (p.primaryAction ?? (
                <Button
                  key="save"
                  type="submit"
                  variant="primary"
                  isPending={p.saving}
                  isDisabled={p.saveDisabled}
                  data-testid={p["save-testid"]}
                >
                  {p.saveLabel}
                </Button>
              ))}
        </>
      }
    >
      {p.children}
      {p.tabs && (
        <Tabs
          className={p.tabs.className}
          selectedKey={p.tabs.selected}
          onSelectionChange={(k) => p.tabs?.onChange(String(k))}
        >
          <TabList aria-label={p.tabs.label}>
            {p.tabs.items.map((tab) => (
              <Tab key={tab.id} id={tab.id} data-testid={tab["data-testid"]}>
                {tab.label}
              </Tab>
            ))}
          </TabList>
          {p.tabs.items.map((tab) => (
            <TabPanel key={tab.id} id={tab.id} className={tab.className}>
              {tab.content}
            </TabPanel>
          ))}
        </Tabs>
      )}
    </Modal>
  );
}
