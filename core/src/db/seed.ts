// First-start seed: a plan with every flag on, company 1 (never expires) and
// its super admin. Runs once; a second start finds company 1 and does nothing.
import { hashPassword } from "../kernel/password-hashing.ts";
import { Company, Plan, User } from "./entities/index.ts";
import type { Db } from "./orm.ts";

export type SeedResult = { created: boolean; email: string };

export async function seed(db: Db, admin: { email: string; password: string }): Promise<SeedResult> {
  const em = db.orm.em.fork();
  if (await em.findOne(Company, { id: 1 })) return { created: false, email: admin.email };
  await em.transactional(async (tx) => {
    const plan = tx.create(Plan, { name: "Plano 1", users: 10, connections: 10, queues: 10, amount: 0 });
    await tx.flush();
    tx.create(Company, { id: 1, name: "Empresa 1", dueDate: "2999-12-31", planId: plan.id, status: true });
    await tx.flush();
    tx.create(User, {
      companyId: 1,
      name: "Admin",
      email: admin.email.toLowerCase(),
      passwordHash: await hashPassword(admin.password),
      profile: "admin",
      super: true,
    });
    await tx.flush();
    // The explicit id 1 leaves the serial behind; move it past.
    await tx.execute("SELECT setval('companies_id_seq', (SELECT max(id) FROM companies))");
  });
  return { created: true, email: admin.email };
}
