/**
 * Starts the real service on a loopback port over a fresh SQLite file, with an
 * App and a key made through the operator module — the same path the CLI takes.
 *
 * LINGSHU_TEST_BACKEND=postgresql with TEST_DATABASE_URL set: each server runs on
 * a fresh PostgreSQL database instead (dropped at stop), and `db` reads it with
 * the same portable SQL.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type Config } from "../../src/config.ts";
import { openSqliteStore as openStore, type SqliteStore as Store } from "../../src/db/sqlite/store.ts";
import { openPostgresStore } from "../../src/db/postgres/store.ts";
import { createTestDatabase, postgresTestDatabase } from "../postgres/helpers.ts";
import { sqliteTestDatabase, type TestDatabase } from "./database.ts";
import { createApp, type LingshuApp } from "../../src/app.ts";
import { createLogger } from "../../src/platform/request-log.ts";
import { Operator, type NewApp } from "../../src/cli/operator.ts";
import type { Endpoint } from "../../src/platform/endpoint.ts";
import type { AppRecord } from "../../src/db/types.ts";

export interface TestTenant {
  app: AppRecord;
  key: string;
}

export interface TestServer {
  base: string;
  dir: string;
  store: Store;
  /** The database under test, read and written directly (row counts, faults). */
  db: TestDatabase;
  config: Config;
  operator: Operator;
  app: LingshuApp;
  /** The default tenant: env test, every capability, generous limits. */
  tenant: TestTenant;
  newTenant(overrides?: Partial<NewApp>): Promise<TestTenant>;
  request(method: string, path: string, options?: RequestOptions): Promise<TestResponse>;
  stop(): Promise<void>;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body text, sent as is. */
  raw?: string | ReadableStream | Uint8Array;
  key?: string | null;
  idempotencyKey?: string | null;
  headers?: Record<string, string>;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface StartOptions {
  env?: Record<string, string>;
  endpoints?: (store: Store) => Endpoint[];
  clock?: () => number;
}

let keyCounter = 0;
/** A unique Idempotency-Key per call. */
export function uniqueKey(label = "k"): string {
  keyCounter += 1;
  return `${label}-${Date.now()}-${keyCounter}-${Math.random().toString(36).slice(2)}`;
}

/** The PostgreSQL server to run HTTP tests on (opt-in), or null for SQLite. */
const POSTGRES_URL = process.env.LINGSHU_TEST_BACKEND === "postgresql" ? (process.env.TEST_DATABASE_URL ?? null) : null;

export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "lingshu-test-"));
  const pg = POSTGRES_URL ? await createTestDatabase("http") : null;
  const config = loadConfig({ DATABASE_PATH: join(dir, "test.sqlite"), LOG_LEVEL: "silent", PORT: "0", ...(pg ? { DATABASE_URL: pg.url } : {}), ...options.env });
  // Typed as SQLite's store for the fixtures that take one; they use only the Storage contract.
  const pgStore = pg ? await openPostgresStore(pg.url) : null;
  const store = pgStore ? (pgStore as unknown as Store) : openStore(config.databasePath);
  const app = createApp({ config, store, logger: createLogger(config.logLevel), endpoints: options.endpoints?.(store), clock: options.clock });
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req) => app.handle(req) });
  const base = `http://127.0.0.1:${server.port}`;
  const operator = new Operator(store, config.keyPepper);

  const newTenant = async (overrides: Partial<NewApp> = {}): Promise<TestTenant> => {
    const record = await operator.createApp({
      name: "test app",
      env: "test",
      capabilities: ["bazi", "liuyao", "healing"],
      rpm: 100_000,
      concurrency: 1000,
      monthlyQuota: 100_000,
      ...overrides,
    });
    const { key } = await operator.createKey(record.id, "test", null);
    return { app: record, key };
  };
  const tenant = await newTenant();

  const request = async (method: string, path: string, o: RequestOptions = {}): Promise<TestResponse> => {
    const headers: Record<string, string> = { ...o.headers };
    const key = o.key === undefined ? tenant.key : o.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (o.idempotencyKey !== undefined && o.idempotencyKey !== null) headers["idempotency-key"] = o.idempotencyKey;
    let body: string | ReadableStream | Uint8Array | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) body = JSON.stringify(o.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === "content-type")) headers["content-type"] = "application/json";
    const res = await fetch(base + path, { method, headers, body, ...(body instanceof ReadableStream ? { duplex: "half" } : {}) } as RequestInit);
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    return { status: res.status, headers: res.headers, text, json };
  };

  return {
    base,
    dir,
    store,
    db: pgStore ? postgresTestDatabase(pgStore.sql) : sqliteTestDatabase(store.sqlite),
    config,
    operator,
    app,
    tenant,
    newTenant,
    request,
    async stop() {
      await server.stop(true);
      if (pg) {
        await store.close();
        await pg.drop();
      } else store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Asserts the spec's error envelope and returns the error object. */
export function expectErrorShape(res: TestResponse, status: number, code: string): any {
  if (res.status !== status || res.json?.error?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text.slice(0, 400)}`);
  }
  const error = res.json.error;
  for (const field of ["code", "message", "request_id"]) {
    if (typeof error[field] !== "string" || error[field].length === 0) throw new Error(`error.${field} missing in ${res.text}`);
  }
  if (res.headers.get("x-request-id") !== error.request_id) throw new Error(`X-Request-Id ${res.headers.get("x-request-id")} ≠ ${error.request_id}`);
  return error;
}
