// Help videos (spec 3 §7): GET /helps and GET /helps/list for every signed-in user (the help page and the
// menu's helps item, shown only when records exist); POST /helps, PUT /helps/{id}, DELETE /helps/{id} for the
// super user only. They are the platform's, not a company's.
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { type HelpDTO, ZHelpRequestSchema } from "../contract/helps.ts";
import { zIdParam } from "../contract/ids.ts";
import { AppError, noPermission, parse } from "../kernel/errors.ts";

const helpNotFound = () => new AppError("ERR_NOT_FOUND", "Help not found");
const COLUMNS = "id, title, description, video";

export function helpRoutes(pool: pg.Pool): Router {
  const router = Router();
  const list = async () => (await pool.query<HelpDTO>(`SELECT ${COLUMNS} FROM helps ORDER BY title, id`)).rows;
  router.get("/helps", async (_req, res) => {
    res.json(await list());
  });
  router.get("/helps/list", async (_req, res) => {
    res.json(await list());
  });
  router.post("/helps", async (req, res) => {
    if (!actorOf(res).super) throw noPermission();
    const input = parse(ZHelpRequestSchema, req.body);
    const { rows } = await pool.query<HelpDTO>(
      `INSERT INTO helps (title, description, video) VALUES ($1, $2, $3) RETURNING ${COLUMNS}`,
      [input.title, input.description ?? "", input.video ?? ""],
    );
    res.status(201).json(rows[0]);
  });
  router.put("/helps/:id", async (req, res) => {
    if (!actorOf(res).super) throw noPermission();
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZHelpRequestSchema, req.body);
    const { rows } = await pool.query<HelpDTO>(
      `UPDATE helps SET title = $2, description = COALESCE($3, description), video = COALESCE($4, video),
         updated_at = now() WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, input.title, input.description ?? null, input.video ?? null],
    );
    if (!rows[0]) throw helpNotFound();
    res.json(rows[0]);
  });
  router.delete("/helps/:id", async (req, res) => {
    if (!actorOf(res).super) throw noPermission();
    const id = parse(zIdParam, req.params.id);
    const { rowCount } = await pool.query("DELETE FROM helps WHERE id = $1", [id]);
    if (!rowCount) throw helpNotFound();
    res.json({ message: "Help deleted" });
  });
  return router;
}
