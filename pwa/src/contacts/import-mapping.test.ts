// The import's mapping step (decision 0091): choosing a column for a field, the extra columns, and the spec's
// messages for a mapping that cannot be sent (name and number required, each column used by one field).
import { beforeEach, describe, expect, it } from "vitest";
import { i18n, loadFeatureTexts } from "../i18n/i18n.ts";
import { checkMapping, chooseColumn, fieldOfColumn, toggleExtra } from "./import-mapping.ts";

const none = { name: null, number: null, email: null, tags: null, extra: [] };

beforeEach(async () => {
  await i18n.changeLanguage("pt-BR");
});

describe("#contacts import mapping", () => {
  it("requires the name and the number, with a message for each unselected", () => {
    expect(checkMapping(none)).toEqual({
      ok: false,
      errors: { name: "Selecione a coluna do nome", number: "Selecione a coluna do número" },
    });
    expect(checkMapping({ ...none, name: 0, number: 3 })).toEqual({
      ok: true,
      mapping: { name: 0, number: 3, email: null, tags: null, extra: [] },
    });
  });

  it("refuses one column for two fields", () => {
    expect(checkMapping({ ...none, name: 0, number: 1, email: 1 })).toEqual({
      ok: false,
      errors: { email: "Cada coluna só pode ser usada por um campo" },
    });
  });

  it("takes a column chosen for a field out of the extra ones, and keeps extras in the sheet's order", () => {
    let draft = toggleExtra(toggleExtra(none, 4, true), 2, true);
    expect(draft.extra).toEqual([2, 4]);
    expect(fieldOfColumn(draft, 4)).toBe("extra");
    draft = chooseColumn(draft, "email", 4);
    expect(draft.extra).toEqual([2]);
    expect(fieldOfColumn(draft, 4)).toBe("email");
    expect(fieldOfColumn(draft, 0)).toBeNull();
    expect(toggleExtra(draft, 2, false).extra).toEqual([]);
  });

  it("speaks the interface's language", async () => {
    await loadFeatureTexts();
    await i18n.changeLanguage("en");
    const checked = checkMapping({ ...none, name: 0 });
    expect(checked).toEqual({ ok: false, errors: { number: "Select the number column" } });
  });
});
