// Core's configuration, read once from the environment (README "Configuration").
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Limit } from "./rate-limit.ts";
import { tokenSecretCandidate } from "./shared-secrets.ts";
import { DEFAULT_PUSH_SERVICE_ORIGINS, type VapidKeys, vapidKeysFromEnv, vapidSubject } from "./vapid-keys.ts";

/** Rate limits and the password-hashing cap (decision 0022). */
export type AbuseLimits = {
  /** Login attempts per e-mail per window (LOGIN_MAX_PER_ACCOUNT, LOGIN_WINDOW_SECONDS); a success clears it. */
  loginPerAccount: Limit;
  /** Login attempts per client address per window (LOGIN_MAX_PER_IP, LOGIN_WINDOW_SECONDS). */
  loginPerIp: Limit;
  /** Signups per client address per window (SIGNUP_MAX_PER_IP, SIGNUP_WINDOW_SECONDS). */
  signupPerIp: Limit;
  /**
   * Contact look-ups by whole number (GET /contacts/profile/{number}) per user per window
   * (CONTACT_LOOKUP_MAX_PER_USER, CONTACT_LOOKUP_WINDOW_SECONDS): each answers whether a number is a contact.
   */
  contactLookupPerUser: Limit;
  /** Calls of the external messages API per connection token (decision 0077). */
  externalApiPerToken: Limit;
  /**
   * User creates and e-mail changes refused because another company's user holds the e-mail, per company per
   * window (USER_EMAIL_REFUSALS_MAX_PER_COMPANY, USER_EMAIL_REFUSALS_WINDOW_SECONDS); past it every create and
   * e-mail change of the company waits for the window (decision 0044).
   */
  emailRefusalsPerCompany: Limit;
  /** argon2 hashes and verifies run at once per process (PASSWORD_HASH_CONCURRENCY). */
  passwordHashConcurrency: number;
};

/** Password reset (decision 0078): limits per client address and per e-mail, and how long a code lives. */
export type PasswordResetConfig = {
  /** Code requests (POST /forgetpsw/{email}) per client address per window (RESET_MAX_REQUESTS_PER_IP). */
  requestPerIp: Limit;
  /** Code requests per e-mail per window (RESET_MAX_REQUESTS_PER_EMAIL): bounds the mail one inbox gets. */
  requestPerEmail: Limit;
  /** Reset tries (POST /resetpasswords/...) per client address per window (RESET_MAX_TRIES_PER_IP). */
  resetPerIp: Limit;
  /** Reset tries per e-mail per window (RESET_MAX_TRIES_PER_EMAIL): bounds code guessing from many addresses. */
  resetPerEmail: Limit;
  /** Seconds a code stays valid (RESET_CODE_TTL_SECONDS). */
  codeTtlSeconds: number;
};

/** Outgoing e-mail (password-reset codes). */
export type MailConfig = {
  /** smtp://user:pass@host:port or smtps://... (SMTP_URL); absent: no e-mail is sent and a warning is logged. */
  smtpUrl?: string;
  /** The sender (MAIL_FROM), e.g. "Chat-flow <no-reply@example.com>". */
  from: string;
};

export type CoreConfig = {
  port: number;
  databaseUrl?: string;
  dataDir: string;
  jwtSecret: string;
  /**
   * The token secret is this instance's candidate, not given (no JWT_SECRET): the installation's shared one is
   * read from the database at start (decision 0095). Tests that give `jwtSecret` leave it unset.
   */
  jwtSecretShared?: boolean;
  /** DATABASE_POOL_SIZE (default 20 for core), DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_IDLE_TIMEOUT_MS. */
  database?: PoolSettings;
  /** Where the built PWA is served from, if it exists. */
  pwaDir?: string;
  /** Access-token lifetime in seconds. */
  accessTtl: number;
  /** Refresh-token lifetime in seconds. */
  refreshTtl: number;
  adminEmail: string;
  adminPassword: string;
  /** Cookies marked Secure (behind TLS). */
  secureCookies: boolean;
  /** The sync server (Hocuspocus) that /collab WebSocket upgrades are forwarded to. */
  syncUrl?: string;
  /** OpenAI's API root for audio transcription (tests point it at a local stand-in). */
  openaiBaseUrl?: string;
  /**
   * INTEGRATIONS_ALLOW_PRIVATE_TARGETS=true, as the channel worker reads it: a queue integration's URL may name a
   * loopback or private address when saved (decision 0118); absent: refused.
   */
  integrationsAllowPrivateTargets?: boolean;
  /** The Graph API root (GRAPH_API_URL, as the channel worker's) that Cloud API webhook media are downloaded from. */
  graphApiUrl?: string;
  /** Its version path segment (GRAPH_API_VERSION). */
  graphApiVersion?: string;
  /** The Meta app's secret that signs Messenger and Instagram webhooks (FACEBOOK_APP_SECRET; decision 0052). */
  facebookAppSecret?: string;
  /** The Meta app's id (FACEBOOK_APP_ID): with the secret, a Facebook user token is exchanged for a long-lived one (0093). */
  facebookAppId?: string;
  /** What Meta's Messenger/Instagram webhook handshake must name (FACEBOOK_VERIFY_TOKEN). */
  facebookVerifyToken?: string;
  /** How long a signed-in user's row is reused across requests, in ms (0: read it on every request). */
  actorCacheMs: number;
  /** Contact spreadsheet imports parsed at once by one core process, each in its own worker thread. */
  importWorkers: number;
  /** How long POST /contacts/upload waits for its import to end and answer the counts, in ms; past it, 202. */
  importWaitMs: number;
  limits: AbuseLimits;
  /** Express's "trust proxy" (TRUST_PROXY): which proxies' X-Forwarded-For names the client address. */
  trustProxy?: boolean | number | string;
  /**
   * Stopping (SIGTERM): how long /readyz answers 503 before the listener closes (DRAIN_DELAY_MS, 0), so a load
   * balancer that probes it moves the traffic first; then how long requests in flight may take to end
   * (DRAIN_TIMEOUT_MS, 25 s) before their connections are cut.
   */
  drainDelayMs?: number;
  drainTimeoutMs?: number;
  /**
   * After the drain, how long the clean-up (push, actors, imports, the database pool) may take before the process
   * exits anyway with status 1 (STOP_GRACE_MS, 10 s): a database that stopped answering mid-stop must not keep a
   * stopped core alive for ever.
   */
  stopGraceMs?: number;
  /** The bearer token a Prometheus scrape of GET /metrics must send (METRICS_TOKEN); absent: no /metrics. */
  metricsToken?: string;
  /** One JSON line per request (ACCESS_LOG=off turns it off; decision 0096); absent (tests): off. */
  accessLog?: boolean;
  /** Web push signing keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT); absent: the installation's, in the database. */
  vapid?: VapidKeys;
  /** VAPID_SUBJECT (else the admin's mailto:), for the installation's pair when the environment gives none. */
  vapidSubject?: string;
  /** Origins a push subscription's endpoint may name (PUSH_SERVICE_ORIGINS); core posts notifications only there. */
  pushServiceOrigins?: string[];
  /** The EFI Pix API root (EFI_PIX_URL; default production) and a CA to trust for it (EFI_PIX_CA, a PEM file). */
  efiPixUrl?: string;
  efiPixCa?: string;
  /**
   * The payment links' API roots (decision 0110): STRIPE_API_URL, MERCADOPAGO_API_URL and ASAAS_API_URL (Asaas's
   * sandbox is https://api-sandbox.asaas.com/v3); absent: each provider's production address.
   */
  stripeApiUrl?: string;
  mercadopagoApiUrl?: string;
  asaasApiUrl?: string;
  /** core's address as the internet sees it (PUBLIC_URL): checkout registers the Pix webhook under it. */
  publicUrl?: string;
  /** Outgoing e-mail; absent: none is sent. */
  mail?: MailConfig;
  /** Password-reset limits; absent: loadPasswordReset's defaults. */
  passwordReset?: PasswordResetConfig;
  /** Where media files live (MEDIA_STORE and the S3_ variables, decision 0094); absent: the folder under dataDir. */
  mediaStore?: MediaStoreConfig;
};

/**
 * The one media store of an installation (decision 0094): the folder under DATA_DIR (MEDIA_STORE=local, the
 * default) or an S3-compatible bucket (MEDIA_STORE=s3) that every core and worker of the installation shares.
 */
export type MediaStoreConfig =
  | { kind: "local" }
  | {
      kind: "s3";
      /** S3_BUCKET: the bucket, created beforehand by the operator. */
      bucket: string;
      /** S3_REGION (default us-east-1; R2 takes "auto"). */
      region: string;
      /** S3_ENDPOINT: an S3-compatible server (MinIO, R2...); absent: AWS S3 itself. */
      endpoint?: string;
      /** S3_FORCE_PATH_STYLE=true: http://host/bucket/key rather than http://bucket.host/key (MinIO wants it). */
      forcePathStyle: boolean;
      /** S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY; absent: the AWS SDK's own chain (instance role, AWS_ variables). */
      credentials?: { accessKeyId: string; secretAccessKey: string };
    };

/** MEDIA_STORE and the S3_ variables; core, the worker and the copy command read them through this. */
export function loadMediaStoreConfig(env: NodeJS.ProcessEnv = process.env): MediaStoreConfig {
  const kind = env.MEDIA_STORE || "local";
  if (kind === "local") return { kind: "local" };
  if (kind !== "s3") throw new Error(`MEDIA_STORE must be local or s3, not ${kind}`);
  if (!env.S3_BUCKET) throw new Error("MEDIA_STORE=s3 needs S3_BUCKET");
  const keyId = env.S3_ACCESS_KEY_ID;
  const secret = env.S3_SECRET_ACCESS_KEY;
  if (Boolean(keyId) !== Boolean(secret)) throw new Error("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together");
  return {
    kind: "s3",
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || "us-east-1",
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
    credentials: keyId && secret ? { accessKeyId: keyId, secretAccessKey: secret } : undefined,
  };
}

/**
 * How a part's pool talks to PostgreSQL, from the environment (issue 23; README "Operations" has the connection
 * budget): DATABASE_POOL_SIZE (connections at most; each part has its own default), DATABASE_STATEMENT_TIMEOUT_MS
 * (PostgreSQL cancels a statement running longer; default none), DATABASE_IDLE_TIMEOUT_MS (an idle connection is
 * closed after it; default 10 s, pg's own).
 */
export type PoolSettings = { poolSize?: number; statementTimeoutMs?: number; idleTimeoutMs?: number };

export function poolSettingsFromEnv(env: NodeJS.ProcessEnv): PoolSettings {
  const whole = (name: string, min: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === "") return undefined;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min)
      throw new Error(`${name} must be a whole number of at least ${min}, not ${raw}`);
    return n;
  };
  return {
    poolSize: whole("DATABASE_POOL_SIZE", 1),
    statementTimeoutMs: whole("DATABASE_STATEMENT_TIMEOUT_MS", 0),
    idleTimeoutMs: whole("DATABASE_IDLE_TIMEOUT_MS", 0),
  };
}

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

export function loadConfig(env = process.env): CoreConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? ".data");
  return {
    port: Number(env.PORT ?? 8080),
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    // Without JWT_SECRET: this instance's candidate; core reads the installation's from the database (0095).
    jwtSecret: env.JWT_SECRET || tokenSecretCandidate(dataDir),
    jwtSecretShared: !env.JWT_SECRET,
    database: poolSettingsFromEnv(env),
    pwaDir: env.PWA_DIR ?? path.resolve(import.meta.dirname, "../../pwa/dist"),
    accessTtl: Number(env.ACCESS_TOKEN_TTL ?? 900),
    refreshTtl: Number(env.REFRESH_TOKEN_TTL ?? 7 * 24 * 3600),
    adminEmail: env.CHATFLOW_ADMIN_EMAIL ?? "admin@chatflow.local",
    adminPassword: env.CHATFLOW_ADMIN_PASSWORD ?? "chatflow",
    secureCookies: env.COOKIE_SECURE === "true",
    syncUrl: env.SYNC_URL || undefined,
    openaiBaseUrl: env.OPENAI_BASE_URL || OPENAI_BASE_URL,
    integrationsAllowPrivateTargets: env.INTEGRATIONS_ALLOW_PRIVATE_TARGETS === "true",
    graphApiUrl: env.GRAPH_API_URL || undefined,
    graphApiVersion: env.GRAPH_API_VERSION || undefined,
    facebookAppSecret: env.FACEBOOK_APP_SECRET || undefined,
    facebookAppId: env.FACEBOOK_APP_ID || undefined,
    facebookVerifyToken: env.FACEBOOK_VERIFY_TOKEN || undefined,
    actorCacheMs: Number(env.ACTOR_CACHE_MS ?? 2000),
    importWorkers: Math.max(1, Number(env.IMPORT_WORKERS ?? 2)),
    importWaitMs: Number(env.IMPORT_WAIT_MS ?? 2000),
    limits: loadLimits(env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    drainDelayMs: Number(env.DRAIN_DELAY_MS ?? 0),
    drainTimeoutMs: Number(env.DRAIN_TIMEOUT_MS ?? 25_000),
    stopGraceMs: Number(env.STOP_GRACE_MS ?? 10_000),
    metricsToken: env.METRICS_TOKEN || undefined,
    accessLog: env.ACCESS_LOG !== "off",
    vapid: vapidKeysFromEnv(env, env.CHATFLOW_ADMIN_EMAIL ?? "admin@chatflow.local"),
    vapidSubject: vapidSubject(env, env.CHATFLOW_ADMIN_EMAIL ?? "admin@chatflow.local"),
    efiPixUrl: env.EFI_PIX_URL || undefined,
    efiPixCa: env.EFI_PIX_CA ? readFileSync(env.EFI_PIX_CA, "utf8") : undefined,
    stripeApiUrl: env.STRIPE_API_URL || undefined,
    mercadopagoApiUrl: env.MERCADOPAGO_API_URL || undefined,
    asaasApiUrl: env.ASAAS_API_URL || undefined,
    publicUrl: env.PUBLIC_URL || undefined,
    pushServiceOrigins: env.PUSH_SERVICE_ORIGINS
      ? env.PUSH_SERVICE_ORIGINS.split(",")
          .map((o) => o.trim())
          .filter(Boolean)
      : DEFAULT_PUSH_SERVICE_ORIGINS,
    mail: { smtpUrl: env.SMTP_URL || undefined, from: env.MAIL_FROM || "Chat-flow <no-reply@chatflow.local>" },
    passwordReset: loadPasswordReset(env),
    mediaStore: loadMediaStoreConfig(env),
  };
}

const positive = (value: string | undefined, fallback: number) => {
  const n = Number(value);
  return value && Number.isFinite(n) && n > 0 ? n : fallback;
};

export function loadLimits(env = process.env): AbuseLimits {
  const loginWindow = positive(env.LOGIN_WINDOW_SECONDS, 900);
  return {
    loginPerAccount: { max: positive(env.LOGIN_MAX_PER_ACCOUNT, 5), windowSeconds: loginWindow },
    loginPerIp: { max: positive(env.LOGIN_MAX_PER_IP, 50), windowSeconds: loginWindow },
    signupPerIp: { max: positive(env.SIGNUP_MAX_PER_IP, 5), windowSeconds: positive(env.SIGNUP_WINDOW_SECONDS, 3600) },
    contactLookupPerUser: {
      max: positive(env.CONTACT_LOOKUP_MAX_PER_USER, 60),
      windowSeconds: positive(env.CONTACT_LOOKUP_WINDOW_SECONDS, 600),
    },
    externalApiPerToken: {
      max: positive(env.EXTERNAL_API_MAX_PER_TOKEN, 120),
      windowSeconds: positive(env.EXTERNAL_API_WINDOW_SECONDS, 60),
    },
    emailRefusalsPerCompany: {
      max: positive(env.USER_EMAIL_REFUSALS_MAX_PER_COMPANY, 10),
      windowSeconds: positive(env.USER_EMAIL_REFUSALS_WINDOW_SECONDS, 3600),
    },
    passwordHashConcurrency: positive(env.PASSWORD_HASH_CONCURRENCY, 2),
  };
}

export function loadPasswordReset(env: NodeJS.ProcessEnv = {}): PasswordResetConfig {
  const windowSeconds = positive(env.RESET_WINDOW_SECONDS, 3600);
  return {
    requestPerIp: { max: positive(env.RESET_MAX_REQUESTS_PER_IP, 10), windowSeconds },
    requestPerEmail: { max: positive(env.RESET_MAX_REQUESTS_PER_EMAIL, 3), windowSeconds },
    resetPerIp: { max: positive(env.RESET_MAX_TRIES_PER_IP, 20), windowSeconds },
    resetPerEmail: { max: positive(env.RESET_MAX_TRIES_PER_EMAIL, 10), windowSeconds },
    codeTtlSeconds: positive(env.RESET_CODE_TTL_SECONDS, 1800),
  };
}

function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (!value) return undefined;
  if (value === "true") return true;
  if (value === "false") return false;
  return /^\d+$/.test(value) ? Number(value) : value;
}
