// The import's mapping step (spec 1 §4 "mapped", §5; decisions 0091, 0118): the sheet's rows under their headers a
// page at a time, which rows are imported (all ticked at first), and which column is the name, the number, the
// e-mail and the tags, and which others become custom fields. The mapping core guessed from the header comes
// chosen; the admin changes it, and 'Importar' sends it.
import type { ContactImportPreview, TContactImportMappingDraft } from "@chatflow/core/contract/contact-import.ts";
import { useTranslation } from "react-i18next";
import { Button } from "../ui/button.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { Select, SelectItem } from "../ui/select.tsx";
import { Checkbox } from "../ui/toggles.tsx";
import {
  chooseColumn,
  fieldOfColumn,
  MAPPED_FIELDS,
  type MappedField,
  REQUIRED_FIELDS,
  toggleExtra,
} from "./import-mapping.ts";
import { allState, isSelected, type RowSelection, selectAll, selectedCount, toggleRow } from "./import-selection.ts";

const NONE = "none";

export function ImportMappingStep({
  preview,
  draft,
  errors,
  onChange,
  selection,
  onSelect,
  onPage,
  pageLoading,
}: {
  preview: ContactImportPreview;
  draft: TContactImportMappingDraft;
  /** Translated messages by field (`name`, `number`, `email`, `tags`, `extra.N`, `selection`). */
  errors: Record<string, string>;
  onChange: (draft: TContactImportMappingDraft) => void;
  /** The rows ticked for the import. */
  selection: RowSelection;
  onSelect: (selection: RowSelection) => void;
  /** Shows another page of the sheet's rows. */
  onPage: (page: number) => void;
  pageLoading: boolean;
}) {
  const { t } = useTranslation();
  const columnName = (i: number) =>
    (preview.header[i] ?? "").trim() || t("contactsPage.import.mapping.column", { n: i + 1 });
  const columns = preview.header.map((_, i) => ({ id: String(i), name: columnName(i) }));
  const fieldName = (f: MappedField | "extra") => t(`contactsPage.import.mapping.fields.${f}`);
  const extraErrors = Object.entries(errors)
    .filter(([k]) => k.startsWith("extra"))
    .map(([, v]) => v);
  const { total, page, pageSize } = preview;
  const first = (page - 1) * pageSize;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const every = allState(selection, total);

  return (
    <section className="contacts-import-mapping" aria-labelledby="import-mapping-title" data-testid="import-mapping">
      <h2 id="import-mapping-title">{t("contactsPage.import.mapping.title")}</h2>
      <p>{t("contactsPage.import.mapping.intro")}</p>
      <div className="contacts-import-fields">
        {MAPPED_FIELDS.map((field) => {
          const required = REQUIRED_FIELDS.includes(field);
          const items = required ? columns : [{ id: NONE, name: t("contactsPage.import.mapping.none") }, ...columns];
          const value = draft[field];
          return (
            <Select
              key={field}
              label={fieldName(field)}
              items={items}
              value={value === null ? (required ? null : NONE) : String(value)}
              onChange={(k) => onChange(chooseColumn(draft, field, k === null || k === NONE ? null : Number(k)))}
              errorMessage={errors[field]}
              isRequired={required}
              data-testid={`import-map-${field}`}
            >
              {(c) => <SelectItem id={c.id}>{c.name}</SelectItem>}
            </Select>
          );
        })}
      </div>
      <fieldset className="contacts-import-extra" data-testid="import-extra">
        <legend>{t("contactsPage.import.mapping.extraTitle")}</legend>
        <p className="contacts-import-headers">{t("contactsPage.import.mapping.extraHelp")}</p>
        <div className="contacts-import-extra-list">
          {columns.map((c, i) => {
            const used = fieldOfColumn(draft, i);
            return (
              <Checkbox
                key={c.id}
                isSelected={used === "extra"}
                isDisabled={used !== null && used !== "extra"}
                onChange={(on) => onChange(toggleExtra(draft, i, on))}
                data-testid={`import-extra-${i}`}
              >
                {c.name}
              </Checkbox>
            );
          })}
        </div>
        {extraErrors.length > 0 && (
          <p className="contacts-import-error" role="alert">
            {extraErrors[0]}
          </p>
        )}
      </fieldset>
      <fieldset className="contacts-import-extra contacts-import-rows" data-testid="import-rows">
        <legend>{t("contactsPage.import.rows.title")}</legend>
        <div className="contacts-import-rows-head">
          <Checkbox
            isSelected={every === "all"}
            isIndeterminate={every === "some"}
            isDisabled={total === 0}
            onChange={(on) => onSelect(selectAll(on))}
            data-testid="import-select-all"
          >
            {t("contactsPage.import.rows.all", { count: total })}
          </Checkbox>
          <span className="contacts-import-headers" role="status" data-testid="import-selected-count">
            {t("contactsPage.import.rows.selected", { count: selectedCount(selection, total), total })}
          </span>
        </div>
        {errors.selection && (
          <p className="contacts-import-error" role="alert" data-testid="import-selection-error">
            {errors.selection}
          </p>
        )}
      </fieldset>
      <DataTable
        caption={t("contactsPage.import.mapping.previewCaption")}
        columns={[
          {
            id: "row",
            header: t("contactsPage.import.rows.import"),
            cell: (row: { key: number; cells: string[] }) => (
              <Checkbox
                isSelected={isSelected(selection, row.key)}
                onChange={(on) => onSelect(toggleRow(selection, row.key, on))}
                data-testid={`import-row-${row.key}`}
              >
                {t("contactsPage.import.rows.row", { n: row.key + 1 })}
              </Checkbox>
            ),
          },
          ...preview.header.map((_, i) => {
            const used = fieldOfColumn(draft, i);
            return {
              id: String(i),
              header: used ? `${columnName(i)} → ${fieldName(used)}` : columnName(i),
              cell: (row: { key: number; cells: string[] }) => row.cells[i] ?? "",
            };
          }),
        ]}
        rows={preview.rows.map((cells, i) => ({ key: first + i, cells }))}
        rowKey={(r) => r.key}
        empty={t("contactsPage.import.mapping.noRows")}
        data-testid="import-preview"
      />
      {pages > 1 && (
        <nav className="contacts-import-pager" aria-label={t("contactsPage.import.rows.pages")}>
          <Button
            size="small"
            onPress={() => onPage(page - 1)}
            isDisabled={page <= 1 || pageLoading}
            data-testid="import-page-previous"
          >
            {t("contactsPage.import.rows.previous")}
          </Button>
          <span data-testid="import-page">
            {t("contactsPage.import.rows.range", {
              from: first + 1,
              to: Math.min(first + pageSize, total),
              total,
            })}
          </span>
          <Button
            size="small"
            onPress={() => onPage(page + 1)}
            isDisabled={page >= pages || pageLoading}
            data-testid="import-page-next"
          >
            {t("contactsPage.import.rows.next")}
          </Button>
        </nav>
      )}
    </section>
  );
}
