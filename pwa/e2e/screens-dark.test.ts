// Every screen at both sizes in the dark theme, with axe (screens-suite.ts).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["dark"]);
