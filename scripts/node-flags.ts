// V8 flags core runs with, in `npm start` and in the benchmarks alike.
// A smaller young generation (8 MB semi-spaces instead of 16) keeps idle memory
// down; scavenges stay cheap at the ingest benchmark's allocation rate.
export const CORE_NODE_FLAGS = (process.env.CORE_NODE_FLAGS ?? "--max-semi-space-size=8").split(" ").filter(Boolean);
