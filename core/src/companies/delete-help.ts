// Use case: the super user deletes a help video (DELETE /helps/{id}), on the EntityManager (decision 0085).
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import { companyEm } from "../db/company-em.ts";
import { Help } from "../db/entities/tenancy.ts";
import { authorizeHelpEdits, helpNotFound } from "./help-policy.ts";

export async function deleteHelp(client: pg.ClientBase, actor: Actor, id: number): Promise<void> {
  authorizeHelpEdits(actor);
  const deleted = await companyEm(client, actor.companyId).nativeDelete(Help, { id });
  if (deleted === 0) throw helpNotFound();
}
