// `npm run bench`: every benchmark, figures printed as a table (copy them into
// the README's "Performance" section).
import { benchBundle } from "./bundle.ts";
import { benchIngest } from "./ingest.ts";
import { benchTickets } from "./tickets.ts";

const results: Record<string, string> = {};
Object.assign(results, benchBundle());
Object.assign(results, await benchIngest());
Object.assign(results, await benchTickets());
const width = Math.max(...Object.keys(results).map((k) => k.length));
console.log(`\nChat-flow benchmarks (${new Date().toISOString()}, ${process.version})`);
for (const [k, v] of Object.entries(results)) console.log(`  ${k.padEnd(width)}  ${v}`);
