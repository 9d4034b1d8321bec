// Every screen at both sizes in the light theme, with axe (screens-suite.ts).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["light"]);
