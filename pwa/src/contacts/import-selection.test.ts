// The import's row selection (spec 1 §5: at least one row selected; decision 0118).
import { describe, expect, it } from "vitest";
import {
  ALL_ROWS,
  allState,
  checkSelection,
  isSelected,
  selectAll,
  selectedCount,
  toggleRow,
} from "./import-selection.ts";

describe("#contacts import row selection", () => {
  it("starts with every row ticked and sends no selection then", () => {
    expect(selectedCount(ALL_ROWS, 30)).toBe(30);
    expect(allState(ALL_ROWS, 30)).toBe("all");
    expect(checkSelection(ALL_ROWS, 30)).toEqual({ ok: true, selection: undefined });
  });

  it("unticks rows as 'all but these', also past the page shown", () => {
    const s = toggleRow(toggleRow(ALL_ROWS, 3, false), 27, false);
    expect(s).toEqual({ mode: "except", rows: [3, 27] });
    expect([isSelected(s, 3), isSelected(s, 4), isSelected(s, 27)]).toEqual([false, true, false]);
    expect(selectedCount(s, 30)).toBe(28);
    expect(allState(s, 30)).toBe("some");
    expect(checkSelection(s, 30)).toEqual({ ok: true, selection: { mode: "except", rows: [3, 27] } });
    // Ticked again: every row once more.
    expect(toggleRow(s, 3, true)).toEqual({ mode: "except", rows: [27] });
  });

  it("unticks all, then ticks a few as 'only these'", () => {
    const none = selectAll(false);
    expect(allState(none, 30)).toBe("none");
    const s = toggleRow(toggleRow(none, 9, true), 2, true);
    expect(s).toEqual({ mode: "only", rows: [2, 9] });
    expect(selectedCount(s, 30)).toBe(2);
    expect(checkSelection(s, 30)).toEqual({ ok: true, selection: s });
    expect(selectAll(true)).toEqual(ALL_ROWS);
  });

  it("refuses an import with no row ticked, with the spec's message", () => {
    expect(checkSelection(selectAll(false), 30)).toEqual({ ok: false, message: "Selecione pelo menos uma linha" });
    const unticked = [0, 1, 2].reduce((s, r) => toggleRow(s, r, false), ALL_ROWS);
    expect(checkSelection(unticked, 3)).toEqual({ ok: false, message: "Selecione pelo menos uma linha" });
    expect(allState(unticked, 3)).toBe("none");
  });
});
