// Every screen on phones with axe and the overflow check (screens-suite.ts): each screen at 360x740 in the light
// theme, or with SCREENS_FULL=1 every state at 414x896, 390x844 and 360x740 in both themes (decision 0087).
import { screensSuite } from "./screens-suite.ts";

screensSuite(["phone"]);
