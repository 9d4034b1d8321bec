// Every screen at the phone size (390x844), in the light and the dark theme, with axe (screens-suite.ts).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["phone"]);
