/**
 * The PostgreSQL connection pool (Bun.SQL) and the migrator for the embedded
 * migrations. Several instances may start together on one database: the
 * migrator takes a transaction-scoped advisory lock, so one applies and the
 * others then find everything applied. Opening an up-to-date database only
 * reads the bookkeeping table, so a runtime role without CREATE can start.
 */
import { SQL } from "bun";
import { MIGRATIONS } from "./migrations.ts";

const MIGRATIONS_TABLE = "__lingshu_migrations";
/** The advisory lock key of the migrator (any constant shared by every instance; "Ling" in ASCII). */
const MIGRATION_LOCK_KEY = 0x4c696e67;

/**
 * Connections per instance when DATABASE_POOL_SIZE is not set. Few on purpose: an instance runs its
 * requests on one JavaScript thread, which sends PostgreSQL about as much work per request as it
 * does itself (0.13-0.20 ms of PostgreSQL CPU against 0.19-0.23 of the service's per chart creation),
 * so it never keeps more than a core or two of the database busy; and Bun.SQL pipelines queries on a
 * busy connection (2,000 queries at once on one connection ran 4x faster than one after another), so
 * a few connections do not make requests wait for round trips. More connections only add PostgreSQL
 * processes that take turns on its cores: on the 2-core bench, 4 against 10 gave 4,256-4,281 chart
 * creations/s against 3,458-4,078, p99 28-30 ms against 31-34 (docs/deploy.md, pool sizing).
 */
export const DEFAULT_POOL_SIZE = 4;

export interface PoolOptions {
  /** Connections in the pool (DATABASE_POOL_SIZE); default DEFAULT_POOL_SIZE. */
  poolSize?: number;
  /** Seconds to wait for a new connection before a query fails (and the request answers 503). */
  connectTimeoutSeconds?: number;
  /** statement_timeout of every connection, in ms (DATABASE_STATEMENT_TIMEOUT_MS); 0 or absent: none set here. */
  statementTimeoutMs?: number;
  /** The connections' application_name; default "lingshu" (a serving instance uses one of its own: pool-use.ts). */
  applicationName?: string;
}

/**
 * A pool on `url`. Connections open on demand and are replaced when they break,
 * so after an outage the pool recovers by itself on the next query.
 */
export function openPool(url: string, options: PoolOptions = {}): SQL {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  return new SQL(url, {
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeout: options.connectTimeoutSeconds ?? 5,
    // Idle connections are closed after a minute and reopened on demand.
    idleTimeout: 60,
    // Bun lets PGDATABASE override the URL's database; the URL is the configuration here.
    ...(database ? { database } : {}),
    // Startup parameters, so every connection the pool opens (or reopens) has them, without a SET.
    // No statement_timeout sent: the role's, database's or URL's setting applies.
    connection: { application_name: options.applicationName ?? "lingshu", ...(options.statementTimeoutMs ? { statement_timeout: options.statementTimeoutMs } : {}) },
  });
}

/** Applies every embedded migration not applied yet, in one transaction under the migrator's lock. Returns the tags applied now. */
export async function migrate(sql: SQL, now: number = Date.now()): Promise<string[]> {
  return (await sql.begin(async (tx) => {
    // The pool's statement_timeout bounds requests, not the lock wait or a long migration (an index
    // on a big table); SET LOCAL ends with this transaction.
    await tx`SET LOCAL statement_timeout = 0`;
    // Held until COMMIT: a second instance waits here, then finds the tags recorded.
    await tx`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY}::bigint)`;
    await tx.unsafe(`CREATE TABLE IF NOT EXISTS ${MIGRATIONS_TABLE} (tag text PRIMARY KEY, applied_at bigint NOT NULL)`);
    const applied = new Set((await tx`SELECT tag FROM ${tx(MIGRATIONS_TABLE)}`).map((r: { tag: string }) => r.tag));
    const done: string[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.tag)) continue;
      // DDL is transactional in PostgreSQL: a failing migration leaves nothing half-applied.
      for (const statement of migration.sql.split("--> statement-breakpoint")) {
        if (statement.trim()) await tx.unsafe(statement);
      }
      await tx`INSERT INTO ${tx(MIGRATIONS_TABLE)} (tag, applied_at) VALUES (${migration.tag}, ${now})`;
      done.push(migration.tag);
    }
    return done;
  })) as string[];
}

export async function appliedMigrations(sql: SQL): Promise<string[]> {
  const [exists] = await sql`SELECT to_regclass(${MIGRATIONS_TABLE}) IS NOT NULL AS present`;
  if (!exists?.present) return [];
  return (await sql`SELECT tag FROM ${sql(MIGRATIONS_TABLE)} ORDER BY tag`).map((r: { tag: string }) => r.tag);
}

/** The embedded migrations' tags that are not among `applied`, in order. */
export function pendingMigrations(applied: Iterable<string>): string[] {
  const set = new Set(applied);
  return MIGRATIONS.filter((m) => !set.has(m.tag)).map((m) => m.tag);
}

/** True when every embedded migration is among `applied`. */
export function migrationsComplete(applied: Iterable<string>): boolean {
  return pendingMigrations(applied).length === 0;
}

/** PostgreSQL's SQLSTATE for "permission denied" (and "must be owner of …"). */
const INSUFFICIENT_PRIVILEGE = "42501";

/**
 * Applies the pending migrations and returns their tags ([] when up to date). It reads first:
 * migrate() creates its bookkeeping table and takes the lock even when nothing is pending, which
 * needs CREATE on the schema, so a least-privilege runtime role could not start on an up-to-date
 * database. When something is pending and this role may not apply it, the error says what to do.
 */
export async function applyPendingMigrations(sql: SQL): Promise<string[]> {
  const pending = pendingMigrations(await appliedMigrations(sql));
  if (pending.length === 0) return [];
  try {
    return await migrate(sql);
  } catch (err) {
    const e = err as { errno?: unknown; message?: unknown };
    if (e?.errno !== INSUFFICIENT_PRIVILEGE) throw err;
    throw new Error(
      `pending migrations (${pending.join(", ")}) need a role that may apply them (${String(e.message)}): run \`lingshu migrate\` as the database owner`,
      { cause: err },
    );
  }
}
