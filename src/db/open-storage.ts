/**
 * Picks the storage backend from the configuration: PostgreSQL when DATABASE_URL
 * is set (several instances may share it), else embedded SQLite at DATABASE_PATH
 * (the default). Migrations are applied on open.
 */
import type { Storage } from "./storage.ts";
import { openSqliteStore } from "./sqlite/store.ts";
import { openDatabase, migrate as migrateSqlite } from "./sqlite/client.ts";
import { openPostgresStore } from "./postgres/store.ts";
import { applyPendingMigrations, openPool, type PoolOptions } from "./postgres/client.ts";

export interface StorageConfig {
  databasePath: string;
  databaseUrl?: string | null;
  databasePoolSize?: number;
  databaseStatementTimeoutMs?: number;
}

/** A PostgreSQL URL without its password or query (which may carry one): scheme://user@host:port/database. */
export function redactDatabaseUrl(raw: string): string {
  try {
    const url = new URL(raw);
    const user = url.username ? `${decodeURIComponent(url.username)}@` : "";
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return "(an unparsable URL)";
  }
}

/** Where the data lives, for messages: never a password. */
export function describeDatabase(config: StorageConfig): string {
  if (config.databaseUrl) return `${redactDatabaseUrl(config.databaseUrl)} (DATABASE_URL)`;
  return `${config.databasePath} (DATABASE_PATH)`;
}

function poolOptions(config: StorageConfig): PoolOptions {
  return { poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs };
}

export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.databaseUrl) return openPostgresStore(config.databaseUrl, poolOptions(config));
  return openSqliteStore(config.databasePath);
}

/**
 * `lingshu migrate`: applies the embedded migrations not applied yet and returns their tags
 * ([] when already up to date). It opens no store, since opening one applies them too and the
 * command could then no longer tell what it applied.
 */
export async function migrateStorage(config: StorageConfig): Promise<string[]> {
  if (config.databaseUrl) {
    // Its statements run one after another: one connection is enough.
    const sql = openPool(config.databaseUrl, { ...poolOptions(config), poolSize: 1 });
    try {
      return await applyPendingMigrations(sql);
    } finally {
      await sql.close();
    }
  }
  const sqlite = openDatabase(config.databasePath);
  try {
    return migrateSqlite(sqlite);
  } finally {
    sqlite.close();
  }
}
