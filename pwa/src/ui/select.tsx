// Choosing from a list: Select (a button that opens a listbox; single or multiple) and
// ComboBox (type to filter, for long lists such as contacts or users). Both take items as
// children (<SelectItem id=...>) or as `items` with a render function.
import type { ReactNode } from "react";
import {
  ComboBox as AriaComboBox,
  type ComboBoxProps as AriaComboBoxProps,
  Input,
} from "react-aria-components/ComboBox";
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  ListBox,
  ListBoxItem,
  type ListBoxItemProps,
  Popover,
  SelectValue,
} from "react-aria-components/Select";
import { useTranslation } from "react-i18next";
import { FieldHelp, FieldLabel } from "./field-parts.tsx";
import { CheckIcon, ChevronDownIcon } from "./icons.tsx";

type FieldLook = {
  label: string;
  hideLabel?: boolean;
  description?: ReactNode;
  errorMessage?: string | null;
  className?: string;
  "data-testid"?: string;
};

export type SelectProps<T extends object, M extends "single" | "multiple" = "single"> = FieldLook &
  Omit<AriaSelectProps<T, M>, "children" | "className" | "isInvalid" | "validate" | "style"> & {
    items?: Iterable<T>;
    children: ReactNode | ((item: T) => ReactNode);
  };

export function Select<T extends object, M extends "single" | "multiple" = "single">({
  label,
  hideLabel,
  description,
  errorMessage,
  className,
  items,
  children,
  placeholder,
  "data-testid": testId,
  ...props
}: SelectProps<T, M>) {
  const { t } = useTranslation();
  return (
    <AriaSelect
      {...props}
      placeholder={placeholder ?? t("ui.selectPlaceholder")}
      className={className ? `field select ${className}` : "field select"}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} hidden={hideLabel} />
      <Button className="field-frame select-button" data-testid={testId}>
        <SelectValue className="select-value" />
        <ChevronDownIcon size={18} />
      </Button>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="popover listbox-popover">
        <ListBox className="listbox" items={items}>
          {children}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}

/** One option of a Select or ComboBox; `textValue` is needed when children are not plain text. */
export function SelectItem(props: Omit<ListBoxItemProps, "className">) {
  return (
    <ListBoxItem
      {...props}
      // The check mark makes the children a function: typeahead and filtering need the text.
      textValue={props.textValue ?? (typeof props.children === "string" ? props.children : undefined)}
      className="listbox-item"
    >
      {(render) => (
        <>
          <span className="listbox-item-label">
            {typeof props.children === "function" ? props.children(render) : props.children}
          </span>
          {render.isSelected && <CheckIcon size={16} />}
        </>
      )}
    </ListBoxItem>
  );
}

export type ComboBoxProps<T extends object> = FieldLook &
  Omit<AriaComboBoxProps<T>, "children" | "className" | "isInvalid" | "validate" | "style"> & {
    placeholder?: string;
    /** Items come as `items` (filtered by the caller, e.g. a server search) or `defaultItems` (filtered here). */
    children: ReactNode | ((item: T) => ReactNode);
    /** Shown in the popover when nothing matches. */
    emptyText?: string;
  };

export function ComboBox<T extends object>({
  label,
  hideLabel,
  description,
  errorMessage,
  className,
  placeholder,
  children,
  emptyText,
  "data-testid": testId,
  ...props
}: ComboBoxProps<T>) {
  const { t } = useTranslation();
  return (
    <AriaComboBox
      {...props}
      // An empty list still opens, to say so (a server search may find nothing).
      allowsEmptyCollection
      className={className ? `field combobox ${className}` : "field combobox"}
      isInvalid={Boolean(errorMessage)}
      validationBehavior="aria"
    >
      <FieldLabel label={label} hidden={hideLabel} />
      <div className="field-frame">
        <Input className="field-input" placeholder={placeholder} data-testid={testId} />
        <Button className="icon-button field-trailing" data-variant="ghost" aria-label={t("ui.showOptions")}>
          <ChevronDownIcon size={18} />
        </Button>
      </div>
      <FieldHelp description={description} errorMessage={errorMessage} />
      <Popover className="popover listbox-popover">
        <ListBox
          className="listbox"
          renderEmptyState={() => <p className="listbox-empty">{emptyText ?? t("ui.noOptions")}</p>}
        >
          {children}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
