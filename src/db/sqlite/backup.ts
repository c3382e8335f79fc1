/**
 * `lingshu backup PATH`: a consistent copy of a live SQLite database. VACUUM INTO reads one snapshot
 * (WAL lets it run beside the serving process, which keeps writing), writes a compact new file, and
 * the copy is then checked with integrity_check before it is called a backup.
 */
import { Database } from "bun:sqlite";
import { chmodSync, existsSync, rmSync, statSync } from "node:fs";
import { BackupFailed } from "../types.ts";

export interface BackupResult {
  bytes: number;
  durationMs: number;
}

export function backupDatabase(source: Database, path: string): BackupResult {
  const started = performance.now();
  if (existsSync(path)) throw new BackupFailed(`${path} already exists: name a new file`);
  try {
    source.run("VACUUM INTO ?", [path]);
  } catch (err) {
    throw new BackupFailed(`cannot write the backup to ${path}: ${(err as Error).message}`);
  }
  // The copy holds every App's data and key digests: readable by its owner alone, like the database.
  chmodSync(path, 0o600);
  const copy = new Database(path, { readonly: true });
  let verdict: string[];
  try {
    verdict = copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((row) => row.integrity_check);
  } finally {
    copy.close();
  }
  if (verdict.length !== 1 || verdict[0] !== "ok") {
    rmSync(path, { force: true });
    throw new BackupFailed(`the copy failed integrity_check (${verdict.slice(0, 3).join("; ")}); it was removed`);
  }
  return { bytes: statSync(path).size, durationMs: Math.round(performance.now() - started) };
}
