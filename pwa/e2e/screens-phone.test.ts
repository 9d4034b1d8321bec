// Every screen at the phone size (390x844) with axe (screens-suite.ts): with SCREENS_FULL=1 only, every state in
// both themes. `npm test` checks the desk alone (decision 0068, second addendum).
import { it } from "vitest";
import { checksSize, screensSuite } from "./screens-suite.ts";

if (checksSize("phone")) screensSuite(["phone"]);
else it.skip("checks the phone size with SCREENS_FULL=1", () => {});
