// What a device's next pull says about the admin lists read over REST after a write (decision 0063).
import type { TestCore } from "./test-core.ts";

/** The cursor of `token`'s replica as of now (a whole first pull). */
export async function currentCursor(core: TestCore, token: string): Promise<string> {
  let res = await core.api("GET", "/sync/pull", { token });
  while (res.body.more) res = await core.api("GET", `/sync/pull?cursor=${res.body.cursor}`, { token });
  return res.body.cursor as string;
}

/** The `lists` of the pull after `cursor` (undefined when it names none). */
export async function listsChangedSince(core: TestCore, token: string, cursor: string): Promise<string[] | undefined> {
  return (await core.api("GET", `/sync/pull?cursor=${cursor}`, { token })).body.lists;
}

/** The `lists` of `token`'s next pull after `write`. */
export async function listsChangedBy(
  core: TestCore,
  token: string,
  write: () => Promise<unknown>,
): Promise<string[] | undefined> {
  const cursor = await currentCursor(core, token);
  await write();
  return listsChangedSince(core, token, cursor);
}
