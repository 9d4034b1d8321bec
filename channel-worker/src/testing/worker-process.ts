// channel-worker/src/main.ts as its own process, for the tests that crash, freeze (SIGSTOP) or signal a worker.
import { type PartProcess, runPartProcess } from "@chatflow/core/testing/part-process.ts";

export type WorkerProcess = PartProcess;

/** Runs the worker's entry point with `env` added to this process's environment. */
export function runWorkerProcess(env: Record<string, string>): WorkerProcess {
  return runPartProcess("channel-worker", env);
}
