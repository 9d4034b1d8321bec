// Every screen in the dark theme at the phone size (390x844), with axe (screens-suite.ts).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["dark"], ["phone"]);
