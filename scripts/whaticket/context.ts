// What every step of an import shares: the source and its schema, the target, the mappings and the report, and
// which source company goes into which Chat-flow company.
import type pg from "pg";
import type { MediaSource } from "./media.ts";
import type { ImportReport } from "./report.ts";
import type { SourceSchema } from "./source.ts";
import type { Mappings, Target } from "./target.ts";

export type ImportContext = {
  src: pg.Pool;
  schema: SourceSchema;
  target: Target;
  maps: Mappings;
  report: ImportReport;
  /** The Chat-flow company the rows go into. */
  companyId: number;
  /** The source company read (its Companies id), or null for the community version's one company. */
  sourceCompanyId: number | null;
  media: MediaSource;
  /** Rows per batch of the reference lists, contacts and tickets; messages go by `messageBatch`. */
  batch: number;
  messageBatch: number;
  progress: (line: string) => void;
};

/** The condition keeping the source company's rows of a table that has companyId (alias x), from parameter $n. */
export function companyWhere(ctx: ImportContext, alias = "x", n = 1): { sql: string; values: unknown[] } {
  if (ctx.sourceCompanyId === null) return { sql: "true", values: [] };
  return { sql: `${alias}."companyId" = $${n}`, values: [ctx.sourceCompanyId] };
}

export const text = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
export const orNull = (v: unknown): string | null => {
  const s = text(v).trim();
  return s ? s : null;
};
