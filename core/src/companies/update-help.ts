// Use case: the super user edits a help video (PUT /helps/{id}), on the EntityManager (decision 0085). A field left
// out of the request keeps its value; the title is always sent.
import { raw } from "@mikro-orm/postgresql";
import type pg from "pg";
import type { Actor } from "../auth/authenticate.ts";
import type { HelpDTO, THelpRequest } from "../contract/helps.ts";
import { companyEm } from "../db/company-em.ts";
import { Help } from "../db/entities/tenancy.ts";
import { authorizeHelpEdits, helpNotFound } from "./help-policy.ts";
import { helpAnswer } from "./list-helps.ts";

export async function updateHelp(
  client: pg.ClientBase,
  actor: Actor,
  id: number,
  input: THelpRequest,
): Promise<HelpDTO> {
  authorizeHelpEdits(actor);
  const em = companyEm(client, actor.companyId);
  const changed = await em.nativeUpdate(
    Help,
    { id },
    {
      title: input.title,
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.video !== undefined ? { video: input.video } : {}),
      updatedAt: raw("now()"),
    },
  );
  if (changed === 0) throw helpNotFound();
  const help = await em.findOne(Help, { id });
  if (!help) throw helpNotFound();
  return helpAnswer(help);
}
