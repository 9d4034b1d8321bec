// Use case: the super user adds a help video (POST /helps), on the EntityManager (decision 0085: a settings-like
// record's CRUD). Help videos are the platform's, not a company's: the entity has no company filter.
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { HelpDTO, THelpRequest } from "../contract/helps.ts";
import { companyEm } from "../db/company-em.ts";
import { Help } from "../db/entities/tenancy.ts";
import { authorizeHelpEdits } from "./help-policy.ts";
import { helpAnswer } from "./list-helps.ts";

export async function createHelp(client: pg.ClientBase, actor: Actor, input: THelpRequest): Promise<HelpDTO> {
  authorizeHelpEdits(actor);
  const em = companyEm(client, actor.companyId);
  const help = em.create(Help, { title: input.title, description: input.description ?? "", video: input.video ?? "" });
  await em.flush();
  return helpAnswer(help);
}
