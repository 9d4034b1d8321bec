// Every screen at the desk size (1366x800) with axe (screens-suite.ts): each screen in the light theme, or with
// SCREENS_FULL=1 every state in both themes.
import { screensSuite } from "./screens-suite.ts";

screensSuite(["desk"]);
