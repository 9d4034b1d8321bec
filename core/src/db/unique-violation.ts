// Maps PostgreSQL unique violations (23505) to the constraint they hit, so use
// cases can answer the spec's conflict codes while the database stays the
// judge (no check-then-insert race).
export function uniqueViolation(err: unknown): string | null {
  if (err && typeof err === "object" && "code" in err && err.code === "23505") {
    return "constraint" in err && typeof err.constraint === "string" ? err.constraint : "";
  }
  return null;
}
