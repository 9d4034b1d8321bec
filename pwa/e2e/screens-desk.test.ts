// Every screen at the desk size (1366x800) with axe (screens-suite.ts): each screen in the light theme with
// SCREENS=1, every state in both themes with SCREENS_FULL=1. `npm test` runs neither (decision 0068, second
// addendum).
import { it } from "vitest";
import { checksSize, screensSuite } from "./screens-suite.ts";

if (checksSize("desk")) screensSuite(["desk"]);
else it.skip("checks the desk size with SCREENS=1 or SCREENS_FULL=1", () => {});
