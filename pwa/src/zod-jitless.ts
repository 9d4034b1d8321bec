// zod compiles object parsers with `new Function` and, to know whether it may, probes
// `Function("")` when an object schema is created. The PWA runs under a CSP without
// 'unsafe-eval', so the probe is refused and reported as a violation. Jitless parsing is
// plenty fast for forms; it must be set before any contract schema is created (first import of main.tsx).
//
// zod keeps its configuration on `globalThis.__zod_globalConfig`, one object shared by every copy of zod
// (zod/v4/core/core.js creates it when absent and reads it on each parse). Setting `jitless` there, rather
// than through `config()`, keeps zod out of the entry chunk: the first screen that validates loads it.
// zod-jitless.test.ts fails if a zod upgrade stops reading it.
type ZodGlobal = { __zod_globalConfig?: Record<string, unknown> };

const holder = globalThis as ZodGlobal;
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
