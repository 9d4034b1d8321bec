// The import's row selection (spec 1 §5: at least one row selected; decision 0118): every row is ticked at first;
// the admin unticks some, or unticks all and ticks a few. Held as core takes it: "all but these" or "only these",
// so a big file's rows beyond the page shown need no list of their own. Pure, so tests drive it directly.
import {
  IMPORT_MAPPING_MESSAGES,
  isRowSelected,
  selectedRowCount,
  type TContactImportSelection,
} from "@chatflow/core/contract/contact-import.ts";

export type RowSelection = TContactImportSelection;

/** Every row ticked: the starting point. */
export const ALL_ROWS: RowSelection = { mode: "except", rows: [] };

/** Ticks or unticks one row (0-based among the data rows). */
export function toggleRow(selection: RowSelection, row: number, on: boolean): RowSelection {
  const rest = selection.rows.filter((r) => r !== row);
  // "except" lists the unticked rows, "only" the ticked ones.
  const listed = selection.mode === "except" ? !on : on;
  return { mode: selection.mode, rows: listed ? [...rest, row].sort((a, b) => a - b) : rest };
}

/** Ticks every row of the file, or none. */
export const selectAll = (on: boolean): RowSelection => (on ? ALL_ROWS : { mode: "only", rows: [] });

export const isSelected = (selection: RowSelection, row: number) => isRowSelected(selection, row);

/** How many of the file's `total` rows are ticked. */
export const selectedCount = (selection: RowSelection, total: number) => selectedRowCount(selection, total);

/** The state of the "every row" box: all, none, or some ticked. */
export function allState(selection: RowSelection, total: number): "all" | "none" | "some" {
  const n = selectedCount(selection, total);
  return n === total && total > 0 ? "all" : n === 0 ? "none" : "some";
}

/** The selection to send, or the contract's message when no row is ticked. */
export function checkSelection(
  selection: RowSelection,
  total: number,
): { ok: true; selection: RowSelection | undefined } | { ok: false; message: string } {
  if (selectedCount(selection, total) === 0) return { ok: false, message: IMPORT_MAPPING_MESSAGES.noRowSelected };
  // Every row: sent as no selection at all, as before (the import then reads every row).
  const all = selection.mode === "except" && selection.rows.every((r) => r >= total);
  return { ok: true, selection: all ? undefined : selection };
}
