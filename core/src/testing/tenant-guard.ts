// Finds the statements that touch a tenant table (one with a company_id column) without scoping it to a
// company: the test setup runs every query core and the worker send through it (docs/decisions/0026).

/** The greppable marker that lets one statement span companies on purpose: `/* all-companies: why *\/`. */
export const ALL_COMPANIES_MARKER = /\/\*\s*all-companies:\s*\S[^*]*\*\//i;

type Token = { text: string; lower: string; depth: number; group: number };

/** Splits SQL into words, quoted names and punctuation, dropping comments and string literals. */
function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  const groups: number[] = [0];
  let nextGroup = 1;
  let i = 0;
  const push = (text: string) => {
    tokens.push({ text, lower: text.toLowerCase(), depth: groups.length - 1, group: groups[groups.length - 1]! });
  };
  while (i < sql.length) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (sql.startsWith("--", i)) {
      const end = sql.indexOf("\n", i);
      i = end < 0 ? sql.length : end;
    } else if (sql.startsWith("/*", i)) {
      const end = sql.indexOf("*/", i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (c === "'") {
      // '' inside a literal is an escaped quote: skip pairs until a lone quote closes it.
      i++;
      while (i < sql.length) {
        if (sql[i] === "'" && sql[i + 1] === "'") i += 2;
        else if (sql[i] === "'") break;
        else i++;
      }
      i++;
      push("''");
    } else if (c === "$" && /[A-Za-z_$]/.test(sql[i + 1] ?? "")) {
      // Dollar-quoted body ($$...$$ or $tag$...$tag$).
      const tagEnd = sql.indexOf("$", i + 1);
      const tag = sql.slice(i, tagEnd + 1);
      const end = sql.indexOf(tag, tagEnd + 1);
      i = end < 0 ? sql.length : end + tag.length;
      push("''");
    } else if (c === '"') {
      const end = sql.indexOf('"', i + 1);
      push(sql.slice(i + 1, end < 0 ? sql.length : end));
      i = end < 0 ? sql.length : end + 1;
    } else if (c === "(") {
      push("(");
      groups.push(nextGroup++);
      i++;
    } else if (c === ")") {
      if (groups.length > 1) groups.pop();
      push(")");
      i++;
    } else if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_$]*/.exec(sql.slice(i))!;
      push(m[0]);
      i += m[0].length;
    } else {
      // Operators and everything else, one character at a time (=, <, ., ::, $1 and numbers are harmless).
      const m = /^(\$\d+|\d+(\.\d+)?|<>|!=|<=|>=|::|.)/.exec(sql.slice(i))!;
      push(m[0]);
      i += m[0].length;
    }
  }
  return tokens;
}

// Words that can follow a table name and are not its alias.
const NOT_ALIAS = new Set(
  (
    "where join inner left right full cross natural on using set values select returning group order limit " +
    "offset having union except intersect for default window lateral with as from into do nothing conflict " +
    "tablesample only fetch and or when then"
  ).split(" "),
);

const FROM_FUNCTIONS = new Set(["extract", "substring", "trim", "overlay", "position"]);

type TableRef = { table: string; alias: string; index: number; group: number; kind: "read" | "insert" };

function readName(tokens: Token[], at: number): { name: string; next: number } | undefined {
  const t = tokens[at];
  if (!t || !/^[A-Za-z_]/.test(t.text) || t.text === "''") return undefined;
  // schema.table: keep the table.
  if (tokens[at + 1]?.text === "." && tokens[at + 2]) return { name: tokens[at + 2]!.lower, next: at + 3 };
  return { name: t.lower, next: at + 1 };
}

function readAlias(tokens: Token[], at: number): { alias?: string; next: number } {
  let i = at;
  if (tokens[i]?.lower === "as") i++;
  const t = tokens[i];
  if (t && /^[A-Za-z_]/.test(t.text) && !NOT_ALIAS.has(t.lower)) return { alias: t.lower, next: i + 1 };
  return { next: at };
}

/** Every table a statement names after FROM, JOIN, UPDATE, INTO, USING (and FROM lists' commas). */
function tableRefs(tokens: Token[]): TableRef[] {
  const refs: TableRef[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const w = tokens[i]!.lower;
    const prev = tokens[i - 1]?.lower;
    let kind: TableRef["kind"] | undefined;
    if (w === "from" || w === "join" || w === "using") kind = "read";
    else if (w === "into" && (prev === "insert" || prev === "merge")) kind = "insert";
    else if (w === "update" && prev !== "for" && prev !== "key" && prev !== "do" && tokens[i + 1]?.lower !== "set")
      kind = "read";
    if (!kind) continue;
    // EXTRACT(x FROM col), IS DISTINCT FROM col, substring(x FROM n): not a table list.
    if (w === "from" && (prev === "distinct" || prev === "''" || FROM_FUNCTIONS.has(tokens[i - 3]?.lower ?? "")))
      continue;
    let at = i + 1;
    for (;;) {
      if (tokens[at]?.lower === "only" || tokens[at]?.lower === "lateral") at++;
      const name = readName(tokens, at);
      // name( after FROM is a function call; after INSERT INTO it opens the column list.
      if (!name || (kind === "read" && tokens[name.next]?.text === "(")) break;
      const alias = readAlias(tokens, name.next);
      refs.push({ table: name.name, alias: alias.alias ?? name.name, index: at, group: tokens[at]!.group, kind });
      at = alias.next;
      // FROM a, b: only a read list continues after a comma.
      if (kind !== "read" || tokens[at]?.text !== ",") break;
      at++;
    }
  }
  return refs;
}

const COMPARISON = new Set(["=", "in", "<>", "!=", "is", "<", ">", "<=", ">="]);

/** Does `qualifier.company_id` (or, unqualified, `company_id` inside the table's group) appear in a comparison? */
function hasCompanyCondition(tokens: Token[], ref: TableRef, groupsInside: Set<number>): boolean {
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.lower !== "company_id") continue;
    const qualified = tokens[i - 1]?.text === ".";
    if (qualified) {
      const q = tokens[i - 2]?.lower;
      if (q !== ref.alias && q !== ref.table) continue;
    } else if (!groupsInside.has(tokens[i]!.group)) {
      continue;
    }
    const before = qualified ? tokens[i - 3] : tokens[i - 1];
    const after = tokens[i + 1];
    if ((after && COMPARISON.has(after.lower)) || (before && COMPARISON.has(before.lower))) return true;
  }
  return false;
}

/** The groups (parenthesised parts) opened inside `group`, itself included. */
function descendants(tokens: Token[], group: number): Set<number> {
  const out = new Set([group]);
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.text === "(" && out.has(tokens[i]!.group)) {
      const inner = tokens[i + 1];
      if (inner && inner.text !== ")") out.add(inner.group);
    }
  }
  return out;
}

/** The insert's column list names company_id (INSERT INTO t (a, company_id) ...). */
function insertNamesCompany(tokens: Token[], ref: TableRef): boolean {
  let at = ref.index + 1;
  while (at < tokens.length && tokens[at]!.text !== "(" && !["select", "values", "default"].includes(tokens[at]!.lower))
    at++;
  if (tokens[at]?.text !== "(") return false;
  const depth = tokens[at]!.depth;
  for (let i = at + 1; i < tokens.length && !(tokens[i]!.text === ")" && tokens[i]!.depth === depth); i++) {
    if (tokens[i]!.lower === "company_id") return true;
  }
  return false;
}

/** The problems of one statement: each tenant table it reads or writes without naming a company. */
export function findUnscopedTables(sql: string, tenantTables: ReadonlySet<string>): string[] {
  if (ALL_COMPANIES_MARKER.test(sql)) return [];
  const tokens = tokenize(sql);
  const first = tokens[0]?.lower;
  if (!first || !["select", "with", "update", "delete", "insert"].includes(first)) return [];
  const problems: string[] = [];
  for (const ref of tableRefs(tokens)) {
    if (!tenantTables.has(ref.table)) continue;
    if (ref.kind === "insert") {
      if (!insertNamesCompany(tokens, ref)) problems.push(`INSERT INTO ${ref.table} without company_id`);
    } else if (!hasCompanyCondition(tokens, ref, descendants(tokens, ref.group))) {
      problems.push(`${ref.table}${ref.alias !== ref.table ? ` ${ref.alias}` : ""} without a company_id condition`);
    }
  }
  return problems;
}
