// Worker-thread entry of prepareDatabaseInWorker (prepare.ts): migrate, seed, answer, end.
import { parentPort, workerData } from "node:worker_threads";
import { type PrepareInput, prepareDatabase } from "./prepare.ts";

parentPort?.postMessage(await prepareDatabase(workerData as PrepareInput));
