/**
 * Crash safety of the compiled binary: a mixed write load with Idempotency-Keys
 * (chart and cast creations, chart deletes, retries of unanswered requests) while
 * the process is killed with SIGKILL at random moments, at least 20 times, and
 * restarted on the same database each time.
 *
 * The database is SQLite, or PostgreSQL under LINGSHU_TEST_BACKEND=postgresql (the
 * processes killed are then clients of a server that survives them).
 *
 * What is asserted once the dust settles (the service group-commits writes and
 * answers 201 only after COMMIT, so an answer is a promise of durability):
 * - (SQLite) PRAGMA integrity_check is "ok" and foreign_key_check is empty;
 * - every resource whose 201 reached the client reads back byte for byte (or 404
 *   when a delete of it was answered 204; either when the delete went unanswered);
 * - every answered creation, sent again with its key and body, is replayed byte for
 *   byte with Idempotent-Replayed: true and creates nothing;
 * - every unanswered creation, sent again with its key and body, either creates (or
 *   replays) its resource, or answers 409 IDEMPOTENCY_IN_PROGRESS with
 *   0 < retry_after_ms ≤ 30000 (its claim was committed, the write was not);
 * - at most one row exists per request marker (end_user_id), exactly one for every
 *   creation answered 201, none for a creation whose retry answers "in progress";
 * - every idempotency record still in progress belongs to a request that was never
 *   answered, has nothing stored for it, and is locked for at most 30 s after its
 *   claim (locked_until − created_at ≤ 30000): a clock-independent proof that the
 *   claim is taken over once its lock runs out.
 * With CRASH_WAIT_LOCKS=1 the test also waits for those locks to run out and checks
 * that each such request then creates its resource exactly once (≈ 30 s more).
 *
 * CRASH_SEED picks the kill moments and the load mix; CRASH_CYCLES the kill count.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { DEFAULT_BACKEND, LingshuBinary, pool, prng } from "../helpers/binary.ts";

const SEED = Number(process.env.CRASH_SEED ?? 424242);
const CYCLES = Number(process.env.CRASH_CYCLES ?? 24);
const WORKERS = 12;
const LOCK_MS = 30_000;


interface Attempt {
  status?: number;
  text?: string;
  replayed?: boolean;
  error?: string;
  cycle: number;
}

interface CreateOp {
  kind: "chart" | "cast";
  marker: string;
  key: string;
  path: string;
  body: object;
  attempts: Attempt[];
  /** The id from a 201, once one arrived. */
  id?: string;
  text?: string;
  deletes: Attempt[];
}

let bin: LingshuBinary | null = null;
afterAll(async () => {
  await bin?.dispose();
});

describe(`kill -9 under a mixed write load (seed ${SEED}, ${DEFAULT_BACKEND})`, () => {
  test(`${CYCLES} kills at random moments: answered writes are durable, unanswered ones happen at most once, no claim stays stuck`, async () => {
    const t0 = performance.now();
    const r = prng(SEED);
    bin = await LingshuBinary.start();
    const b = bin;
    const ops: CreateOp[] = [];
    let opCounter = 0;

    const newCreate = (): CreateOp => {
      const marker = `m${SEED}-${opCounter++}`;
      if (r.next() < 0.6) {
        const birth = { year: 1900 + r.int(201), month: 1 + r.int(12), day: 1 + r.int(28), hour: r.int(24), minute: r.int(60), gender: r.pick(["男", "女"]) };
        return { kind: "chart", marker, key: `key-${marker}`, path: "/v1/bazi/charts", body: { birth, end_user_id: marker, metadata: { marker } }, attempts: [], deletes: [] };
      }
      // dayan: the service draws the lines itself, so only the stored record can repeat them.
      return { kind: "cast", marker, key: `key-${marker}`, path: "/v1/liuyao/casts", body: { question: `Will ${marker} go well?`, method: "dayan", end_user_id: marker, metadata: { marker } }, attempts: [], deletes: [] };
    };

    const post = async (op: CreateOp, cycle: number) => {
      const attempt: Attempt = { cycle };
      op.attempts.push(attempt);
      try {
        const res = await b.request("POST", op.path, { idempotencyKey: op.key, body: op.body });
        attempt.status = res.status;
        attempt.text = res.text;
        attempt.replayed = res.headers.get("idempotent-replayed") === "true";
        if (res.status === 201) {
          if (op.id !== undefined && op.id !== res.json.id) throw new Error(`${op.marker} created twice: ${op.id} and ${res.json.id}`);
          op.id = res.json.id;
          op.text ??= res.text;
        }
      } catch (err) {
        if (err instanceof Error && err.message.includes("created twice")) throw err;
        attempt.error = (err as { code?: string }).code ?? String(err);
      }
    };

    const del = async (op: CreateOp, cycle: number) => {
      const attempt: Attempt = { cycle };
      op.deletes.push(attempt);
      try {
        const res = await b.request("DELETE", `/v1/bazi/charts/${op.id}`);
        attempt.status = res.status;
      } catch (err) {
        attempt.error = (err as { code?: string }).code ?? String(err);
      }
    };

    const killedAt: number[] = [];
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      let dead = false;
      const worker = async () => {
        while (!dead) {
          const roll = r.next();
          const deletable = ops.filter((o) => o.kind === "chart" && o.id && o.deletes.length === 0);
          const unanswered = ops.filter((o) => !o.id && o.attempts.length > 0 && o.attempts.length < 3 && o.attempts.at(-1)!.error);
          if (roll < 0.15 && deletable.length) await del(r.pick(deletable), cycle);
          else if (roll < 0.25 && unanswered.length) await post(r.pick(unanswered), cycle);
          else {
            const op = newCreate();
            ops.push(op);
            await post(op, cycle);
          }
        }
      };
      const workers = Array.from({ length: WORKERS }, worker);
      // The moment: right after /ready, or somewhere in the first 400 ms of load.
      const delay = r.next() < 0.15 ? 0 : r.int(400);
      await Bun.sleep(delay);
      await b.kill9();
      dead = true;
      killedAt.push(delay);
      await Promise.all(workers);
      await b.restart();
    }
    const loadMs = performance.now() - t0;

    // ── 1. the file is sound (SQLite: the killed process wrote the file itself; PostgreSQL's
    //       server outlived the kills, and its files are its own to check) ─────────────────
    if (b.backend === "sqlite") {
      const db = new Database(b.databasePath, { readonly: true });
      try {
        expect(db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all().map((x) => x.integrity_check)).toEqual(["ok"]);
        expect(db.query("PRAGMA foreign_key_check").all()).toEqual([]);
      } finally {
        db.close();
      }
    }

    // ── 2. what was answered is there, byte for byte ─────────────────────────
    const answered = ops.filter((o) => o.id !== undefined);
    const unanswered = ops.filter((o) => o.id === undefined);
    const deleted = (o: CreateOp) => o.deletes.some((d) => d.status === 204);
    const maybeDeleted = (o: CreateOp) => o.deletes.some((d) => d.error !== undefined);
    expect(answered.length).toBeGreaterThan(CYCLES * 5);
    const readProblems: string[] = [];
    await pool(answered, 16, async (o) => {
      // Every 201 for one marker carried the same bytes (replays included).
      for (const a of o.attempts) if (a.status === 201 && a.text !== o.text) readProblems.push(`${o.marker}: two different 201 bodies`);
      const read = await b.request("GET", `${o.path}/${o.id}`);
      if (deleted(o)) {
        if (read.status !== 404) readProblems.push(`${o.marker}: deleted (204) but GET answers ${read.status}`);
      } else if (read.status === 404 && maybeDeleted(o)) {
        // its delete went unanswered and did happen: fine
      } else if (read.status !== 200 || read.text !== o.text) readProblems.push(`${o.marker}: GET ${read.status} ${read.text.slice(0, 100)} ≠ ${o.text!.slice(0, 100)}`);
    });
    expect(readProblems.slice(0, 10)).toEqual([]);

    // ── 3. answered creations replay, byte for byte, creating nothing ────────
    const replayProblems: string[] = [];
    await pool(
      answered.filter((x) => x.deletes.length === 0),
      16,
      async (o) => {
        const res = await b.request("POST", o.path, { idempotencyKey: o.key, body: o.body });
        if (res.status !== 201 || res.text !== o.text || res.headers.get("idempotent-replayed") !== "true") replayProblems.push(`${o.marker}: ${res.status} replayed=${res.headers.get("idempotent-replayed")}`);
      },
    );
    expect(replayProblems.slice(0, 10)).toEqual([]);

    // ── 4. unanswered creations, retried with their key and body ─────────────
    const inProgress: CreateOp[] = [];
    const retryProblems: string[] = [];
    let replayedOnRetry = 0;
    await pool(unanswered, 16, async (o) => {
      const res = await b.request("POST", o.path, { idempotencyKey: o.key, body: o.body });
      if (res.status === 201) {
        if (res.headers.get("idempotent-replayed") === "true") replayedOnRetry += 1;
        o.id = res.json.id;
        o.text = res.text;
        const read = await b.request("GET", `${o.path}/${o.id}`);
        if (read.text !== res.text) retryProblems.push(`${o.marker}: retry created ${o.id} but GET differs`);
      } else if (res.status === 409 && res.json?.error?.code === "IDEMPOTENCY_IN_PROGRESS") {
        const e = res.json.error;
        if (!(e.retryable === true && Number.isInteger(e.retry_after_ms) && e.retry_after_ms > 0 && e.retry_after_ms <= LOCK_MS)) retryProblems.push(`${o.marker}: in progress with ${JSON.stringify(e)}`);
        inProgress.push(o);
      } else retryProblems.push(`${o.marker}: retry answered ${res.status} ${res.text.slice(0, 200)}`);
    });
    expect(retryProblems.slice(0, 10)).toEqual([]);

    // ── 5. at most once: rows per marker ─────────────────────────────────────
    const rows = await b.readDatabase(async (db) => {
      const m = new Map<string, number>();
      for (const t of ["charts", "casts"]) {
        for (const row of await db.all<{ end_user_id: string; n: number | string }>(`SELECT end_user_id, count(*) AS n FROM ${t} WHERE end_user_id LIKE 'm${SEED}-%' GROUP BY end_user_id`)) {
          m.set(row.end_user_id, (m.get(row.end_user_id) ?? 0) + Number(row.n));
        }
      }
      return m;
    });
    const countProblems: string[] = [];
    for (const o of ops) {
      const n = rows.get(o.marker) ?? 0;
      if (n > 1) countProblems.push(`${o.marker}: ${n} rows`);
      if (o.id !== undefined && !deleted(o) && !maybeDeleted(o) && n !== 1) countProblems.push(`${o.marker}: answered 201 but ${n} rows`);
      if (inProgress.includes(o) && n !== 0) countProblems.push(`${o.marker}: claim in progress but ${n} rows stored`);
    }
    expect(countProblems.slice(0, 10)).toEqual([]);

    // ── 6. claims still in progress: whose, and for how long ─────────────────
    const records = await b.readDatabase(async (db) =>
      // (Numbers: PostgreSQL's bigint columns arrive as strings.)
      (await db.all<{ key: string; created_at: number | string; locked_until: number | string }>("SELECT key, created_at, locked_until FROM idempotency_records WHERE state = 'in_progress'")).map((r) => ({
        key: r.key,
        created_at: Number(r.created_at),
        locked_until: Number(r.locked_until),
      })),
    );
    const byKey = new Map(ops.map((o) => [o.key, o]));
    const claimProblems: string[] = [];
    for (const rec of records) {
      const o = byKey.get(rec.key);
      if (!o) continue;
      if (!inProgress.includes(o)) claimProblems.push(`${o.marker}: claim in progress but its retry did not answer "in progress"`);
      if (o.attempts.some((a) => a.status === 201)) claimProblems.push(`${o.marker}: claim in progress although the request was answered 201`);
      if (rec.locked_until - rec.created_at > LOCK_MS || rec.locked_until <= rec.created_at) claimProblems.push(`${o.marker}: locked for ${rec.locked_until - rec.created_at} ms`);
    }
    expect(claimProblems).toEqual([]);
    expect(records.filter((x) => byKey.has(x.key)).length).toBe(inProgress.length);

    console.log(
      `crash: ${CYCLES} kills (after ${killedAt.join(", ")} ms of load) in ${Math.round(loadMs)} ms; ${ops.length} creations, ${answered.length} answered 201 ` +
        `(all durable and replayed byte for byte), ${unanswered.length} unanswered: on retry ${unanswered.length - inProgress.length - replayedOnRetry} created once, ${replayedOnRetry} replayed (written, answer lost), ` +
        `${inProgress.length} "in progress" (claim committed, write not; lock ≤ 30 s); ` +
        `${ops.reduce((n, o) => n + o.deletes.length, 0)} deletes${b.backend === "sqlite" ? "; integrity ok" : ""}`,
    );

    // ── 7. (CRASH_WAIT_LOCKS=1) once the locks run out, each such request creates once ──
    if (process.env.CRASH_WAIT_LOCKS && inProgress.length) {
      const latest = Math.max(...records.map((x) => x.locked_until));
      await Bun.sleep(Math.max(0, latest - Date.now()) + 500);
      for (const o of inProgress) {
        const res = await b.request("POST", o.path, { idempotencyKey: o.key, body: o.body });
        expect(res.status).toBe(201);
        expect(res.headers.get("idempotent-replayed")).toBeNull();
      }
      const after = await b.readDatabase((db) => Promise.all(inProgress.map((o) => db.count(o.kind === "chart" ? "charts" : "casts", "end_user_id = ?", o.marker))));
      expect(after.every((n) => n === 1)).toBe(true);
    }
  }, process.env.CRASH_WAIT_LOCKS ? 150_000 : 90_000);
});
