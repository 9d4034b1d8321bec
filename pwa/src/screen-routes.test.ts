// The route table and the access rules name the same screens: a built route without a screen would answer 'not
// found' to people allowed in, and a screen without rules would open for everyone.
import { describe, expect, it } from "vitest";
import { APP_ROUTES } from "./layout/app-routes.ts";
import { PRIVATE_ROUTES } from "./screen-routes.tsx";

describe("#screen routes", () => {
  it("gives every built route of the access rules one screen, at its path", () => {
    const built = APP_ROUTES.filter((r) => r.built);
    expect(PRIVATE_ROUTES.map((r) => r.gate).sort()).toEqual(built.map((r) => r.id).sort());
    for (const screen of PRIVATE_ROUTES) {
      const rules = built.find((r) => r.id === screen.gate)!;
      // An optional segment (/chats/:uuid?) is the same screen as the path the menu links to.
      const path = `/${screen.path ?? ""}`.replace(/\/:\w+\?$/, "");
      expect(path.toLowerCase(), screen.gate).toBe(rules.path.toLowerCase());
    }
  });
});
