// Builds core's HTTP application: the REST API, the sync endpoints, the
// channel webhooks and the built PWA, on one origin.
import { existsSync } from "node:fs";
import path from "node:path";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import { authenticate } from "./auth/authenticate.ts";
import { accessLog } from "./http/access-log.ts";
import { errorHandler } from "./http/error-handler.ts";
import { closeWhenDraining, healthRoutes } from "./http/health.ts";
import { metricsRoute } from "./http/metrics.ts";
import { type AppDeps, publicRoutes, sessionRoutes } from "./http/routes.ts";
import { paymentWebhookRoutes } from "./invoices/payment-webhook-routes.ts";
import { routeNotFound } from "./kernel/errors.ts";
import { refuseNulBytes } from "./kernel/nul-bytes.ts";
import { VERSION } from "./kernel/version.ts";
import { graphApiOf } from "./meta/graph-api.ts";
import { compressAnswers } from "./serving/compress-answers.ts";
import { pwaFiles } from "./serving/pwa-files.ts";
import { securityHeaders } from "./serving/security-headers.ts";
import { authRoutes } from "./sessions/session-routes.ts";
import { messengerWebhook } from "./webhooks/messenger.ts";
import { whatsappCloudWebhook } from "./webhooks/whatsapp-cloud.ts";

export type { AppDeps } from "./http/routes.ts";

/** Paths that are only ever API, never an app route. */
const HARD_API_PREFIXES = [
  "/auth",
  "/sync",
  "/webhooks",
  "/version",
  "/healthz",
  "/readyz",
  "/metrics",
  "/ws",
  "/collab",
  "/api",
  "/assets",
];

export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  // Rate limits key on req.ip: behind a reverse proxy it must be told which hops to believe.
  if (deps.config.trustProxy !== undefined) app.set("trust proxy", deps.config.trustProxy);
  // First, so that every answer carries them: errors, 404s and the webhooks included.
  app.use(securityHeaders);
  // A request id on every answer, and the access log's line when it is answered.
  app.use(accessLog({ enabled: deps.config.accessLog === true }));
  const health = deps.health ?? { draining: false };
  app.use(closeWhenDraining(health));
  // Probes come often and want no compression, body parsing or session.
  app.use(healthRoutes(deps.pool, health));
  app.use(metricsRoute(deps.metrics, deps.config.metricsToken));
  if (deps.metrics) {
    app.use(deps.metrics.timeRequests);
  }
  app.use(compressAnswers());
  // Webhooks read their raw body to check signatures: mounted before the JSON parser.
  app.use(
    whatsappCloudWebhook(deps.pool, deps.batcher, {
      dataDir: deps.config.dataDir,
      graphApiUrl: deps.config.graphApiUrl,
      graphApiVersion: deps.config.graphApiVersion,
    }),
  );
  app.use(
    messengerWebhook(deps.pool, deps.batcher, {
      appSecret: deps.config.facebookAppSecret,
      verifyToken: deps.config.facebookVerifyToken,
      graph: graphApiOf(deps.config),
      dataDir: deps.config.dataDir,
    }),
  );
  app.use(paymentWebhookRoutes(deps.pool, deps.config));
  app.use(express.json({ limit: "2mb" }));
  app.use(refuseNulBytes());
  app.use(cookieParser());

  app.get("/version", (_req, res) => {
    res.json({ version: VERSION });
  });
  app.use(
    authRoutes({
      ...deps,
      refreshTtl: deps.config.refreshTtl,
      secureCookies: deps.config.secureCookies,
      limits: deps.config.limits,
    }),
  );

  const pwaDir = deps.config.pwaDir;
  const pwa = pwaDir && existsSync(path.join(pwaDir, "index.html")) ? pwaFiles(pwaDir) : undefined;
  // A browser navigation to an app route that shares its path with the API (/tickets/...)
  // gets the app shell; the API answers fetches (which ask for JSON and carry a token).
  app.use((req, res, next) => {
    const navigation = req.method === "GET" && !req.headers.authorization && req.accepts(["json", "html"]) === "html";
    if (!pwa || !navigation || HARD_API_PREFIXES.some((p) => req.path === p || req.path.startsWith(`${p}/`))) {
      return next();
    }
    pwa.sendShell(req, res, next);
  });

  for (const router of publicRoutes(deps)) app.use(router);

  if (pwa) app.use(pwa.middleware);
  // Only build files live under /assets: one that is not there (an old chunk after a deploy, a typo) is a 404,
  // not an API call that wants a session.
  app.use("/assets", (_req, _res, next) => next(routeNotFound()));
  // Everything else needs a live session.
  const session = express.Router();
  session.use(authenticate(deps.pool, deps.tokens, deps.actors));
  for (const router of sessionRoutes(deps)) session.use(router);
  app.use(session);
  app.use((_req, _res, next) => next(routeNotFound()));
  app.use(errorHandler);
  return app;
}
