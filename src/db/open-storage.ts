/**
 * Picks the storage backend from the configuration: embedded SQLite at
 * DATABASE_PATH (the default). Migrations are applied on open.
 */
import type { Storage } from "./storage.ts";
import { openSqliteStore } from "./sqlite/store.ts";

export interface StorageConfig {
  databasePath: string;
}

/** Where the data lives, for messages: never a password. */
export function describeDatabase(config: StorageConfig): string {
  return `${config.databasePath} (DATABASE_PATH)`;
}

export async function openStorage(config: StorageConfig): Promise<Storage> {
  return openSqliteStore(config.databasePath);
}
