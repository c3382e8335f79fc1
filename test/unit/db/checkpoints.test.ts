/**
 * The background checkpointer (src/db/sqlite/checkpoints.ts) on real SQLite files and a
 * real Worker: it copies the WAL into the database file and keeps the WAL bounded while
 * the request connection only appends; closing the store stops it first so no WAL is
 * left; a worker that cannot work hands checkpoints back to the request connection.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../../src/db/sqlite/client.ts";
import { openSqliteStore } from "../../../src/db/sqlite/store.ts";
import { BackgroundCheckpoints, DEFAULT_CHECKPOINTER, INLINE_AUTOCHECKPOINT_FRAMES, fallbackFrames } from "../../../src/db/sqlite/checkpoints.ts";

const WORKER_URL = new URL("../../../src/db/sqlite/checkpoint-worker.ts", import.meta.url).href;
/** A WAL frame: 24-byte header and a 4 KiB page. */
const FRAME_BYTES = 24 + 4096;

const dir = mkdtempSync(join(tmpdir(), "lingshu-checkpoints-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const autocheckpoint = (db: { query: (sql: string) => { get: () => unknown } }) =>
  (db.query("PRAGMA wal_autocheckpoint").get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

const walFrames = (path: string) => (existsSync(`${path}-wal`) ? Math.floor(statSync(`${path}-wal`).size / FRAME_BYTES) : 0);

test("the worker copies the WAL into the database and keeps it bounded; close leaves no WAL", async () => {
  const path = join(dir, "bounded.sqlite");
  const store = openSqliteStore(path);
  const restartAfterFrames = 100;
  expect(await store.checkpointInBackground(WORKER_URL, { settings: { restartAfterFrames, busyIntervalMs: 1, idleIntervalMs: 1 } })).toBe(true);
  // The request connection's own checkpoint is only a backstop now, far past the worker's limit.
  expect(autocheckpoint(store.sqlite)).toBe(fallbackFrames(restartAfterFrames));

  // 60 commits of 20 records of 6 KB (≈ 2 pages each): ≈ 2,400 frames in all, 40 per commit.
  const record = JSON.stringify({ text: "甲子乙丑".repeat(500) });
  let largestWal = 0;
  for (let commit = 0; commit < 60; commit++) {
    const writes = Array.from({ length: 20 }, (_, i) =>
      store.subjects.chart.insert({ id: `bzc_${commit}_${i}`, appId: "app_x", endUserId: null, createdAt: commit, record }),
    );
    await Promise.all(writes);
    largestWal = Math.max(largestWal, walFrames(path));
    await Bun.sleep(3);
  }
  // Without the worker the WAL would have grown past the backstop (400 frames) at least once
  // and been checkpointed by the request connection; the worker kept it near its limit.
  expect(largestWal).toBeGreaterThan(0);
  expect(largestWal).toBeLessThan(fallbackFrames(restartAfterFrames));
  // The records reached the database file itself, not only the WAL.
  expect(statSync(path).size).toBeGreaterThan(1000 * 4096);
  expect(store.sqlite.query("SELECT count(*) AS n FROM charts").get()).toEqual({ n: 1200 });
  expect(store.sqlite.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });

  await store.close();
  // The worker's connection closed first: the request connection was the last and removed the WAL.
  expect(existsSync(`${path}-wal`)).toBe(false);
  const reopened = openDatabase(path);
  expect(reopened.query("SELECT count(*) AS n FROM charts").get()).toEqual({ n: 1200 });
  reopened.close();
}, 30_000);

test("a worker that cannot open the database hands checkpoints back to the request connection", async () => {
  const sqlite = openDatabase(join(dir, "unopenable.sqlite"));
  const failures: string[] = [];
  const settings = { ...DEFAULT_CHECKPOINTER, path: join(dir, "no-such-folder", "x.sqlite") };
  const checkpoints = new BackgroundCheckpoints(sqlite, WORKER_URL, settings, (message) => failures.push(message));
  expect(await checkpoints.started).toBe(false);
  expect(failures).toHaveLength(1);
  expect(failures[0]).toMatch(/unable to open/i);
  expect(checkpoints.failure).toBe(failures[0]!);
  expect(autocheckpoint(sqlite)).toBe(INLINE_AUTOCHECKPOINT_FRAMES);
  await checkpoints.stop();
  sqlite.close();
});

test("a worker module that does not load is reported the same way", async () => {
  const sqlite = openDatabase(join(dir, "no-module.sqlite"));
  const failures: string[] = [];
  const missing = new URL("./no-such-worker.ts", import.meta.url).href;
  const checkpoints = new BackgroundCheckpoints(sqlite, missing, { ...DEFAULT_CHECKPOINTER, path: sqlite.filename }, (message) => failures.push(message));
  expect(await checkpoints.started).toBe(false);
  expect(failures).toHaveLength(1);
  expect(autocheckpoint(sqlite)).toBe(INLINE_AUTOCHECKPOINT_FRAMES);
  await checkpoints.stop();
  sqlite.close();
});

test("the store starts one worker however often it is asked", async () => {
  const path = join(dir, "once.sqlite");
  const store = openSqliteStore(path);
  const first = store.checkpointInBackground(WORKER_URL);
  expect(store.checkpointInBackground(WORKER_URL)).toBe(first);
  expect(await first).toBe(true);
  await store.close();
  expect(existsSync(`${path}-wal`)).toBe(false);
});
