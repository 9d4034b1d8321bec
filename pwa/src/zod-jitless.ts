// zod compiles object parsers with `new Function` and, to know whether it may, probes
// `Function("")` when an object schema is created. The PWA runs under a CSP without
// 'unsafe-eval', so the probe is refused and reported as a violation. Jitless parsing is
// plenty fast for forms; set it before any contract schema is created (first import of main.tsx).
import { config } from "zod/v4/core";

config({ jitless: true });
