// Column builders the entity files share, so that `created_at`/`updated_at` and the references that make up
// a key read the same in every table.
import { p } from "@mikro-orm/core";

export const createdAt = () =>
  p
    .datetime()
    .defaultRaw("now()")
    .onCreate(() => new Date());

export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: p
    .datetime()
    .defaultRaw("now()")
    .onCreate(() => new Date())
    .onUpdate(() => new Date()),
});

// MikroORM does not export the type of what a reference may point at; it is what manyToOne takes, one entity.
type ReferenceTarget = Exclude<Parameters<typeof p.manyToOne>[0], unknown[]>;

/**
 * A reference that is (part of) the row's primary key: the row belongs to the referenced one (a company's
 * cursor, a ticket's tag) and goes with it. ON UPDATE NO ACTION is spelled out because MikroORM assumes CASCADE
 * when every key column is a reference, and the migrations say NO ACTION.
 */
export const parentKey = <Target extends ReferenceTarget>(target: Target, column: string) =>
  p.manyToOne(target).mapToPk().joinColumn(column).deleteRule("cascade").updateRule("no action").primary();
