// Small builders for tests: each makes one record with sensible defaults.
import { randomUUID } from "node:crypto";
import type pg from "pg";
import { hashPassword } from "../kernel/password-hashing.ts";

let n = 0;
const next = () => ++n;

export async function buildCompany(pool: pg.Pool, o: { name?: string; dueDate?: string } = {}) {
  const { rows } = await pool.query<{ id: number }>(
    "INSERT INTO companies (name, due_date) VALUES ($1, $2) RETURNING id",
    [o.name ?? `Company ${next()}`, o.dueDate ?? "2999-12-31"],
  );
  return { id: rows[0]!.id };
}

export async function buildUser(
  pool: pg.Pool,
  o: { companyId: number; email?: string; password?: string; profile?: "admin" | "user"; name?: string },
) {
  const email = o.email ?? `user${next()}-${randomUUID().slice(0, 8)}@example.com`;
  const password = o.password ?? "secret123";
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO users (company_id, name, email, password_hash, profile) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [o.companyId, o.name ?? "User", email, await hashPassword(password), o.profile ?? "admin"],
  );
  return { id: rows[0]!.id, email, password };
}

export async function buildWhatsapp(
  pool: pg.Pool,
  o: {
    companyId: number;
    channel?: string;
    phoneNumberId?: string;
    accessToken?: string;
    appSecret?: string;
    verifyToken?: string;
    status?: string;
  },
) {
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO whatsapps (company_id, name, channel, status, is_default, phone_number_id, access_token, app_secret,
       verify_token) VALUES ($1, $2, $3, $4, true, $5, $6, $7, $8) RETURNING id`,
    [
      o.companyId,
      `Connection ${next()}`,
      o.channel ?? "whatsappapi",
      o.status ?? "CONNECTED",
      o.phoneNumberId ?? null,
      o.accessToken ?? null,
      o.appSecret ?? null,
      o.verifyToken ?? null,
    ],
  );
  return { id: rows[0]!.id };
}

export async function buildContact(pool: pg.Pool, o: { companyId: number; number?: string; name?: string }) {
  const { rows } = await pool.query<{ id: number }>(
    "INSERT INTO contacts (company_id, name, number) VALUES ($1, $2, $3) RETURNING id",
    [o.companyId, o.name ?? "Contact", o.number ?? `5511${String(900000000 + next())}`],
  );
  return { id: rows[0]!.id };
}

export async function buildTicket(
  pool: pg.Pool,
  o: {
    companyId: number;
    contactId: number;
    whatsappId?: number | null;
    status?: string;
    userId?: number | null;
    queueId?: number | null;
  },
) {
  const { rows } = await pool.query<{ id: number; uuid: string }>(
    `INSERT INTO tickets (company_id, contact_id, whatsapp_id, status, user_id, queue_id, channel)
     VALUES ($1, $2, $3, $4, $5, $6, 'whatsappapi') RETURNING id, uuid`,
    [o.companyId, o.contactId, o.whatsappId ?? null, o.status ?? "pending", o.userId ?? null, o.queueId ?? null],
  );
  return rows[0]!;
}

export async function buildQueue(pool: pg.Pool, o: { companyId: number; name?: string; color?: string }) {
  const i = next();
  const { rows } = await pool.query<{ id: number }>(
    "INSERT INTO queues (company_id, name, color) VALUES ($1, $2, $3) RETURNING id",
    [o.companyId, o.name ?? `Queue ${i}`, o.color ?? `#${(0x100000 + i).toString(16)}`],
  );
  return { id: rows[0]!.id };
}
