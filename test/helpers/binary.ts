/**
 * The compiled binary as a black box, for the tests in test/e2e/.
 *
 * - buildBinary(): `scripts/build.ts` into a temp folder, once per test process
 *   (LINGSHU_BINARY=/path/to/lingshu tests an existing executable instead).
 * - LingshuBinary.start(): the binary from an empty working folder (no node_modules)
 *   on a fresh database and a free loopback port (PORT=0; the port is read from
 *   the "listening" log line, so there is no race for it), waiting for /ready.
 *   The database is a fresh SQLite file (DATABASE_PATH), or with
 *   LINGSHU_TEST_BACKEND=postgresql a fresh PostgreSQL database from TEST_DATABASE_URL
 *   (DATABASE_URL, dropped at dispose), as the HTTP suites do (test/helpers/server.ts);
 *   `databaseUrl` puts several binaries on one PostgreSQL database.
 * - createTenant(): an App and a key through the binary's own CLI with `--json`.
 * - readDatabase(): the rows the binary stored, whichever backend holds them.
 * - kill9() / stop() / restart(): crash, graceful stop, start again on the same database.
 * - request() (fetch), rawRequest() (bytes on a socket, for what fetch will not send) and
 *   hold() (a request stopped halfway through its body, so it stays in flight).
 */
import { chmodSync, chownSync, mkdtempSync, mkdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { connect } from "node:net";
import { SQL, type Subprocess } from "bun";
import { Database } from "bun:sqlite";
import { runCli, type CliResult } from "./cli.ts";
import { sqliteTestDatabase, type TestDatabase } from "./database.ts";
import { createTestDatabase, postgresTestDatabase, type TestDatabase as PostgresTestDatabase } from "../postgres/helpers.ts";

const ROOT = join(import.meta.dir, "..", "..");
const BUILT = Symbol.for("lingshu.test.binary");

/** Builds dist/lingshu's equivalent into a temp folder once per process and returns its path. */
export function buildBinary(): string {
  const fromEnv = process.env.LINGSHU_BINARY;
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`LINGSHU_BINARY=${fromEnv} does not exist`);
    return fromEnv;
  }
  const cache = globalThis as unknown as Record<symbol, string | undefined>;
  const cached = cache[BUILT];
  if (cached && existsSync(cached)) return cached;
  const dir = mkdtempSync(join(tmpdir(), "lingshu-bin-"));
  const binary = join(dir, "lingshu");
  const build = Bun.spawnSync([process.execPath, join(ROOT, "scripts", "build.ts"), binary], { cwd: ROOT, stdout: "pipe", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`build failed: ${build.stderr.toString()}${build.stdout.toString()}`);
  process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  cache[BUILT] = binary;
  return binary;
}

export interface Tenant {
  appId: string;
  key: string;
  keyId: string;
}

export interface TenantOptions {
  name?: string;
  env?: "test" | "live";
  capabilities?: string[];
  rpm?: number;
  concurrency?: number;
  monthlyQuota?: number;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface RequestOptions {
  /** Serialised with JSON.stringify; Content-Type defaults to application/json. */
  body?: unknown;
  /** Sent as is (no Content-Type added unless given in headers). */
  raw?: string | Uint8Array | ReadableStream;
  /** Bearer key; null sends no Authorization header. Default: the binary's default tenant. */
  key?: string | null;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export type Backend = "sqlite" | "postgresql";

/**
 * The backend a binary runs on when its test names none: PostgreSQL under
 * LINGSHU_TEST_BACKEND=postgresql (the switch the HTTP suites read), else SQLite.
 */
export const DEFAULT_BACKEND: Backend = process.env.LINGSHU_TEST_BACKEND === "postgresql" ? "postgresql" : "sqlite";

export interface StartOptions {
  /** Reuse an SQLite file (restart); default a fresh file in a fresh folder. */
  databasePath?: string;
  /** Run on this PostgreSQL database (DATABASE_URL), e.g. one several binaries share; its creator drops it. */
  databaseUrl?: string;
  /**
   * The backend of a fresh database (default DEFAULT_BACKEND). "sqlite" for tests of the SQLite file
   * itself; "postgresql" creates a database on TEST_DATABASE_URL, dropped at dispose().
   */
  backend?: Backend;
  /** Extra environment (LOG_LEVEL, IDEMPOTENCY_TTL_HOURS, …). */
  env?: Record<string, string>;
  /** Create a default tenant through the CLI once ready (default true). */
  tenant?: TenantOptions | false;
  readyTimeoutMs?: number;
  /**
   * Run the binary (serve and CLI) as this user, through `setpriv` (needs root). The run
   * folder is handed to the user first. For tests where root's permission bypass would hide a fault.
   */
  user?: { uid: number; gid: number };
}

export interface LaunchOptions {
  readyTimeoutMs?: number;
  /** "ready" (default): wait for /ready 200; "answering": for any answer from /ready. */
  waitFor?: "ready" | "answering";
}

const PEPPER = "binary-test-pepper-123456";
const LOG_LINES_KEPT = 400;

function parseAnswer(status: number, headers: Headers, text: string): HttpAnswer {
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status, headers, text, json };
}

/** The database a binary runs on, as the tests read it: the portable SQL of TestDatabase plus the catalog. */
export interface BinaryDatabase extends TestDatabase {
  /** Every table (the service's and the migrator's). */
  tables(): Promise<string[]>;
  /** The primary-key columns of a table, in key order. */
  primaryKey(table: string): Promise<string[]>;
}

interface OpenedDatabase {
  db: BinaryDatabase;
  close: () => Promise<void> | void;
}

/** `db` plus its catalogue: both queries answer a `name` column; the primary-key one takes the table. */
function withCatalogue(db: TestDatabase, tablesQuery: string, primaryKeyQuery: string, close: OpenedDatabase["close"]): OpenedDatabase {
  const names = async (query: string, ...params: unknown[]) => (await db.all<{ name: string }>(query, ...params)).map((r) => r.name);
  return { db: { ...db, tables: () => names(tablesQuery), primaryKey: (table) => names(primaryKeyQuery, table) }, close };
}

export class LingshuBinary {
  readonly binary: string;
  /** The folder the binary runs in (empty apart from what it creates). */
  readonly workDir: string;
  /** The PostgreSQL database (DATABASE_URL) the binary runs on, or null on SQLite. */
  readonly databaseUrl: string | null;
  private readonly sqlitePath: string | null;
  readonly env: Record<string, string>;
  proc: Subprocess<"ignore", "pipe", "pipe"> | null = null;
  port = 0;
  base = "";
  /** The last log lines (stdout and stderr) of the current process, for diagnostics. */
  logs: string[] = [];
  /** Log lines at level error or fatal, since the binary was first started. */
  errorLines: string[] = [];
  tenant: Tenant | null = null;
  /** Put before the binary in every command (e.g. setpriv to run as another user). */
  readonly prefix: string[] = [];
  private readonly ownsDir: string | null;
  /** A PostgreSQL database start() created for this binary alone, dropped at dispose(). */
  private ownedDatabase: PostgresTestDatabase | null;

  private constructor(options: StartOptions, ownedDatabase: PostgresTestDatabase | null) {
    this.binary = buildBinary();
    this.ownedDatabase = ownedDatabase;
    this.databaseUrl = options.databaseUrl ?? ownedDatabase?.url ?? null;
    this.ownsDir = options.databasePath ? null : mkdtempSync(join(tmpdir(), "lingshu-run-"));
    this.workDir = this.ownsDir ? join(this.ownsDir, "cwd") : mkdtempSync(join(tmpdir(), "lingshu-cwd-"));
    mkdirSync(this.workDir, { recursive: true });
    this.sqlitePath = this.databaseUrl ? null : options.databasePath ?? join(this.ownsDir!, "db", "lingshu.sqlite");
    if (options.user) {
      const { uid, gid } = options.user;
      const dirs = [this.ownsDir, this.workDir];
      if (this.sqlitePath) {
        mkdirSync(dirname(this.sqlitePath), { recursive: true });
        dirs.push(dirname(this.sqlitePath));
      }
      for (const d of dirs) {
        if (!d) continue;
        chmodSync(d, 0o755);
        chownSync(d, uid, gid);
      }
      this.prefix = ["setpriv", `--reuid=${uid}`, `--regid=${gid}`, "--clear-groups"];
    }
    this.env = {
      PATH: "/usr/bin:/bin",
      ...this.databaseEnv,
      KEY_PEPPER: PEPPER,
      LOG_LEVEL: "info",
      HOST: "127.0.0.1",
      // A mutation run (`npm run mutate`) switches its mutant on by this variable; the binary it builds
      // from the mutated source must see it too.
      ...(process.env.__STRYKER_ACTIVE_MUTANT__ === undefined ? {} : { __STRYKER_ACTIVE_MUTANT__: process.env.__STRYKER_ACTIVE_MUTANT__ }),
      ...options.env,
    };
  }

  /** The binary and its database, not started: for tests of the CLI alone. */
  static async create(options: StartOptions = {}): Promise<LingshuBinary> {
    const fresh = options.databasePath === undefined && options.databaseUrl === undefined;
    const owned = fresh && (options.backend ?? DEFAULT_BACKEND) === "postgresql" ? await createTestDatabase("e2e") : null;
    return new LingshuBinary(options, owned);
  }

  /** Starts the binary on a fresh database (or the given one) and waits for /ready. */
  static async start(options: StartOptions = {}): Promise<LingshuBinary> {
    const bin = await LingshuBinary.create(options);
    try {
      await bin.launch({ readyTimeoutMs: options.readyTimeoutMs });
    } catch (err) {
      await bin.dispose();
      throw err;
    }
    if (options.tenant !== false) {
      bin.tenant = bin.createTenant({ rpm: 1_000_000, concurrency: 1000, monthlyQuota: 1_000_000, ...(options.tenant ?? {}) });
    }
    return bin;
  }

  get backend(): Backend {
    return this.databaseUrl ? "postgresql" : "sqlite";
  }

  /** The SQLite file. A binary on PostgreSQL has none: a test that needs it is SQLite-only. */
  get databasePath(): string {
    if (this.sqlitePath === null) throw new Error("this binary runs on PostgreSQL and has no SQLite file; read its rows with readDatabase()");
    return this.sqlitePath;
  }

  get databaseDir(): string {
    return dirname(this.databasePath);
  }

  /** DATABASE_URL or DATABASE_PATH: what both `serve` and the CLI are given. */
  private get databaseEnv(): Record<string, string> {
    return this.databaseUrl ? { DATABASE_URL: this.databaseUrl } : { DATABASE_PATH: this.sqlitePath! };
  }

  /** Runs the binary's operator CLI against the same database; `--json` is the caller's to add. */
  /** The binary's CLI on its database; `env` adds to or replaces its environment (another KEY_PEPPER …). */
  cli(args: string[], env: Record<string, string> = {}): CliResult {
    return runCli(args, { ...this.databaseEnv, KEY_PEPPER: PEPPER, ...env }, [...this.prefix, this.binary]);
  }

  /**
   * Reads the binary's database directly, whichever backend, through a connection opened for
   * this call alone (SQLite read-only beside the running service, which WAL allows; a short
   * pool on PostgreSQL), so nothing of the test's stays open across kills and restarts.
   */
  async readDatabase<T>(read: (db: BinaryDatabase) => Promise<T>): Promise<T> {
    const { db, close } = this.openDatabaseBeside();
    try {
      return await read(db);
    } finally {
      await close();
    }
  }

  /** The backend's database with its catalogue questions (tables, primary keys) asked in its own SQL. */
  private openDatabaseBeside(): OpenedDatabase {
    if (this.databaseUrl) {
      const sql = new SQL(this.databaseUrl, { max: 2 });
      return withCatalogue(
        postgresTestDatabase(sql),
        "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        `SELECT k.column_name AS name FROM information_schema.table_constraints c
         JOIN information_schema.key_column_usage k ON k.constraint_name = c.constraint_name AND k.table_schema = c.table_schema AND k.table_name = c.table_name
         WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema() AND c.table_name = ? ORDER BY k.ordinal_position`,
        () => sql.close(),
      );
    }
    const sqlite = new Database(this.databasePath, { readonly: true });
    return withCatalogue(
      sqliteTestDatabase(sqlite),
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
      "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk",
      () => sqlite.close(),
    );
  }

  /** cli() that must exit 0 and print one JSON object. */
  cliJson(args: string[]): any {
    const result = this.cli([...args, "--json"]);
    if (result.code !== 0 || result.json === null) throw new Error(`lingshu ${args.join(" ")} exited ${result.code}: ${result.stderr}${result.stdout}`);
    return result.json;
  }

  /** An App (every capability unless told) and a key, made through the CLI. */
  createTenant(options: TenantOptions = {}): Tenant {
    const args = ["app", "create", "--name", options.name ?? "e2e", "--env", options.env ?? "test", "--capabilities", (options.capabilities ?? ["bazi", "liuyao", "healing"]).join(",")];
    if (options.rpm !== undefined) args.push("--rpm", String(options.rpm));
    if (options.concurrency !== undefined) args.push("--concurrency", String(options.concurrency));
    if (options.monthlyQuota !== undefined) args.push("--monthly-quota", String(options.monthlyQuota));
    const app = this.cliJson(args);
    const key = this.cliJson(["key", "create", app.id]);
    return { appId: app.id, key: key.key, keyId: key.id };
  }

  private async launch(options: LaunchOptions = {}): Promise<void> {
    const readyTimeoutMs = options.readyTimeoutMs ?? 15_000;
    this.logs = [];
    const proc = Bun.spawn([...this.prefix, this.binary, "serve"], { cwd: this.workDir, env: { ...this.env, PORT: "0" }, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    this.proc = proc;
    let resolvePort!: (port: number) => void;
    const portKnown = new Promise<number>((resolve) => (resolvePort = resolve));
    const drain = async (stream: ReadableStream<Uint8Array>) => {
      const decoder = new TextDecoder();
      let pending = "";
      try {
        for await (const chunk of stream) {
          pending += decoder.decode(chunk, { stream: true });
          let nl: number;
          while ((nl = pending.indexOf("\n")) >= 0) {
            const line = pending.slice(0, nl);
            pending = pending.slice(nl + 1);
            this.logs.push(line);
            if (this.logs.length > LOG_LINES_KEPT) this.logs.splice(0, this.logs.length - LOG_LINES_KEPT);
            if (line.includes('"listening"')) {
              try {
                resolvePort(JSON.parse(line).port);
              } catch {}
            }
            if (/"level":"(error|fatal)"/.test(line)) this.errorLines.push(line);
          }
        }
      } catch {}
    };
    void drain(proc.stdout);
    void drain(proc.stderr);
    const exitedEarly = proc.exited.then((code) => {
      throw new Error(`the binary exited with ${code} before listening:\n${this.logs.join("\n")}`);
    });
    const timeout = Bun.sleep(readyTimeoutMs).then(() => {
      throw new Error(`the binary did not log "listening" within ${readyTimeoutMs} ms:\n${this.logs.join("\n")}`);
    });
    this.port = await Promise.race([portKnown, exitedEarly, timeout]);
    this.base = `http://127.0.0.1:${this.port}`;
    exitedEarly.catch(() => {});
    timeout.catch(() => {});
    await this.waitReady(readyTimeoutMs, options.waitFor === "answering" ? () => true : (status) => status === 200);
  }

  /** Polls /ready until `accept(status)` (200 by default); returns the time it took. */
  async waitReady(deadlineMs = 15_000, accept: (status: number) => boolean = (s) => s === 200): Promise<number> {
    const started = performance.now();
    let last = "no answer";
    while (performance.now() - started < deadlineMs) {
      if (this.proc && !this.running) {
        throw new Error(`the binary exited (code ${this.proc.exitCode}, signal ${this.proc.signalCode}) before /ready answered:\n${this.logs.slice(-30).join("\n")}`);
      }
      try {
        const r = await fetch(`${this.base}/ready`);
        last = `${r.status} ${await r.text()}`;
        if (accept(r.status)) return performance.now() - started;
      } catch (err) {
        last = String(err);
      }
      await Bun.sleep(10);
    }
    throw new Error(`/ready never answered as expected within ${deadlineMs} ms (last: ${last}):\n${this.logs.join("\n")}`);
  }

  get running(): boolean {
    return this.proc !== null && this.proc.exitCode === null && this.proc.signalCode === null;
  }

  /** SIGKILL: no handler runs, nothing is flushed. */
  async kill9(): Promise<void> {
    if (!this.proc) return;
    this.proc.kill("SIGKILL");
    await this.proc.exited;
  }

  /** Sends a signal (SIGTERM by default) and waits for the exit; returns the exit code and how long it took. */
  async stop(signal: NodeJS.Signals = "SIGTERM", timeoutMs = 10_000): Promise<{ code: number | null; signal: string | null; ms: number }> {
    const proc = this.proc;
    if (!proc) return { code: null, signal: null, ms: 0 };
    const started = performance.now();
    proc.kill(signal);
    const done = await Promise.race([proc.exited.then(() => true), Bun.sleep(timeoutMs).then(() => false)]);
    if (!done) {
      proc.kill("SIGKILL");
      await proc.exited;
      throw new Error(`the binary did not exit within ${timeoutMs} ms of ${signal}`);
    }
    return { code: proc.exitCode, signal: proc.signalCode === null ? null : String(proc.signalCode), ms: performance.now() - started };
  }

  /** Starts the binary again on the same database (a new port) and waits for /ready. */
  async restart(options: LaunchOptions = {}): Promise<void> {
    if (this.running) await this.stop();
    await this.launch(options);
  }

  /** Stops the process if it runs and removes the folders (and the PostgreSQL database) this instance created. */
  async dispose(): Promise<void> {
    if (this.running) await this.kill9();
    if (this.ownsDir) rmSync(this.ownsDir, { recursive: true, force: true });
    else rmSync(this.workDir, { recursive: true, force: true });
    const owned = this.ownedDatabase;
    this.ownedDatabase = null;
    await owned?.drop();
  }

  /** One HTTP request with fetch; the body text is read whole. */
  async request(method: string, path: string, o: RequestOptions = {}): Promise<HttpAnswer> {
    const headers: Record<string, string> = {};
    const key = o.key === undefined ? this.tenant?.key ?? null : o.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    if (o.idempotencyKey !== undefined) headers["idempotency-key"] = o.idempotencyKey;
    let body: string | Uint8Array | ReadableStream | undefined;
    if (o.raw !== undefined) body = o.raw;
    else if (o.body !== undefined) {
      body = JSON.stringify(o.body);
      headers["content-type"] = "application/json";
    }
    Object.assign(headers, o.headers);
    const res = await fetch(this.base + path, {
      method,
      headers,
      body,
      signal: o.signal,
      ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
    } as RequestInit);
    const text = await res.text();
    return parseAnswer(res.status, res.headers, text);
  }

  /** Writes `bytes` (a complete HTTP/1.1 request) on a fresh connection and parses the answer. */
  rawRequest(bytes: string | Uint8Array, timeoutMs = 10_000): Promise<HttpAnswer & { raw: string }> {
    return rawHttp(this.port, bytes, timeoutMs);
  }

  /** A request held halfway through its body (see HeldRequest), with the default tenant's key unless told. */
  hold(method: string, path: string, o: { body: unknown; key?: string; idempotencyKey?: string }): HeldRequest {
    const key = o.key ?? this.tenant?.key;
    if (!key) throw new Error("hold() needs a key");
    return holdRequest(this.port, method, path, { ...o, key });
  }
}

/**
 * A minimal HTTP/1.1 exchange on a socket: for header bytes fetch refuses to send
 * (UTF-8, control characters) and for framing fetch would fix. The request should
 * carry `Connection: close`; the answer is read until the server closes or, with a
 * Content-Length, until the body is complete.
 */
export function rawHttp(port: number, bytes: string | Uint8Array, timeoutMs = 10_000): Promise<HttpAnswer & { raw: string }> {
  const exchange = openExchange(port, timeoutMs);
  exchange.write(bytes);
  return exchange.answer;
}

/**
 * A request the service has begun but cannot finish: its head and half its body are sent,
 * the rest only by finish(). The service takes the App's limits (a concurrency slot) before
 * it reads the body, so a held request holds its slot until then.
 */
export interface HeldRequest {
  /** Sends the rest of the body and resolves with the answer. */
  finish(): Promise<HttpAnswer & { raw: string }>;
}

/** Holds `method path` with a JSON body (see HeldRequest), authenticated with `key`. */
export function holdRequest(port: number, method: string, path: string, o: { key: string; body: unknown; idempotencyKey?: string; timeoutMs?: number }): HeldRequest {
  const body = Buffer.from(JSON.stringify(o.body));
  const exchange = openExchange(port, o.timeoutMs ?? 30_000);
  // Observed now, so an early failure (a refused connection) is not an unhandled rejection before finish().
  exchange.answer.catch(() => {});
  const idempotency = o.idempotencyKey === undefined ? "" : `Idempotency-Key: ${o.idempotencyKey}\r\n`;
  exchange.write(
    `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${o.key}\r\nContent-Type: application/json\r\n${idempotency}` +
      `Content-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
  );
  const half = body.length >> 1;
  exchange.write(body.subarray(0, half));
  return {
    finish() {
      exchange.write(body.subarray(half));
      return exchange.answer;
    },
  };
}

/** One connection: write() request bytes (in as many parts as wanted), `answer` once the server has answered. */
function openExchange(port: number, timeoutMs: number): { write(bytes: string | Uint8Array): void; answer: Promise<HttpAnswer & { raw: string }> } {
  const socket = connect(port, "127.0.0.1");
  const answer = new Promise<HttpAnswer & { raw: string }>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf("\r\n\r\n");
      if (headEnd < 0) return reject(new Error(`no HTTP answer (${all.length} bytes: ${JSON.stringify(all.toString("latin1").slice(0, 200))})`));
      const head = all.subarray(0, headEnd).toString("latin1").split("\r\n");
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head[0]!)?.[1] ?? 0);
      const headers = new Headers();
      for (const line of head.slice(1)) {
        const colon = line.indexOf(":");
        if (colon > 0) headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
      }
      let body: Buffer = all.subarray(headEnd + 4);
      const length = headers.get("content-length");
      if (length !== null) body = body.subarray(0, Number(length));
      else if ((headers.get("transfer-encoding") ?? "").toLowerCase() === "chunked") body = dechunk(body);
      resolve({ ...parseAnswer(status, headers, body.toString("utf8")), raw: all.toString("latin1") });
    };
    const complete = () => {
      const all = Buffer.concat(chunks);
      const headEnd = all.indexOf("\r\n\r\n");
      if (headEnd < 0) return false;
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(all.subarray(0, headEnd).toString("latin1"));
      return m !== null && all.length - headEnd - 4 >= Number(m[1]);
    };
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      socket.destroy();
      reject(new Error(`raw request timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on("data", (d: Buffer) => {
      chunks.push(d);
      if (complete()) finish();
    });
    socket.on("end", finish);
    socket.on("close", finish);
    socket.on("error", (err) => {
      if (chunks.length > 0) return finish();
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(err);
    });
  });
  return { write: (bytes) => void socket.write(bytes), answer };
}

function dechunk(buf: Buffer): Buffer {
  const out: Buffer[] = [];
  let i = 0;
  while (i < buf.length) {
    const lineEnd = buf.indexOf("\r\n", i);
    if (lineEnd < 0) break;
    const size = parseInt(buf.subarray(i, lineEnd).toString("latin1"), 16);
    if (!Number.isFinite(size) || size === 0) break;
    out.push(buf.subarray(lineEnd + 2, lineEnd + 2 + size));
    i = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(out);
}

/**
 * The spec's error envelope: {error:{code,message,request_id,…}} with X-Request-Id
 * equal to request_id. Returns a description of what is wrong, or null.
 */
export function errorShapeProblem(answer: HttpAnswer): string | null {
  const error = answer.json?.error;
  if (!answer.json || typeof answer.json !== "object" || !error || typeof error !== "object") return "the body is not {error:{…}}";
  for (const field of ["code", "message", "request_id"]) {
    if (typeof error[field] !== "string" || error[field].length === 0) return `error.${field} is missing or not a non-empty string`;
  }
  if (!/^req_/.test(error.request_id)) return `request_id ${error.request_id} lacks the req_ prefix`;
  if ("retryable" in error && typeof error.retryable !== "boolean") return "error.retryable is not a boolean";
  if ("retry_after_ms" in error && !(Number.isInteger(error.retry_after_ms) && error.retry_after_ms >= 0)) return "error.retry_after_ms is not a whole number ≥ 0";
  const header = answer.headers.get("x-request-id");
  if (header !== error.request_id) return `X-Request-Id ${header} ≠ error.request_id ${error.request_id}`;
  if (!(answer.headers.get("content-type") ?? "").startsWith("application/json")) return `Content-Type is ${answer.headers.get("content-type")}`;
  return null;
}

/** Runs `tasks` with at most `concurrency` in flight; results in task order. */
export async function pool<T, R>(tasks: T[], concurrency: number, run: (task: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await run(tasks[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
  return results;
}

/** A small seeded PRNG (mulberry32): the fault tests print their seed and replay exactly. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]! };
}

/** SQLite's own verdict on the file, read beside the running service (WAL allows a reader). */
export function integrityCheck(databasePath: string): string[] {
  const db = new Database(databasePath, { readonly: true });
  try {
    return db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((row) => row.integrity_check);
  } finally {
    db.close();
  }
}
