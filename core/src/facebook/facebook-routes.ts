// POST /facebook (spec 2 §7): connects the Facebook pages (and, with addInstagram, their Instagram business
// accounts) of the user the social login names (decision 0052).
import { Router } from "express";
import type pg from "pg";
import { actorOf } from "../auth/authenticate.ts";
import { ZConnectFacebookRequestSchema } from "../contract/facebook.ts";
import { parse } from "../kernel/errors.ts";
import { transaction } from "../kernel/transaction.ts";
import type { GraphApi } from "../meta/graph-api.ts";
import { authorizeWhatsapp } from "../whatsapps/whatsapp-policy.ts";
import { connectFacebook } from "./connect-facebook.ts";
import { type FacebookApp, listUserPages, longLivedUserToken, subscribePage } from "./graph-pages.ts";

/** `app`: the Meta app, whose id and secret exchange the user token for a long-lived one (decision 0093). */
export function facebookRoutes(pool: pg.Pool, graph: GraphApi, app: FacebookApp = {}): Router {
  const router = Router();
  router.post("/facebook", async (req, res) => {
    const actor = actorOf(res);
    authorizeWhatsapp(actor, "create");
    const input = parse(ZConnectFacebookRequestSchema, req.body);
    // Outside calls before the transaction: none of them ever holds a row lock.
    // A long-lived user token first: the page tokens listed with it do not expire (decision 0093).
    const userToken = await longLivedUserToken(graph, app, input.facebookUserToken);
    const pages = await listUserPages(graph, input.facebookUserId, userToken);
    // Ten at a time: up to MAX_PAGES calls, without one request holding a hundred sockets.
    for (let i = 0; i < pages.length; i += 10) {
      await Promise.all(pages.slice(i, i + 10).map((page) => subscribePage(graph, page)));
    }
    const whatsapps = await transaction(pool, (c) => connectFacebook(c, actor, pages, input.addInstagram));
    res.status(201).json({ whatsapps });
  });
  return router;
}
