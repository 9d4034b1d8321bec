// SELECT lists for hand-written SQL, named by entity property: a row type is
// the entity's own (Pick of its properties), and a property the entities do
// not have fails the typecheck. Type-only imports of the entities, so a process
// that queries through the pool never loads MikroORM (docs/decisions/0003).

/** The column of a property, by MikroORM's UnderscoreNamingStrategy (select-list.test.ts holds them equal). */
export const columnOf = (property: string) => property.replace(/([a-z])([A-Z])/g, "$1_$2").toLowerCase();

/**
 * The row a select list of `keys` reads: the entity's properties of those names, with their types. Every
 * selected column is present (NULL where nullable), so none is optional as it is on the entity.
 */
export type RowOf<Entity, Keys extends readonly (keyof Entity)[]> = {
  [K in Keys[number]]-?: Exclude<Entity[K], undefined>;
};

/**
 * `alias.column AS "property"` for each property, `alias.column` where the two are spelled alike; e.g.
 * `selectList<ITicket>()("t", ["id", "isGroup"])` is `t.id, t.is_group AS "isGroup"`.
 */
export const selectList =
  <Entity>() =>
  <const Keys extends readonly (keyof Entity & string)[]>(alias: string, keys: Keys): string =>
    keys
      .map((key) => {
        const column = columnOf(key);
        return column === key ? `${alias}.${column}` : `${alias}.${column} AS "${key}"`;
      })
      .join(", ");
