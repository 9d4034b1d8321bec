// The CI log's closing line (test/summary-reporter.ts) counts tests, and names files that could not run at all or
// had errors outside their tests.
import { describe, expect, it } from "vitest";
import type { TestModule } from "vitest/node";
import { summaryLine } from "../../../test/summary-reporter.ts";

const testModule = (states: string[], errors: unknown[] = []) =>
  ({
    children: { allTests: () => states.map((state) => ({ result: () => ({ state }) }))[Symbol.iterator]() },
    errors: () => errors,
  }) as unknown as TestModule;

describe("#summaryLine", () => {
  it("counts passed, failed and skipped tests", () => {
    expect(summaryLine([testModule(["passed", "failed"]), testModule(["skipped", "passed"])])).toBe(
      "2 passed, 1 failed, 1 skipped",
    );
  });

  it("names a file that failed before any test ran (an import that threw)", () => {
    expect(summaryLine([testModule(["passed"]), testModule([], [new Error("Cannot find package")])])).toBe(
      "1 passed, 0 failed, 0 skipped, 1 test file(s) failed to run",
    );
  });

  it("counts apart a file whose tests ran but that had an error outside them (an afterAll that threw)", () => {
    expect(summaryLine([testModule(["passed", "passed"], [new Error("afterAll: pool ended")])])).toBe(
      "2 passed, 0 failed, 0 skipped, 1 test file(s) had errors outside their tests",
    );
  });

  it("names a file whose set-up threw before its tests ran as one that failed to run", () => {
    expect(
      summaryLine([testModule(["skipped"], [new Error("timed out waiting for the worker to open a socket")])]),
    ).toBe("0 passed, 0 failed, 1 skipped, 1 test file(s) failed to run");
  });
});
