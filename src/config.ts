/**
 * Environment → typed configuration, parsed and validated once at start.
 * An invalid value fails with one clear line naming the variable.
 */
import { CONSERVATIVE_PROFILE, EFFORTS, profileFor, type Effort } from "./responses/model-profiles.ts";
import { DEFAULT_POOL_SIZE } from "./db/postgres/client.ts";

export interface Config {
  port: number;
  host: string;
  databasePath: string;
  /** PostgreSQL instead of SQLite (DATABASE_URL, postgres:// or postgresql://); null: SQLite at databasePath. */
  databaseUrl: string | null;
  /** Connections per instance to PostgreSQL (DATABASE_POOL_SIZE). */
  databasePoolSize: number;
  /** PostgreSQL cancels a statement of this service that runs longer (DATABASE_STATEMENT_TIMEOUT_MS); 0: the service sets none. */
  databaseStatementTimeoutMs: number;
  publicBaseUrl: string | null;
  logLevel: LogLevel;
  anthropicApiKey: string | null;
  anthropicBaseUrl: string | null;
  model: string;
  /** LINGSHU_MODEL_EFFORT; null: the service's default for a short answer (model-request.ts). */
  modelEffort: Effort | null;
  /** One model attempt's timeout (LINGSHU_MODEL_TIMEOUT_MS). */
  modelTimeoutMs: number;
  /** Retries after a failed model attempt (LINGSHU_MODEL_MAX_RETRIES). */
  modelMaxRetries: number;
  /** Bound on all attempts and waits of one Response (LINGSHU_MODEL_DEADLINE_MS). */
  modelDeadlineMs: number;
  idempotencyTtlHours: number;
  /** After SIGTERM, how long in-flight requests may take before their connections are closed (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** After SIGTERM, how long the instance keeps accepting connections while /ready answers 503, before it drains (SHUTDOWN_DELAY_MS). */
  shutdownDelayMs: number;
  keyPepper: string;
  production: boolean;
  /** GET /metrics answers only with `Authorization: Bearer <this>` (METRICS_TOKEN); null: /metrics is off (404). */
  metricsToken: string | null;
}

export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const NODE_ENVS = ["development", "test", "production"];

/** 127.0.0.0/8, ::1 and localhost: the machine itself. */
export function isLoopbackHost(host: string): boolean {
  return /^127(?:\.\d{1,3}){3}$/.test(host) || host === "::1" || host === "[::1]" || host.toLowerCase() === "localhost";
}

/** Used only outside production when KEY_PEPPER is unset; production must set its own. */
const DEVELOPMENT_PEPPER = "lingshu-development-pepper-not-for-production";
// claude-sonnet-4-5 reaches end-of-life on 2026-11-30 (the SDK warns on every call).
export const DEFAULT_MODEL = "claude-sonnet-5-5";
/**
 * Model deadlines: an answer of a few hundred tokens takes seconds, so 30 s per attempt is
 * generous; the total stays under a minute and can never be configured past two, so a
 * client never waits minutes for a Response.
 */
export const MODEL_TIMEOUT_DEFAULT_MS = 30_000;
export const MODEL_DEADLINE_DEFAULT_MS = 60_000;
export const MODEL_DEADLINE_MAX_MS = 120_000;

export class ConfigError extends Error {}

/** LINGSHU_MODEL_EFFORT: one of EFFORTS, and one the configured model accepts when it is a known one. */
function modelEffort(raw: string | null, model: string): Effort | null {
  if (raw === null) return null;
  const effort = raw.toLowerCase();
  if (!(EFFORTS as readonly string[]).includes(effort)) throw new ConfigError(`LINGSHU_MODEL_EFFORT must be one of ${EFFORTS.join(", ")} (got "${raw}")`);
  const profile = profileFor(model);
  if (profile === CONSERVATIVE_PROFILE) return effort as Effort;
  const accepted = profile.accepts.efforts;
  if (accepted.length === 0) throw new ConfigError(`LINGSHU_MODEL_EFFORT is set, but ${model} accepts no effort setting; unset it`);
  if (!accepted.includes(effort as Effort)) throw new ConfigError(`LINGSHU_MODEL_EFFORT=${effort} is not accepted by ${model} (it accepts ${accepted.join(", ")})`);
  return effort as Effort;
}

function integer(env: Record<string, string | undefined>, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
  }
  return Number(raw);
}

function optional(env: Record<string, string | undefined>, name: string): string | null {
  const raw = env[name];
  return raw === undefined || raw.trim() === "" ? null : raw.trim();
}

function absoluteUrl(name: string, raw: string | null): string | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(`${name} must use http or https (got "${raw}")`);
  return raw.replace(/\/+$/, "");
}

/**
 * Default bound on one PostgreSQL statement. A request's statements take milliseconds; one stuck
 * behind a lock for this long is cancelled (the request answers 503, retry with the same key)
 * instead of holding its connection and its client until the proxy gives up.
 */
export const DATABASE_STATEMENT_TIMEOUT_DEFAULT_MS = 15_000;

/** A postgres:// or postgresql:// URL; the message never repeats the value (it may hold a password). */
function databaseUrl(raw: string | null): string | null {
  if (raw === null) return null;
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(raw)?.[1]?.toLowerCase();
  if (scheme !== "postgres" && scheme !== "postgresql") {
    throw new ConfigError(`DATABASE_URL must be a postgres:// or postgresql:// URL (got ${scheme ? `a "${scheme}:" URL` : "no URL scheme"}); unset it to use SQLite at DATABASE_PATH`);
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError("DATABASE_URL is not a valid URL (postgres://user:password@host:5432/database)");
  }
  if (url.hostname === "" && !url.searchParams.has("host")) throw new ConfigError("DATABASE_URL names no host (postgres://user:password@host:5432/database)");
  return raw;
}

/**
 * @example loadConfig({ PORT: "8080" }).port // 8080
 * @throws ConfigError with a one-line message naming the bad variable
 */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Unknown values are refused: NODE_ENV=prod or staging must not quietly run with development defaults.
  const nodeEnv = optional(env, "NODE_ENV");
  if (nodeEnv !== null && !NODE_ENVS.includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be ${NODE_ENVS.join(", ")} or unset (unset means development); got "${nodeEnv}"`);
  }
  const production = nodeEnv === "production";
  const host = optional(env, "HOST") ?? "127.0.0.1";
  const logLevel = (optional(env, "LOG_LEVEL") ?? "info").toLowerCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got "${env.LOG_LEVEL}")`);
  }
  const keyPepper = optional(env, "KEY_PEPPER");
  if (keyPepper !== null && keyPepper.length < 16) throw new ConfigError("KEY_PEPPER must be at least 16 characters");
  if (keyPepper === null && production) throw new ConfigError("KEY_PEPPER must be set when NODE_ENV=production");
  if (keyPepper === null && !isLoopbackHost(host)) {
    throw new ConfigError(`KEY_PEPPER must be set when HOST is not a loopback address (HOST=${host}): keys would be checked with the public development pepper`);
  }
  const metricsToken = optional(env, "METRICS_TOKEN");
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) throw new ConfigError("METRICS_TOKEN must be at least 16 printable characters without spaces");
  const databasePath = optional(env, "DATABASE_PATH") ?? "./data/lingshu.sqlite";
  const model = optional(env, "LINGSHU_MODEL") ?? DEFAULT_MODEL;
  const modelTimeoutMs = integer(env, "LINGSHU_MODEL_TIMEOUT_MS", MODEL_TIMEOUT_DEFAULT_MS, 100, MODEL_DEADLINE_MAX_MS);
  const modelDeadlineMs = integer(env, "LINGSHU_MODEL_DEADLINE_MS", Math.max(MODEL_DEADLINE_DEFAULT_MS, modelTimeoutMs), 100, MODEL_DEADLINE_MAX_MS);
  if (modelDeadlineMs < modelTimeoutMs) {
    throw new ConfigError(`LINGSHU_MODEL_DEADLINE_MS (${modelDeadlineMs}) must not be shorter than LINGSHU_MODEL_TIMEOUT_MS (${modelTimeoutMs})`);
  }
  return {
    port: integer(env, "PORT", 3000, 0, 65535),
    host,
    databasePath,
    databaseUrl: databaseUrl(optional(env, "DATABASE_URL")),
    databasePoolSize: integer(env, "DATABASE_POOL_SIZE", DEFAULT_POOL_SIZE, 1, 1000),
    databaseStatementTimeoutMs: integer(env, "DATABASE_STATEMENT_TIMEOUT_MS", DATABASE_STATEMENT_TIMEOUT_DEFAULT_MS, 0, 3_600_000),
    publicBaseUrl: absoluteUrl("PUBLIC_BASE_URL", optional(env, "PUBLIC_BASE_URL")),
    logLevel: logLevel as LogLevel,
    anthropicApiKey: optional(env, "ANTHROPIC_API_KEY"),
    anthropicBaseUrl: absoluteUrl("ANTHROPIC_BASE_URL", optional(env, "ANTHROPIC_BASE_URL")),
    model,
    modelEffort: modelEffort(optional(env, "LINGSHU_MODEL_EFFORT"), model),
    modelTimeoutMs,
    modelMaxRetries: integer(env, "LINGSHU_MODEL_MAX_RETRIES", 2, 0, 5),
    modelDeadlineMs,
    idempotencyTtlHours: integer(env, "IDEMPOTENCY_TTL_HOURS", 24, 1, 24 * 30),
    shutdownGraceMs: integer(env, "SHUTDOWN_GRACE_MS", 4_000, 0, 120_000),
    shutdownDelayMs: integer(env, "SHUTDOWN_DELAY_MS", 0, 0, 120_000),
    keyPepper: keyPepper ?? DEVELOPMENT_PEPPER,
    production,
    metricsToken,
  };
}
