// What an import did or would do, per kind of row: imported, already imported by an earlier run, linked to a row
// Chat-flow already had, and skipped with the reason (a few of each with their source ids, so they can be found).
export type KindCount = {
  imported: number;
  existing: number;
  linked: number;
  skipped: Map<string, { count: number; examples: string[] }>;
  notes: Map<string, number>;
};

const EXAMPLES = 5;

export class ImportReport {
  readonly kinds = new Map<string, KindCount>();

  private of(kind: string): KindCount {
    let k = this.kinds.get(kind);
    if (!k) {
      k = { imported: 0, existing: 0, linked: 0, skipped: new Map(), notes: new Map() };
      this.kinds.set(kind, k);
    }
    return k;
  }

  imported(kind: string, n = 1): void {
    this.of(kind).imported += n;
  }

  existing(kind: string, n = 1): void {
    this.of(kind).existing += n;
  }

  linked(kind: string, n = 1): void {
    this.of(kind).linked += n;
  }

  /** A row that cannot be imported, and why; the import goes on without it. */
  skip(kind: string, oldId: string | number, reason: string): void {
    const s = this.of(kind).skipped;
    const entry = s.get(reason) ?? { count: 0, examples: [] };
    entry.count += 1;
    if (entry.examples.length < EXAMPLES) entry.examples.push(String(oldId));
    s.set(reason, entry);
  }

  /** Something carried with a change (a ticket imported closed, a media file not found). */
  note(kind: string, what: string, n = 1): void {
    const notes = this.of(kind).notes;
    notes.set(what, (notes.get(what) ?? 0) + n);
  }

  count(kind: string): KindCount {
    return this.of(kind);
  }

  skippedCount(kind: string): number {
    let n = 0;
    for (const e of this.of(kind).skipped.values()) n += e.count;
    return n;
  }

  lines(dryRun: boolean): string[] {
    const out: string[] = [];
    const verb = dryRun ? "would import" : "imported";
    for (const [kind, k] of this.kinds) {
      const parts = [`${verb} ${k.imported}`];
      if (k.existing) parts.push(`${k.existing} already imported`);
      if (k.linked) parts.push(`${k.linked} linked to existing ones`);
      const skipped = this.skippedCount(kind);
      if (!k.imported && !k.existing && !k.linked && !skipped && k.notes.size === 0) continue;
      if (skipped) parts.push(`${skipped} ${dryRun ? "cannot be imported" : "skipped"}`);
      out.push(`${kind}: ${parts.join(", ")}`);
      for (const [reason, e] of k.skipped)
        out.push(
          `  ${e.count} × ${reason} (source ids ${e.examples.join(", ")}${e.count > e.examples.length ? ", ..." : ""})`,
        );
      for (const [what, n] of k.notes) out.push(`  ${n} × ${what}`);
    }
    return out;
  }
}
