// Every screen in the dark theme at the desk size (1366x800), with axe (screens-suite.ts).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["dark"], ["desk"]);
