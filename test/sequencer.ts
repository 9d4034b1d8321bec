// The order the test files start in. vitest starts larger files first on a run without its cache (a fresh
// clone, as in CI), and the screens' files are four lines each, so the longest files of the run started
// last and ran on alone at its end. Here the browser files start first, the screens' files before them,
// and each group keeps vitest's own order (its cache of durations when it has one, else larger first).
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Higher starts earlier. */
function weight(spec: TestSpecification): number {
  const file = spec.moduleId;
  if (/\/pwa\/e2e\/screens-[^/]*\.test\.ts$/.test(file)) return 2;
  if (/\/pwa\/e2e\//.test(file)) return 1;
  return 0;
}

export default class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = new Map(sorted.map((spec, i) => [spec, i]));
    return [...sorted].sort((a, b) => weight(b) - weight(a) || rank.get(a)! - rank.get(b)!);
  }
}
