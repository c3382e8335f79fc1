/**
 * Group commit (src/db/sqlite/write-batch.ts) on a real SQLite file: writes queued in
 * one turn share one transaction, a failing write is rolled back alone, and a
 * caller hears back only after COMMIT.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../src/db/sqlite/client.ts";
import { WriteBatch } from "../../../src/db/sqlite/write-batch.ts";

const dir = mkdtempSync(join(tmpdir(), "lingshu-batch-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fresh(name: string) {
  const db = openDatabase(join(dir, `${name}.sqlite`));
  db.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
  return { db, batch: new WriteBatch(db), insert: db.prepare("INSERT INTO t (id, v) VALUES (?, ?)") };
}

test("writes queued in the same turn commit together; a throwing write is rolled back alone", async () => {
  const { db, batch, insert } = fresh("alone");
  const results = await Promise.allSettled([
    batch.run(() => insert.run(1, "a").changes),
    batch.run(() => {
      insert.run(2, "b");
      throw new Error("guard failed");
    }),
    batch.run(() => insert.run(3, "c").changes),
    // A primary-key clash is a SQLite error inside the write: also rolled back alone.
    batch.run(() => insert.run(1, "again")),
  ]);
  expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
  expect((results[1] as PromiseRejectedResult).reason.message).toBe("guard failed");
  expect(db.query("SELECT id, v FROM t ORDER BY id").all()).toEqual([
    { id: 1, v: "a" },
    { id: 3, v: "c" },
  ]);
  expect(db.inTransaction).toBe(false);
  db.close();
});

test("a caller's promise settles only after its write is visible to another connection", async () => {
  const { db, batch, insert } = fresh("visible");
  const other = openDatabase(join(dir, "visible.sqlite"));
  const pending = batch.run(() => insert.run(7, "x"));
  // Not yet flushed: the write has not even run.
  expect(other.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  await pending;
  expect(other.query("SELECT v FROM t WHERE id = 7").get()).toEqual({ v: "x" });
  other.close();
  db.close();
});

test("when the COMMIT itself fails every write of the batch is rolled back and every caller hears it", async () => {
  const { db, batch, insert } = fresh("commit-fails");
  // A deferred foreign key is only checked at COMMIT: the whole transaction then fails.
  db.exec("CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (pid INTEGER REFERENCES parent(id) DEFERRABLE INITIALLY DEFERRED)");
  const orphan = db.prepare("INSERT INTO child (pid) VALUES (42)");
  const results = await Promise.allSettled([batch.run(() => insert.run(1, "a")), batch.run(() => orphan.run())]);
  expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
  expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0 });
  expect(db.inTransaction).toBe(false);
  // The batch keeps working afterwards.
  await batch.run(() => insert.run(2, "b"));
  expect(db.query("SELECT count(*) AS n FROM t").get()).toEqual({ n: 1 });
  db.close();
});
