// Use cases on the company EntityManager (decision 0028) load MikroORM, kysely and every entity's metadata:
// about 20 MB that an idle core does not need (decision 0039). Routes and push handlers reach those use cases
// through lazyUseCase, so their modules, and the ORM with them, load on the first CRUD call; the rest of core
// never imports them statically (serving-imports.test.ts walks the serving process's imports).

/**
 * A use case whose module is imported on its first call, then called directly. A failed import is not kept:
 * the next call tries again.
 */
export function lazyUseCase<A extends unknown[], R>(load: () => Promise<(...args: A) => Promise<R>>) {
  let loaded: Promise<(...args: A) => Promise<R>> | undefined;
  return async (...args: A): Promise<R> => {
    loaded ??= load().catch((err: unknown) => {
      loaded = undefined;
      throw err;
    });
    return (await loaded)(...args);
  };
}
