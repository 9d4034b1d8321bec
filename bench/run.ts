// `npm run bench`: every benchmark, figures printed as a table (copy them into
// the README's "Performance" section). BENCH_ONLY=ingest,tickets runs a subset.
import { benchAutomation } from "./automation.ts";
import { benchBaileys } from "./baileys.ts";
import { benchBundle } from "./bundle.ts";
import { benchConversation } from "./conversation.ts";
import { benchConversationPhone } from "./conversation-phone.ts";
import { benchCrud } from "./crud.ts";
import { benchDashboard } from "./dashboard.ts";
import { benchFlowEditor } from "./flow-editor.ts";
import { benchIngest } from "./ingest.ts";
import { benchLighthouse, benchLighthouseInbox } from "./lighthouse.ts";
import { benchOperations } from "./operations.ts";
import { benchReplica } from "./replica.ts";
import { benchSearch } from "./search.ts";
import { benchTickets } from "./tickets.ts";
import { benchWhaticketImport } from "./whaticket-import.ts";

const BENCHES: Record<string, () => Record<string, string> | Promise<Record<string, string>>> = {
  automation: benchAutomation,
  baileys: benchBaileys,
  bundle: benchBundle,
  conversation: benchConversation,
  "conversation-phone": benchConversationPhone,
  crud: benchCrud,
  dashboard: benchDashboard,
  "flow-editor": benchFlowEditor,
  ingest: benchIngest,
  lighthouse: benchLighthouse,
  "lighthouse-inbox": benchLighthouseInbox,
  operations: benchOperations,
  replica: benchReplica,
  search: benchSearch,
  tickets: benchTickets,
  "whaticket-import": benchWhaticketImport,
};
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const unknown = only?.filter((name) => !(name in BENCHES)) ?? [];
if (unknown.length > 0) {
  console.error(`BENCH_ONLY: unknown ${unknown.join(", ")} (known: ${Object.keys(BENCHES).join(", ")})`);
  process.exit(1);
}
const results: Record<string, string> = {};
for (const [name, bench] of Object.entries(BENCHES)) {
  if (!only || only.includes(name)) Object.assign(results, await bench());
}
const width = Math.max(...Object.keys(results).map((k) => k.length));
console.log(`\nChat-flow benchmarks (${new Date().toISOString()}, ${process.version})`);
for (const [k, v] of Object.entries(results)) console.log(`  ${k.padEnd(width)}  ${v}`);
