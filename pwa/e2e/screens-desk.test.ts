// Every screen at the desk size (1366x800), in the light and the dark theme, with axe (screens-suite.ts).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["desk"]);
