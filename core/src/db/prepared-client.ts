// A client whose parameterised statements run as named (prepared) ones, the name a digest of the text: PostgreSQL
// then parses and analyses each once per connection instead of on every call. For hot paths whose statements are
// fixed texts run over and over (ingest: about a third of its PostgreSQL CPU was parsing and planning, decision 0057).
import { createHash } from "node:crypto";
import type pg from "pg";

/** Distinct texts named at most; a path that builds texts on the fly past this runs them unnamed, as before. */
const MAX_NAMED_TEXTS = 500;

const names = new Map<string, string>();

/** The statement name of `text` (remembered), or undefined once MAX_NAMED_TEXTS texts have names. */
export function preparedName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED_TEXTS) {
    name = `p-${createHash("sha256").update(text).digest("base64url").slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * `client` with `query(text, values)` sent as a named statement; every other call (a config object, a text
 * without values, the client's other methods) goes to the client as it is.
 */
export function preparingClient<C extends pg.ClientBase>(client: C): C {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const named = (...args: unknown[]) => {
    const [text, values] = args;
    const name =
      typeof text === "string" && Array.isArray(values) && args.length === 2 ? preparedName(text) : undefined;
    return name === undefined ? query(...args) : query({ name, text, values });
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "query") return named;
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
