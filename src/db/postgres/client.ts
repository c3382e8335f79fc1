/**
 * The PostgreSQL connection pool (Bun.SQL) and the migrator for the embedded
 * migrations. Several instances may start together on one database: the
 * migrator takes a transaction-scoped advisory lock, so one applies and the
 * others then find everything applied.
 */
import { SQL } from "bun";
import { MIGRATIONS } from "./migrations.ts";

const MIGRATIONS_TABLE = "__lingshu_migrations";
/** The advisory lock key of the migrator (any constant shared by every instance; "Ling" in ASCII). */
const MIGRATION_LOCK_KEY = 0x4c696e67;

export interface PoolOptions {
  /** Connections in the pool (DATABASE_POOL_SIZE); default 10. */
  poolSize?: number;
  /** Seconds to wait for a new connection before a query fails (and the request answers 503). */
  connectTimeoutSeconds?: number;
}

/**
 * A pool on `url`. Connections open on demand and are replaced when they break,
 * so after an outage the pool recovers by itself on the next query.
 */
export function openPool(url: string, options: PoolOptions = {}): SQL {
  const parsed = new URL(url);
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, ""));
  return new SQL(url, {
    max: options.poolSize ?? 10,
    connectionTimeout: options.connectTimeoutSeconds ?? 5,
    // Idle connections are closed after a minute and reopened on demand.
    idleTimeout: 60,
    // Bun lets PGDATABASE override the URL's database; the URL is the configuration here.
    ...(database ? { database } : {}),
    connection: { application_name: "lingshu" },
  });
}

/** Applies every embedded migration not applied yet, in one transaction under the migrator's lock. Returns the tags applied now. */
export async function migrate(sql: SQL, now: number = Date.now()): Promise<string[]> {
  return (await sql.begin(async (tx) => {
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

/** True when every embedded migration is among `applied`. */
export function migrationsComplete(applied: Iterable<string>): boolean {
  const set = new Set(applied);
  return MIGRATIONS.every((m) => set.has(m.tag));
}
