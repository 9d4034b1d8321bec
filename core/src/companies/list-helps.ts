// The platform's help videos as GET /helps and GET /helps/list answer them (the help page and the menu's item).
// A read every signed-in user makes, on the pool: it does not load the EntityManager (decision 0085).
import type pg from "pg";
import type { HelpDTO } from "../contract/helps.ts";
import type { IHelp } from "../db/entities/tenancy.ts";

/** What the help calls answer of a help video. */
export const helpAnswer = (help: Pick<IHelp, keyof HelpDTO>): HelpDTO => ({
  id: help.id,
  title: help.title,
  description: help.description,
  video: help.video,
});

export async function listHelps(db: pg.Pool | pg.ClientBase): Promise<HelpDTO[]> {
  const { rows } = await db.query<HelpDTO>("SELECT id, title, description, video FROM helps ORDER BY title, id");
  return rows.map(helpAnswer);
}
