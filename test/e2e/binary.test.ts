/**
 * The compiled binary: built with `npm run build`'s script (test/helpers/binary.ts),
 * started from an empty directory (no node_modules) on a fresh database; /ready,
 * the operator CLI and authenticated requests against it; SIGTERM, idle and under load.
 * The database is SQLite, or PostgreSQL under LINGSHU_TEST_BACKEND=postgresql.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { connect, type Socket } from "node:net";
import { DEFAULT_BACKEND, LingshuBinary, buildBinary, errorShapeProblem, prng, rawHttp } from "../helpers/binary.ts";
import { startFakeAnthropic } from "../helpers/fake-anthropic.ts";

const BIRTH = { year: 1949, month: 10, day: 1, hour: 15, gender: "男" };
/** How long a SIGTERM may take to end the process (in-flight requests here finish in milliseconds). */
const SHUTDOWN_BOUND_MS = 5_000;

const started: LingshuBinary[] = [];
async function start(...args: Parameters<typeof LingshuBinary.start>): Promise<LingshuBinary> {
  const bin = await LingshuBinary.start(...args);
  started.push(bin);
  return bin;
}
afterEach(async () => {
  for (const bin of started.splice(0)) await bin.dispose();
});

/** Rows per value of `column` in a table, read beside the service. */
function rowCounts(bin: LingshuBinary, table: string, column: "end_user_id" | "app_id"): Promise<Map<string, number>> {
  return bin.readDatabase(async (db) => {
    const rows = await db.all<{ value: string; n: number | string }>(`SELECT ${column} AS value, count(*) AS n FROM ${table} GROUP BY ${column}`);
    return new Map(rows.map((r) => [r.value, Number(r.n)]));
  });
}

describe(`dist/lingshu on ${DEFAULT_BACKEND}`, () => {
  test("runs from an empty directory: migrations embedded, CLI works, a chart over HTTP, SIGTERM exits 0", async () => {
    const bin = await start();
    // On SQLite a worker thread checkpoints the WAL: its module is bundled as the build's second entry.
    const listening = JSON.parse(bin.logs.find((line) => line.includes('"msg":"listening"'))!);
    expect(listening.checkpoints).toBe(DEFAULT_BACKEND === "sqlite" ? "background" : undefined);
    // The migrations are embedded: serve applied them at start, so `migrate` finds none left to apply.
    expect((await bin.request("GET", "/ready", { key: null })).json.migrations).toBeGreaterThan(0);
    expect(bin.cliJson(["migrate"]).applied).toEqual([]);
    expect(bin.tenant!.key).toMatch(/^ap_test_/);
    const res = await bin.request("POST", "/v1/bazi/charts", { idempotencyKey: "bin-1", body: { birth: BIRTH } });
    expect(res.status).toBe(201);
    expect(res.json.pillars.day.ganzhi).toBe("甲子");
    const again = await bin.request("GET", `/v1/bazi/charts/${res.json.id}`);
    expect(again.text).toBe(res.text);
    const docs = await bin.request("GET", "/docs");
    expect(docs.status).toBe(200);
    expect((await bin.request("GET", "/openapi.json")).status).toBe(200);
    // The audio asset is embedded in the executable and served with ranges.
    const part = await fetch(`${bin.base}/assets/healing/music_breath_10/1.0.0/hooponopono-a96c6aba.mp3`, { headers: { range: "bytes=0-1023" } });
    expect(part.status).toBe(206);
    expect((await part.arrayBuffer()).byteLength).toBe(1024);
    const stopped = await bin.stop("SIGTERM");
    expect(stopped.code).toBe(0);
    // The worker's connection closed first, so the last one checkpointed everything and removed the WAL.
    if (DEFAULT_BACKEND === "sqlite") expect(existsSync(`${bin.databasePath}-wal`)).toBe(false);
    // Nothing was written next to the process: the database lives at DATABASE_PATH (or in PostgreSQL) only.
    expect(readdirSync(bin.workDir)).toEqual([]);
  }, 60_000);

  test("with a model key: Responses in the shape the default model accepts, and check-model", async () => {
    const fake = await startFakeAnthropic();
    try {
      const env = { ANTHROPIC_API_KEY: "test-key", ANTHROPIC_BASE_URL: fake.url };
      const bin = await start({ env });
      const listening = JSON.parse(bin.logs.find((line) => line.includes('"msg":"listening"'))!);
      expect(listening.model).toMatchObject({ interpreter: "anthropic", model: "claude-sonnet-5-5", profile: "sonnet-5-5", effort: "medium" });
      const chart = await bin.request("POST", "/v1/bazi/charts", { idempotencyKey: "bin-model-chart", body: { birth: BIRTH } });
      const first = await bin.request("POST", "/v1/responses", { idempotencyKey: "bin-model-1", body: { capability: "bazi", subject_id: chart.json.id, input: "今年如何？" } });
      expect(first.status).toBe(201);
      const second = await bin.request("POST", "/v1/responses", { idempotencyKey: "bin-model-2", body: { previous_response_id: first.json.id, input: "And my career?" } });
      expect(second.status).toBe(201);
      expect([first.json.model, second.json.model]).toEqual(["claude-sonnet-5-5", "claude-sonnet-5-5"]);
      expect(fake.requests.map((r) => r.status)).toEqual([200, 200]);
      // Spawned without blocking: this process serves the fake the command calls.
      const check = Bun.spawn([buildBinary(), "check-model"], { env: { PATH: process.env.PATH ?? "", ...env }, stdout: "pipe", stderr: "pipe" });
      const [line, code] = await Promise.all([new Response(check.stdout).text(), check.exited]);
      expect(code).toBe(0);
      expect(line).toStartWith("ok: claude-sonnet-5-5 (profile sonnet-5-5, effort medium) answered in");
    } finally {
      await fake.stop();
    }
  }, 60_000);

  test("--version names the build (the commit it was built from, and when); /health, the listening line and /openapi.json name the same", async () => {
    const bin = await LingshuBinary.start();
    started.push(bin);
    const version = bin.cli(["--version", "--json"]);
    expect(version.code).toBe(0);
    const v = JSON.parse(version.stdout);
    const head = Bun.spawnSync(["git", "rev-parse", "--short=12", "HEAD"], { stdout: "pipe", stderr: "ignore" });
    // Built from this checkout: its commit (marked -dirty with uncommitted changes), or "unknown" outside git.
    if (head.exitCode === 0) expect(v.commit).toStartWith(head.stdout.toString().trim());
    expect(v).toEqual({ version: "1.0.0", build: `1.0.0+${v.commit}`, commit: v.commit, built_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(bin.cli(["--version"]).stdout.trim()).toBe(`lingshu 1.0.0 (build ${v.commit}, built ${v.built_at})`);
    expect((await bin.request("GET", "/health")).json.build).toBe(v.build);
    expect((await bin.request("GET", "/openapi.json")).json.info["x-build"]).toBe(v.build);
    const listening = bin.logs.map((l) => { try { return JSON.parse(l); } catch { return null; } }).find((l) => l?.msg === "listening");
    expect(listening?.build).toBe(v.build);
  }, 60_000);

  test.each([
    [{ HOST: "0.0.0.0" }, "lingshu: invalid configuration: KEY_PEPPER must be set when HOST is not a loopback address (HOST=0.0.0.0): keys would be checked with the public development pepper"],
    [{ NODE_ENV: "staging" }, 'lingshu: invalid configuration: NODE_ENV must be development, test, production or unset (unset means development); got "staging"'],
  ])("the binary refuses to serve with %j: exit 2, one line, no database created", (env, line) => {
    const dir = mkdtempSync(join(tmpdir(), "lingshu-strict-"));
    try {
      const path = join(dir, "data", "lingshu.sqlite");
      const r = Bun.spawnSync([buildBinary(), "serve"], { env: { PATH: process.env.PATH ?? "", DATABASE_PATH: path, PORT: "0", ...env }, stdout: "pipe", stderr: "pipe" });
      expect(r.exitCode).toBe(2);
      expect(r.stderr.toString().trim()).toBe(line);
      expect(existsSync(path)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("a busy port: exit 1 with one line, never a second instance sharing the port", async () => {
    const bin = await start();
    const dir = mkdtempSync(join(tmpdir(), "lingshu-busy-"));
    try {
      const env = { PATH: process.env.PATH ?? "", DATABASE_PATH: join(dir, "other.sqlite"), KEY_PEPPER: "busy-port-pepper-0123456789", HOST: "127.0.0.1", PORT: String(bin.port) };
      const second = Bun.spawnSync([buildBinary(), "serve"], { env, stdout: "pipe", stderr: "pipe", timeout: 20_000 });
      expect(second.exitCode).toBe(1);
      expect(second.stderr.toString().trim()).toBe(`lingshu: cannot listen on 127.0.0.1:${bin.port}: the port is in use by another process (stop it, or set PORT to a free port)`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("a production start on a database without Apps logs what to do next", async () => {
    const bin = await start({ env: { NODE_ENV: "production" }, tenant: false });
    const advice = bin.logs.map((line) => JSON.parse(line.startsWith("{") ? line : "{}")).find((line) => line.msg?.startsWith("no Apps yet"));
    expect(advice).toMatchObject({ level: "warn", next: expect.stringContaining("lingshu app create") });
  }, 60_000);

  test("the operator CLI of the binary: bad commands exit 2, missing Apps exit 1, one line on stderr", async () => {
    // Not started: the CLI alone, on a fresh database.
    const bin = await LingshuBinary.create();
    started.push(bin);
    const bad = bin.cli(["frobnicate"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split("\n")).toHaveLength(1);
    const missing = bin.cli(["app", "show", "app_missing", "--json"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr.trim().split("\n")).toHaveLength(1);
  }, 30_000);

  test("another KEY_PEPPER than the database's: serve and the CLI refuse with one line; pepper adopt makes it the database's and revokes the old keys", async () => {
    const bin = await start();
    const oldKey = bin.tenant!.key;
    await bin.stop();
    const other = { KEY_PEPPER: "another-pepper-0123456789" };
    const refusal = /^lingshu: KEY_PEPPER is not the pepper this database was first used with \(fingerprint [0-9a-f]{16}, the database's [0-9a-f]{16}\): none of its API keys would verify\. /;
    const serve = bin.cli(["serve"], other);
    expect(serve.code).toBe(1);
    expect(serve.stderr.trim().split("\n")).toHaveLength(1);
    expect(serve.stderr).toMatch(refusal);
    const create = bin.cli(["key", "create", bin.tenant!.appId], other);
    expect(create.code).toBe(1);
    expect(create.stderr).toMatch(refusal);
    expect(bin.cli(["pepper", "show", "--json"], other).json).toMatchObject({ matches: false });
    // The tenant's key, and the one the first start made for local development.
    expect(bin.cli(["pepper", "adopt", "--yes", "--json"], other).json).toMatchObject({ keys_revoked: 2 });
    expect(bin.cli(["pepper", "show", "--json"], other).json).toMatchObject({ matches: true });
    // The original pepper is now the stranger.
    expect(bin.cli(["app", "list"]).code).toBe(1);
    const fresh = bin.cli(["key", "create", bin.tenant!.appId, "--json"], other).json.key;
    const again = await LingshuBinary.start({ ...(bin.databaseUrl ? { databaseUrl: bin.databaseUrl } : { databasePath: bin.databasePath }), env: other, tenant: false });
    // Stopped before the first binary, whose database it is.
    started.unshift(again);
    expect((await again.request("GET", "/v1/bazi/charts/bzc_missing", { key: oldKey })).status).toBe(401);
    expect((await again.request("GET", "/v1/bazi/charts/bzc_missing", { key: fresh })).status).toBe(404);
  }, 60_000);

  test("app delete: without --yes nothing happens; with it every row of the App goes in one step, another App's stay, and its keys stop working at once", async () => {
    const bin = await start();
    const other = bin.cli(["app", "create", "--name", "other", "--env", "test", "--json"]).json;
    const otherKey = bin.cli(["key", "create", other.id, "--json"]).json.key;
    const chart = await bin.request("POST", "/v1/bazi/charts", { idempotencyKey: "del-chart", body: { birth: BIRTH } });
    expect((await bin.request("POST", "/v1/responses", { idempotencyKey: "del-resp", body: { capability: "bazi", subject_id: chart.json.id, input: "今年如何？" } })).status).toBe(201);
    expect((await bin.request("POST", "/v1/bazi/charts", { key: otherKey, idempotencyKey: "keep", body: { birth: BIRTH } })).status).toBe(201);

    const unconfirmed = bin.cli(["app", "delete", bin.tenant!.appId]);
    expect(unconfirmed.code).toBe(2);
    expect(unconfirmed.stderr.trim()).toBe("lingshu: --yes is required");
    expect((await bin.request("GET", `/v1/bazi/charts/${chart.json.id}`)).status).toBe(200);

    const deleted = bin.cli(["app", "delete", bin.tenant!.appId, "--yes", "--json"]);
    expect(deleted.code).toBe(0);
    expect(deleted.json).toMatchObject({ id: bin.tenant!.appId, deleted: true, rows: { charts: 1, responses: 1, api_keys: 1, usage_months: 1 } });
    expect((await bin.request("GET", `/v1/bazi/charts/${chart.json.id}`)).status).toBe(401);
    expect(bin.cli(["app", "show", bin.tenant!.appId]).code).toBe(1);
    const left = await rowCounts(bin, "charts", "app_id");
    expect(left.get(bin.tenant!.appId)).toBeUndefined();
    expect(left.get(other.id)).toBe(1);
    expect((await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key: otherKey })).status).toBe(404);
  }, 60_000);

  test("--help for the binary and its commands; backup, key rotate and app rename", async () => {
    const bin = await start();
    for (const [args, first] of [
      [["--help"], "lingshu: BaZi charts"],
      [["key", "--help"], "lingshu key: "],
      [["help", "backup"], "lingshu backup: "],
    ] as const) {
      const help = bin.cli([...args]);
      expect({ args, code: help.code }).toEqual({ args, code: 0 });
      expect(help.stdout.startsWith(first)).toBe(true);
      expect(help.stdout).toContain("Usage:");
    }
    const path = join(bin.workDir, "backup.sqlite");
    const backup = bin.cli(["backup", path, "--json"]);
    if (DEFAULT_BACKEND === "sqlite") {
      expect(backup.code).toBe(0);
      expect(backup.json).toMatchObject({ path, integrity_check: "ok" });
    } else {
      expect(backup.code).toBe(1);
      expect(backup.stderr.trim()).toBe("lingshu: backup copies an SQLite database; on PostgreSQL use pg_dump (see docs/deploy.md)");
    }
    const rotated = bin.cli(["key", "rotate", bin.tenant!.keyId, "--grace", "1h", "--json"]);
    expect(rotated.code).toBe(0);
    for (const key of [bin.tenant!.key, rotated.json.key]) expect((await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key })).status).toBe(404);
    expect(bin.cli(["app", "rename", bin.tenant!.appId, "Renamed", "--json"]).json.name).toBe("Renamed");
  }, 30_000);
});

describe("SIGTERM", () => {
  /**
   * 16 clients create charts as fast as they can; five more requests are held
   * half-sent (four with Content-Length on raw sockets, one chunked through fetch)
   * so they are certainly in the handler when SIGTERM arrives, and their bodies
   * are completed only after it. Asserted:
   * - the held requests (certainly accepted) are answered 201 after SIGTERM;
   * - every other request is answered 201 or fails at the connection level; such a
   *   failure is allowed only for a request the service never accepted: nothing was
   *   stored for it and not even its Idempotency-Key was claimed (its retry with the
   *   same key and body creates it afresh, neither replayed nor "in progress"). Requests
   *   written to a keep-alive connection in the instant the server closes it are such;
   * - new connections are refused while draining; the process exits 0 within 5 s;
   * - after a restart on the same database every 201 reads back byte for byte;
   * - the buffered request counts were flushed at shutdown: usage.requests equals
   *   the number of requests the service answered.
   */
  test("under load: in-flight requests complete, no accepted request is reset, exit 0 within 5 s", async () => {
    const bin = await start();
    type Outcome = { client: number; marker: string; idem: string; body: object; startedAt: number; status?: number; text?: string; error?: string };
    const outcomes: Outcome[] = [];
    let sigtermAt = Infinity;
    let stopLoad = false;
    const worker = async (w: number) => {
      for (let i = 0; !stopLoad; i++) {
        const marker = `load-${w}-${i}`;
        const o: Outcome = { client: w, marker, idem: `idem-${marker}`, body: { birth: { ...BIRTH, minute: i % 60 }, end_user_id: marker }, startedAt: performance.now() };
        outcomes.push(o);
        try {
          const res = await bin.request("POST", "/v1/bazi/charts", { idempotencyKey: o.idem, body: o.body });
          o.status = res.status;
          o.text = res.text;
        } catch (err) {
          o.error = (err as { code?: string }).code ?? String(err);
          if (o.startedAt > sigtermAt) return; // the service is gone: stop this client
        }
      }
    };
    const load = Array.from({ length: 16 }, (_, w) => worker(w));
    await Bun.sleep(150);

    // Held requests: head and half the body now, the rest after SIGTERM.
    const heldBody = (n: number) => ({ birth: { ...BIRTH, day: 2 + n }, end_user_id: `held-${n}` });
    const held = Array.from({ length: 4 }, (_, n) => bin.hold("POST", "/v1/bazi/charts", { idempotencyKey: `held-${n}`, body: heldBody(n) }));
    let streamController!: ReadableStreamDefaultController<Uint8Array>;
    const chunkedBody = JSON.stringify(heldBody(4));
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        streamController = c;
        c.enqueue(new TextEncoder().encode(chunkedBody.slice(0, 10)));
      },
    });
    const chunked = bin.request("POST", "/v1/bazi/charts", { idempotencyKey: "held-4", raw: stream, headers: { "content-type": "application/json" } });
    await Bun.sleep(150);

    sigtermAt = performance.now();
    bin.proc!.kill("SIGTERM");
    const exited = bin.proc!.exited.then(() => performance.now() - sigtermAt);
    await Bun.sleep(100);
    // Draining: the listener is closed, so a new connection is refused.
    const fresh = await fetch(`${bin.base}/health`, { headers: { connection: "close" } }).then(
      (r) => `answered ${r.status}`,
      (err) => (err as { code?: string }).code ?? String(err),
    );
    expect(fresh).toBe("ECONNREFUSED");
    const heldAnswered = Promise.all(held.map((h) => h.finish()));
    streamController.enqueue(new TextEncoder().encode(chunkedBody.slice(10)));
    streamController.close();

    const heldAnswers = await heldAnswered;
    for (const a of heldAnswers) expect(a.status).toBe(201);
    const chunkedAnswer = await chunked;
    expect(chunkedAnswer.status).toBe(201);
    const exitMs = await Promise.race([exited, Bun.sleep(SHUTDOWN_BOUND_MS + 1000).then(() => Infinity)]);
    expect(exitMs).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(bin.proc!.exitCode).toBe(0);
    stopLoad = true;
    await Promise.all(load);

    const before = outcomes.filter((o) => o.startedAt < sigtermAt);
    const after = outcomes.filter((o) => o.startedAt >= sigtermAt);
    expect(before.length).toBeGreaterThan(50);
    for (const o of outcomes) {
      if (o.status !== undefined) expect({ marker: o.marker, status: o.status }).toEqual({ marker: o.marker, status: 201 });
      else expect(["ECONNRESET", "ECONNREFUSED", "ConnectionRefused", "ConnectionClosed"]).toContain(o.error!);
    }
    // Requests sent before SIGTERM were answered, but for at most one per client: the one that raced
    // the closing of its idle keep-alive connection (16 clients could lose 16 at most).
    const lostBy = before.filter((o) => o.status === undefined).map((o) => o.client);
    expect(new Set(lostBy).size).toBe(lostBy.length);

    // The request counts buffered in memory were flushed at shutdown: every answered request is counted.
    const answered = outcomes.filter((o) => o.status === 201);
    expect(bin.cliJson(["usage", bin.tenant!.appId]).requests).toBe(answered.length + heldAnswers.length + 1);

    // Restart on the same database: everything answered is there, nothing unanswered is.
    await bin.restart();
    for (const o of answered) {
      const id = JSON.parse(o.text!).id;
      const read = await bin.request("GET", `/v1/bazi/charts/${id}`);
      expect(read.status).toBe(200);
      expect(read.text).toBe(o.text!);
    }
    for (const [n, a] of heldAnswers.entries()) {
      const read = await bin.request("GET", `/v1/bazi/charts/${a.json.id}`);
      expect(read.status).toBe(200);
      expect(JSON.parse(read.text).end_user_id).toBe(`held-${n}`);
    }
    const counts = await rowCounts(bin, "charts", "end_user_id");
    const failed = outcomes.filter((o) => o.error !== undefined);
    for (const o of failed) expect(counts.get(o.marker) ?? 0).toBe(0);
    for (const o of answered) expect(counts.get(o.marker)).toBe(1);
    for (const o of failed) {
      // Not claimed: a claim would answer 409 IDEMPOTENCY_IN_PROGRESS for 30 s; a stored answer would replay.
      const retry = await bin.request("POST", "/v1/bazi/charts", { idempotencyKey: o.idem, body: o.body });
      expect({ marker: o.marker, status: retry.status, replayed: retry.headers.get("idempotent-replayed") }).toEqual({ marker: o.marker, status: 201, replayed: null });
    }
    const resetBefore = failed.filter((o) => o.startedAt < sigtermAt).length;
    console.log(
      `SIGTERM under load: ${before.length} requests sent before SIGTERM (${before.length - resetBefore} answered 201, ${resetBefore} reset unaccepted), ` +
        `${heldAnswers.length + 1} held requests answered after it, ${after.length} sent after it; ${failed.length} refused/reset in all, none stored or claimed; exit 0 in ${Math.round(exitMs)} ms`,
    );
  }, 60_000);

  /**
   * A client that sent only part of its request (or only part of the head) must not
   * keep the service from stopping: orchestrators send SIGKILL after their grace
   * period (Docker: 10 s), and then the buffered request counts are lost.
   */
  test("a stalled client does not hold the shutdown past 5 s", async () => {
    const bin = await start();
    const sockets: Socket[] = [];
    const open = (text: string) => {
      const s = connect(bin.port, "127.0.0.1");
      s.on("error", () => {});
      s.write(text);
      sockets.push(s);
    };
    open(`POST /v1/bazi/charts HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${bin.tenant!.key}\r\nContent-Type: application/json\r\nIdempotency-Key: stalled\r\nContent-Length: 200\r\n\r\n{"birth":`);
    open("GET /health HTTP/1.1\r\nHost: loc");
    await Bun.sleep(200);
    const t0 = performance.now();
    bin.proc!.kill("SIGTERM");
    const exitMs = await Promise.race([bin.proc!.exited.then(() => performance.now() - t0), Bun.sleep(SHUTDOWN_BOUND_MS + 500).then(() => Infinity)]);
    for (const s of sockets) s.destroy();
    expect(exitMs).toBeLessThan(SHUTDOWN_BOUND_MS);
    expect(bin.proc!.exitCode).toBe(0);
  }, 30_000);
});

describe("routing does not depend on the Host header", () => {
  /**
   * Elysia 1.4 finds the path with url.indexOf("/", 11), assuming a host of at least
   * four characters. Behind a proxy that forwards `Host: api` (a compose service
   * name, an nginx upstream name) every route answered 405 or the wrong endpoint.
   */
  test("short Host values (api, web, a:1) route like long ones", async () => {
    const bin = await start();
    for (const host of ["localhost", "lingshu.example", "api", "web", "a:1", "x"]) {
      const health = await rawHttp(bin.port, `GET /health HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect({ host, status: health.status }).toEqual({ host, status: 200 });
      const chart = await rawHttp(bin.port, `GET /v1/bazi/charts/bzc_missing HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer ${bin.tenant!.key}\r\nConnection: close\r\n\r\n`);
      expect({ host, code: chart.json?.error?.code }).toEqual({ host, code: "RESOURCE_NOT_FOUND" });
    }
  }, 30_000);
});

describe("requests without a usable Host", () => {
  const SEED = Number(process.env.HOST_FUZZ_SEED ?? Date.now() % 100_000);
  /** Host header lines: none (HTTP/1.0), empty, malformed, odd bytes, and one drawn at random. */
  function hostLines(random: ReturnType<typeof prng>): string[] {
    const alphabet = " []@:/?#%\\\"'<>{}|^`~!$&()*+,;=-._" + "abcxyz0129" + "\u00e9\u00ff";
    const drawn = Array.from({ length: 1 + random.int(24) }, () => random.pick([...alphabet])).join("");
    return [null, "", " ", "[bad", "[::1", "a b c", "x:99999", ":80", "a@b", "a/b", "a?b", "a#b", "a%zz", "a\\b", "\u00e9", "..", drawn].map((host) => (host === null ? "" : `Host: ${host}\r\n`));
  }

  test(`HTTP/1.0 without Host, empty and malformed Hosts are served or refused in the envelope, never 5xx, each with a log line (seed ${SEED})`, async () => {
    const bin = await start();
    const random = prng(SEED);
    const key = bin.tenant!.key;
    const body = JSON.stringify({ birth: BIRTH });
    const requests = [
      { line: "GET /health", extra: "", json: true, expect: 200 },
      { line: "GET /openapi.json", extra: "", json: true, expect: 200 },
      { line: "GET /docs", extra: "", json: false, expect: 200 },
      { line: "GET /v1/bazi/charts/bzc_missing", extra: `Authorization: Bearer ${key}\r\n`, json: true, expect: 404 },
      { line: "GET /v1/nowhere", extra: "", json: true, expect: 404 },
      { line: "POST /v1/bazi/charts", extra: `Authorization: Bearer ${key}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`, json: true, expect: 201, body },
    ];
    let sent = 0;
    for (const version of ["HTTP/1.0", "HTTP/1.1"]) {
      for (const host of hostLines(random)) {
        // HTTP/1.1 requires a Host (RFC 9112 §3.2): Bun's parser answers 400 itself, before the service sees it.
        if (version === "HTTP/1.1" && host === "") continue;
        for (const r of requests) {
          const idempotencyKey = r.body ? `Idempotency-Key: host-${++sent}\r\n` : "";
          const head = Buffer.from(`${r.line} ${version}\r\n${host}${r.extra}${idempotencyKey}Connection: close\r\n\r\n`, "latin1");
          const bytes = Buffer.concat([head, Buffer.from(r.body ?? "", "utf8")]);
          const answer = await rawHttp(bin.port, bytes);
          const where = { version, host: host.trim(), request: r.line };
          expect({ ...where, status: answer.status }).toEqual({ ...where, status: r.expect });
          const requestId = answer.headers.get("x-request-id");
          expect({ ...where, requestId }).toMatchObject({ requestId: expect.stringMatching(/^req_/) });
          if (answer.status >= 400) expect({ ...where, problem: errorShapeProblem(answer) }).toEqual({ ...where, problem: null });
          else if (r.json) expect(answer.json).not.toBeNull();
          expect(bin.logs.join("\n")).not.toContain("<!doctype");
          await waitForLogLine(bin, requestId!);
        }
      }
    }
    expect(bin.errorLines).toEqual([]);
  }, 60_000);

  test("HTTP/1.1 without Host: the parser's own 400, and the service keeps serving", async () => {
    const bin = await start();
    const answer = await rawHttp(bin.port, "GET /health HTTP/1.1\r\nConnection: close\r\n\r\n");
    expect(answer.status).toBe(400);
    expect((await rawHttp(bin.port, "GET /health HTTP/1.0\r\n\r\n")).status).toBe(200);
  }, 30_000);
});

/** The request-log line of `requestId` reaches the binary's output (written asynchronously). */
async function waitForLogLine(bin: LingshuBinary, requestId: string): Promise<void> {
  for (let waited = 0; waited < 2_000; waited += 20) {
    if (bin.logs.some((line) => line.includes(requestId))) return;
    await Bun.sleep(20);
  }
  throw new Error(`no request-log line with ${requestId}`);
}
