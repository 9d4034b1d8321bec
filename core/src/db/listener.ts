// A LISTEN connection that comes back: a PostgreSQL restart or a network blip must
// not silently end the realtime pokes or the actor cache's evictions for the life
// of the process. The first connection must succeed (start-up fails loudly); later
// losses are logged and retried with backoff.

import pg from "pg";
import { backoffDelay } from "../kernel/backoff.ts";
import { logger } from "../kernel/logger.ts";

export type ListenOptions = {
  databaseUrl: string;
  channels: readonly string[];
  onNotification(channel: string, payload: string): void;
  /** The connection is lost: notifications may be missed from here until onUp. */
  onDown?(): void;
  /** Listening again after a loss (not called for the first connection). */
  onUp?(): void;
  /** Named in pg_stat_activity.application_name. */
  name: string;
  /** First retry delay; doubles up to 30 s. */
  retryMs?: number;
  log?: (message: string) => void;
};

export type Listener = { close(): Promise<void> };

export async function listen(opts: ListenOptions): Promise<Listener> {
  let closed = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;
  const policy = { baseMs: opts.retryMs ?? 1000, maxMs: 30_000 };
  /** The next reconnection's number since the last loss: the wait doubles with each that fails. */
  let attempt = 1;
  let retry = backoffDelay(attempt, policy);
  const log = opts.log ?? ((m: string) => logger.warn({ listener: opts.name }, m));

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: opts.databaseUrl, application_name: opts.name });
    c.on("notification", (msg) => opts.onNotification(msg.channel, msg.payload ?? ""));
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost || closed) return;
      lost = true;
      client = null;
      log(`${opts.name}: connection lost${err ? ` (${err.message})` : ""}; listening again in ${retry} ms`);
      opts.onDown?.();
      c.end().catch(() => {});
      schedule();
    };
    c.on("error", onLost);
    c.on("end", () => onLost());
    await c.connect();
    for (const channel of opts.channels) await c.query(`LISTEN ${channel}`);
    client = c;
  };

  const schedule = () => {
    timer = setTimeout(async () => {
      if (closed) return;
      try {
        await connect();
        attempt = 1;
        retry = backoffDelay(attempt, policy);
        log(`${opts.name}: listening again`);
        opts.onUp?.();
      } catch (err) {
        attempt += 1;
        retry = backoffDelay(attempt, policy);
        log(`${opts.name}: ${(err as Error).message}; retrying in ${retry} ms`);
        schedule();
      }
    }, retry);
  };

  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => {});
    },
  };
}
