// Prints one plain closing line, 'N passed, N failed, N skipped', after the
// default reporter, so CI logs carry a count any reader can find. A test file
// that could not run at all (an import that failed, a set-up that threw before
// any test) has no tests to count: it is named on the line too, never hidden. A file whose tests ran but that
// had an error outside them (an afterAll that threw, an unhandled rejection) is counted apart.
import type { Reporter, TestModule } from "vitest/node";

export function summaryLine(testModules: ReadonlyArray<TestModule>): string {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  let broken = 0;
  let outside = 0;
  for (const m of testModules) {
    let ran = false;
    for (const t of m.children.allTests()) {
      const state = t.result().state;
      if (state === "passed") passed++;
      else if (state === "failed") failed++;
      else skipped++;
      if (state === "passed" || state === "failed") ran = true;
    }
    if (m.errors().length === 0) continue;
    // No test of the file ran (none there, or its set-up threw first): it failed to run.
    if (ran) outside++;
    else broken++;
  }
  const files = broken > 0 ? `, ${broken} test file(s) failed to run` : "";
  const errors = outside > 0 ? `, ${outside} test file(s) had errors outside their tests` : "";
  return `${passed} passed, ${failed} failed, ${skipped} skipped${files}${errors}`;
}

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    console.log(`\n${summaryLine(testModules)}`);
  }
}
