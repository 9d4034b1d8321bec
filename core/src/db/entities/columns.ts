// Column builders the entity files share, so that `created_at`/`updated_at`
// read the same in every table: timestamptz NOT NULL DEFAULT now().
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
