/**
 * The SQLite files are private when the service creates them: the data directory 0700, the
 * database 0600, and its -wal and -shm files as the database (whatever the process umask allows
 * beyond that is only narrower).
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../src/db/sqlite/client.ts";

const root = mkdtempSync(join(tmpdir(), "lingshu-modes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (path: string) => statSync(path).mode & 0o777;

test("a new data directory is 0700, the database and its -wal/-shm files 0600", () => {
  const dir = join(root, "data", "nested");
  const path = join(dir, "lingshu.sqlite");
  const db = openDatabase(path);
  db.exec("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)");
  try {
    expect(mode(join(root, "data"))).toBe(0o700);
    expect(mode(dir)).toBe(0o700);
    for (const file of [path, `${path}-wal`, `${path}-shm`]) expect({ file, mode: mode(file) }).toEqual({ file, mode: 0o600 });
  } finally {
    db.close();
  }
});

test("an existing database keeps its mode (an operator's choice is not overridden)", () => {
  const path = join(root, "existing.sqlite");
  openDatabase(path).close();
  Bun.spawnSync(["chmod", "640", path]);
  openDatabase(path).close();
  expect(mode(path)).toBe(0o640);
});
