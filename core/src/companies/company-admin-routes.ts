// The super user's companies (spec 3 §7 Companies and plans): GET /companies/list, GET /companies,
// GET /companiesPlan/, GET /companies/listPlan/{id}, POST /companies, PUT /companies/{id}, DELETE /companies/{id};
// and the company users dialog's GET and POST /companies/{id}/users, PUT and DELETE /companies/{id}/users/{userId}
// (spec 3 §2; §7 names no call for it).
// Mounted before GET /companies/{id} (company-routes.ts) so that "list" is never read as an id.
import { type RequestHandler, Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import {
  ZCompaniesQuerySchema,
  ZCreateCompanyRequestSchema,
  ZUpdateCompanyRequestSchema,
} from "../contract/companies.ts";
import { zIdParam } from "../contract/ids.ts";
import { ZCompanyUserUpdateRequestSchema, ZCreateUserRequestSchema } from "../contract/users.ts";
import { lazyUseCase } from "../db/lazy-use-case.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import { authorizeCompanies, findCompanyPlan, listAllCompanies, listCompaniesPage } from "./company-admin.ts";
import { removeCompanyFolder } from "./company-folder.ts";
import { createCompanyUser, deleteCompanyUser, listCompanyUsers, updateCompanyUser } from "./company-users.ts";

// On the company EntityManager: loaded with MikroORM on the first call (decision 0039).
const createCompany = lazyUseCase(async () => (await import("./company-admin-writes.ts")).createCompany);
const updateCompany = lazyUseCase(async () => (await import("./company-admin-writes.ts")).updateCompany);
const deleteCompany = lazyUseCase(async () => (await import("./company-admin-writes.ts")).deleteCompany);

export function companyAdminRoutes(pool: pg.Pool, dataDir: string): Router {
  const router = Router();
  router.get("/companies/list", async (_req, res) => {
    res.json(await listAllCompanies(pool, actorOf(res)));
  });
  const page: RequestHandler = async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    res.json(await listCompaniesPage(pool, dataDir, actor, parse(ZCompaniesQuerySchema, req.query)));
  };
  router.get("/companies", page);
  router.get("/companiesPlan", page);
  router.get("/companies/listPlan/:id", async (req, res) => {
    res.json(await findCompanyPlan(pool, actorOf(res), parse(zIdParam, req.params.id)));
  });
  router.get("/companies/:id/users", async (req, res) => {
    res.json(await listCompanyUsers(pool, actorOf(res), parse(zIdParam, req.params.id)));
  });
  router.post("/companies/:id/users", async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZCreateUserRequestSchema, req.body ?? {});
    res.status(201).json(await transaction(pool, (c) => createCompanyUser(c, actor, id, input)));
  });
  router.put("/companies/:id/users/:userId", async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    const id = parse(zIdParam, req.params.id);
    const userId = parse(zIdParam, req.params.userId);
    const input = parse(ZCompanyUserUpdateRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (c) => updateCompanyUser(c, actor, id, userId, input)));
  });
  router.delete("/companies/:id/users/:userId", async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    const id = parse(zIdParam, req.params.id);
    const userId = parse(zIdParam, req.params.userId);
    await transaction(pool, (c) => deleteCompanyUser(c, actor, id, userId));
    res.status(204).end();
  });
  router.post("/companies", async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    const input = parse(ZCreateCompanyRequestSchema, req.body ?? {});
    res.status(201).json(await transaction(pool, (c) => createCompany(c, dataDir, actor, input)));
  });
  router.put("/companies/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    const id = parse(zIdParam, req.params.id);
    const input = parse(ZUpdateCompanyRequestSchema, req.body ?? {});
    res.json(await transaction(pool, (c) => updateCompany(c, dataDir, actor, id, input)));
  });
  router.delete("/companies/:id", async (req, res) => {
    const actor = actorOf(res);
    authorizeCompanies(actor);
    const id = parse(zIdParam, req.params.id);
    await transaction(pool, (c) => deleteCompany(c, actor, id));
    // After the commit: a folder that cannot be removed leaves files behind, never a half-deleted company.
    await removeCompanyFolder(dataDir, id).catch(() => {});
    res.json({ message: "Company deleted" });
  });
  return router;
}
