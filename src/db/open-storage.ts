/**
 * Picks the storage backend from the configuration: PostgreSQL when DATABASE_URL
 * is set (several instances may share it), else embedded SQLite at DATABASE_PATH
 * (the default). Migrations are applied on open.
 */
import type { Storage } from "./storage.ts";
import { openSqliteStore } from "./sqlite/store.ts";
import { openPostgresStore } from "./postgres/store.ts";

export interface StorageConfig {
  databasePath: string;
  databaseUrl?: string | null;
  databasePoolSize?: number;
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

export async function openStorage(config: StorageConfig): Promise<Storage> {
  if (config.databaseUrl) return openPostgresStore(config.databaseUrl, { poolSize: config.databasePoolSize });
  return openSqliteStore(config.databasePath);
}
