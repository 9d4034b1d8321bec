// A Baileys session's auth state in PostgreSQL (table baileys_auth, decision 0049), never in files: the creds
// as one row (category "creds") and every Signal key Baileys asks for (each type of its SignalDataTypeMap) as
// one row per key. Baileys wraps this store in its own transaction layer (addTransactionCapability) and hands
// us each committed batch through keys.set: that batch is written in one database transaction, so a crash
// between two batches leaves the earlier ones whole and the later ones absent, never half of one.
import { transaction } from "@chatflow/core/kernel/transaction.ts";
import {
  type AuthenticationCreds,
  type AuthenticationState,
  BufferJSON,
  initAuthCreds,
  proto,
  type SignalDataSet,
  type SignalDataTypeMap,
} from "@whiskeysockets/baileys";
import type pg from "pg";

const CREDS = "creds";

export type PostgresAuthState = {
  state: AuthenticationState;
  /** Writes the creds as they are now (Baileys' creds.update). */
  saveCreds(): Promise<void>;
  /** Forgets the whole session (logged out, new QR). */
  clear(): Promise<void>;
  /** Whether stored creds were found when this was loaded: a paired session to reconnect with. */
  hadCreds: boolean;
};

/** A value in Baileys' own JSON encoding (Buffers as base64), as jsonb text. */
const encode = (value: unknown) => JSON.stringify(value, BufferJSON.replacer);
const decode = (text: string) => JSON.parse(text, BufferJSON.reviver) as unknown;

type Owner = { companyId: number; whatsappId: number };

/** Writes one batch of keys (null deletes) in one transaction: all of it or none. */
export async function writeKeys(pool: pg.Pool, owner: Owner, data: SignalDataSet): Promise<void> {
  const put: { category: string; id: string; value: string }[] = [];
  const gone: { category: string; id: string }[] = [];
  for (const category of Object.keys(data) as (keyof SignalDataTypeMap)[]) {
    for (const [id, value] of Object.entries(data[category] ?? {})) {
      if (value === null || value === undefined) gone.push({ category, id });
      else put.push({ category, id, value: encode(value) });
    }
  }
  if (put.length === 0 && gone.length === 0) return;
  await transaction(pool, async (client) => {
    if (put.length > 0) {
      await client.query(
        `INSERT INTO baileys_auth (company_id, whatsapp_id, category, key_id, value)
         SELECT $1, $2, c, k, v::jsonb FROM unnest($3::text[], $4::text[], $5::text[]) AS i(c, k, v)
         ON CONFLICT (whatsapp_id, category, key_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
         WHERE baileys_auth.company_id = $1`,
        [owner.companyId, owner.whatsappId, put.map((p) => p.category), put.map((p) => p.id), put.map((p) => p.value)],
      );
    }
    if (gone.length > 0) {
      await client.query(
        `DELETE FROM baileys_auth a USING unnest($3::text[], $4::text[]) AS i(c, k)
         WHERE a.company_id = $1 AND a.whatsapp_id = $2 AND a.category = i.c AND a.key_id = i.k`,
        [owner.companyId, owner.whatsappId, gone.map((g) => g.category), gone.map((g) => g.id)],
      );
    }
  });
}

export async function readKeys<T extends keyof SignalDataTypeMap>(
  pool: pg.Pool,
  owner: Owner,
  category: T,
  ids: string[],
): Promise<{ [id: string]: SignalDataTypeMap[T] }> {
  const out: { [id: string]: SignalDataTypeMap[T] } = {};
  if (ids.length === 0) return out;
  const { rows } = await pool.query<{ key_id: string; value: string }>(
    `SELECT key_id, value::text AS value FROM baileys_auth
     WHERE company_id = $1 AND whatsapp_id = $2 AND category = $3 AND key_id = ANY($4::text[])`,
    [owner.companyId, owner.whatsappId, category, ids],
  );
  for (const r of rows) {
    let value = decode(r.value);
    // Baileys reads this one as its protobuf class, as its own file store does.
    if (category === "app-state-sync-key") value = proto.Message.AppStateSyncKeyData.fromObject(value as object);
    out[r.key_id] = value as SignalDataTypeMap[T];
  }
  return out;
}

/** Deletes a connection's whole auth state. */
export async function clearAuth(pool: pg.Pool, owner: Owner): Promise<void> {
  await pool.query("DELETE FROM baileys_auth WHERE company_id = $1 AND whatsapp_id = $2", [
    owner.companyId,
    owner.whatsappId,
  ]);
}

/** Loads (or starts) a connection's auth state, in the shape makeWASocket's `auth` takes. */
export async function postgresAuthState(pool: pg.Pool, owner: Owner): Promise<PostgresAuthState> {
  const { rows } = await pool.query<{ value: string }>(
    "SELECT value::text AS value FROM baileys_auth WHERE company_id = $1 AND whatsapp_id = $2 AND category = $3 AND key_id = ''",
    [owner.companyId, owner.whatsappId, CREDS],
  );
  const stored = rows[0] ? (decode(rows[0].value) as AuthenticationCreds) : null;
  const creds = stored ?? initAuthCreds();
  return {
    hadCreds: stored !== null,
    state: {
      creds,
      keys: {
        get: (type, ids) => readKeys(pool, owner, type, ids),
        set: (data) => writeKeys(pool, owner, data),
        clear: () => clearAuth(pool, owner),
      },
    },
    async saveCreds() {
      await pool.query(
        `INSERT INTO baileys_auth (company_id, whatsapp_id, category, key_id, value) VALUES ($1, $2, $3, '', $4::jsonb)
         ON CONFLICT (whatsapp_id, category, key_id) DO UPDATE SET value = EXCLUDED.value, updated_at = now()
         WHERE baileys_auth.company_id = $1`,
        [owner.companyId, owner.whatsappId, CREDS, encode(creds)],
      );
    },
    clear: () => clearAuth(pool, owner),
  };
}
