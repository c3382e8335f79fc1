#!/usr/bin/env node
/**
 * One instance vs. two on PostgreSQL, beside one instance on SQLite, in the same run
 * (issue #8; `node bench/postgres.mjs`).
 *
 * What it does:
 *   1. builds the binary with scripts/build.ts into a temp folder (or uses LINGSHU_BINARY=path);
 *   2. finds a PostgreSQL: BENCH_DATABASE_URL (a maintenance database such as …/postgres on a
 *      server where this role may CREATE DATABASE), else starts a throwaway loopback cluster with
 *      scripts/postgres-for-tests.sh in its own folder and port (LINGSHU_PG_DIR, default
 *      /tmp/lingshu-pg-bench; LINGSHU_PG_PORT, default 54349), so `npm run test:postgresql`
 *      (which stops the default cluster when it ends) cannot pull it away mid-run, and stops it
 *      at the end if it was not running before;
 *   3. per configuration (SQLite × 1, PostgreSQL × 1, PostgreSQL × 2) a fresh database
 *      (CREATE DATABASE lingshu_bench_…, dropped at the end), `migrate`, then an App with every
 *      capability and limits far above the load, created with the binary's own CLI;
 *   4. per scenario BENCH_WARMUP_SECONDS unrecorded, then BENCH_SECONDS measured, with
 *      BENCH_CONNECTIONS virtual users, each on one keep-alive connection (bench/lib.mjs
 *      HttpConnection). With two instances, user i talks to instance i mod 2: the connections
 *      are spread round-robin, as nginx's default upstream balancing would spread them.
 *
 * Scenarios:
 *   create  POST /v1/bazi/charts, random birth data, a fresh Idempotency-Key on every request
 *   read    GET /v1/bazi/charts/{id} of charts created in `create` (random pick)
 *   mix     a small mix (not bench/mixed.mjs's, which drives one server of its own): per loop one
 *           of chart create → GET (30), cast create → GET (20), first Response on one of the
 *           user's charts or casts + follow-up with the local interpreter (30), GET of a recent
 *           chart/cast/Response (20)
 *
 * Any answer outside 2xx, any network failure and any server that exits fails the run (exit 1)
 * after the table, with the errors by endpoint and code. The service runs with LOG_LEVEL=silent,
 * NODE_ENV=production and no Anthropic key (Responses use the local interpreter).
 *
 * CPU: user+system seconds of each service process (and, for a cluster this script started, of
 * every PostgreSQL process) from /proc before and after each measured run, reported as cores
 * used and as CPU milliseconds per request; the generator's own from process.cpuUsage().
 *
 * Environment:
 *   BENCH_SECONDS=20  BENCH_WARMUP_SECONDS=3  BENCH_CONNECTIONS=64
 *   BENCH_DATABASE_URL=postgres://user@host:5432/postgres   (default: the throwaway cluster)
 *   BENCH_SCENARIOS=create,read,mix   BENCH_CONFIGS=sqlite,pg1,pg2   (diagnosis: a subset)
 *   LINGSHU_PG_DURABLE=1   the throwaway cluster with fsync and synchronous commits on (start it fresh:
 *                  a running cluster keeps its settings; use its own LINGSHU_PG_DIR and LINGSHU_PG_PORT)
 *   BENCH_APPS=1   Apps the users are spread over (the shared limits serialise one App's requests
 *                  on its bucket row: more Apps show what several tenants get)
 *   DATABASE_POOL_SIZE (passed to each instance; unset: the service's default)   LINGSHU_BINARY=path (skip the build)
 *   BENCH_JSON_OUT=file   also write the results as JSON
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import {
  root, bun, makeWorkDir, removeWorkDir, benchEnv, cliJson, createBenchTenant, freePort, startServer, stopServer, binaryUnderTest,
  readCpuSeconds,
} from "./lib.mjs";
import { BAZI_INPUTS, CAST_QUESTIONS, envNumber, formatMs as ms, percentile, runPhase, VirtualUserBase } from "./load.mjs";

const seconds = envNumber("BENCH_SECONDS", 20);
const warmupSeconds = envNumber("BENCH_WARMUP_SECONDS", 3);
const connections = envNumber("BENCH_CONNECTIONS", 64);
/** Apps (tenants) the users are spread over: 1 by default, like bench/http.mjs and mixed.mjs. */
const apps = Math.max(1, Math.floor(envNumber("BENCH_APPS", 1)));
const ALL_SCENARIOS = ["create", "read", "mix"];
const ALL_CONFIGS = ["sqlite", "pg1", "pg2"];
const list = (name, all) => {
  const raw = process.env[name];
  if (!raw) return all;
  const picked = raw.split(",").map((s) => s.trim()).filter(Boolean);
  for (const p of picked) if (!all.includes(p)) throw new Error(`${name}: unknown "${p}" (${all.join(", ")})`);
  return picked;
};
const scenarios = list("BENCH_SCENARIOS", ALL_SCENARIOS);
const configs = list("BENCH_CONFIGS", ALL_CONFIGS);
const runId = `${process.pid.toString(36)}${Date.now().toString(36)}`;
const out = (line = "") => process.stdout.write(`${line}\n`);
const note = (line) => process.stderr.write(`${line}\n`);

// ── PostgreSQL: the server, and databases in it ─────────────────────────────────

const PG_SCRIPT = join(root, "scripts", "postgres-for-tests.sh");
const pgScriptEnv = () => ({ ...process.env, LINGSHU_PG_DIR: process.env.LINGSHU_PG_DIR ?? "/tmp/lingshu-pg-bench", LINGSHU_PG_PORT: process.env.LINGSHU_PG_PORT ?? "54349" });

/** The cluster's postmaster pid (first line of postmaster.pid), for CPU accounting; null when unknown. */
function postmasterPid(pgDir) {
  try {
    return Number(readFileSync(join(pgDir, "data", "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
}

/** CPU seconds of the postmaster and every process whose parent it is (backends, checkpointer, WAL writer…). */
function clusterCpuSeconds(postmaster) {
  if (!postmaster) return NaN;
  let total = readCpuSeconds(postmaster);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === postmaster) total += readCpuSeconds(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return total;
}

/** Runs one statement on `url` with the pinned Bun's SQL client (Node has no PostgreSQL driver here); returns its rows. */
function adminSql(url, statement) {
  const env = { ...process.env, BENCH_ADMIN_URL: url, BENCH_ADMIN_SQL: statement };
  // Bun lets PG* variables of the shell override the URL; the URL is what is meant.
  for (const v of ["PGDATABASE", "PGHOST", "PGPORT", "PGUSER", "PGPASSWORD"]) delete env[v];
  const code = 'const { SQL } = require("bun"); const sql = new SQL(process.env.BENCH_ADMIN_URL, { max: 1 }); const rows = await sql.unsafe(process.env.BENCH_ADMIN_SQL); await sql.close(); process.stdout.write(JSON.stringify([...rows]));';
  const r = spawnSync(bun, ["-e", code], { env, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`${statement} failed: ${r.stderr.trim() || r.stdout.trim()}`);
  return JSON.parse(r.stdout || "[]");
}

/** How durable the server's commits are, as it says itself (`fsync`, `synchronous_commit`). */
function durabilityOf(url) {
  const [row] = adminSql(url, "SELECT current_setting('fsync') AS fsync, current_setting('synchronous_commit') AS synchronous_commit");
  return `fsync ${row.fsync}, synchronous_commit ${row.synchronous_commit}`;
}

/** `url` with another database name. */
function withDatabase(url, database) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

const redact = (url) => {
  const u = new URL(url);
  return `${u.protocol}//${u.username ? `${decodeURIComponent(u.username)}@` : ""}${u.host}${u.pathname}`;
};

// ── the load ────────────────────────────────────────────────────────────────

class VirtualUser extends VirtualUserBase {
  constructor(index, port, tenant, phase) {
    super(index, port, tenant.key, phase, `pg-${runId}`);
    this.chartIds = tenant.chartIds; // shared by the users of this App: its charts created so far
    this.charts = [];
    this.casts = [];
    this.responses = [];
  }
  remember(list, x) {
    list.push(x);
    if (list.length > 16) list.shift();
  }

  birth() {
    return { birth: { year: this.int(1950, 2005), month: this.int(1, 12), day: this.int(1, 28), hour: this.int(0, 23), minute: this.int(0, 59), gender: this.pick(["男", "女"]) } };
  }
  async newChart() {
    const chart = await this.call("POST /v1/bazi/charts", "POST", "/v1/bazi/charts", this.birth(), { parse: true });
    this.remember(this.charts, chart.id);
    if (this.chartIds.length < 100_000) this.chartIds.push(chart.id);
    return chart.id;
  }
  async newCast() {
    const pair = this.pick(CAST_QUESTIONS);
    const cast = await this.call("POST /v1/liuyao/casts", "POST", "/v1/liuyao/casts", { question: pair.q, method: "manual_lines", lines: Array.from({ length: 6 }, () => this.pick([6, 7, 8, 9])) }, { parse: true });
    this.remember(this.casts, { id: cast.id, pair });
    return { id: cast.id, pair };
  }

  async create() {
    await this.newChart();
  }
  async read() {
    await this.call("GET /v1/bazi/charts/{id}", "GET", `/v1/bazi/charts/${this.pick(this.chartIds)}`);
  }
  async mix() {
    const r = this.random() * 100;
    if (r < 30) {
      const id = await this.newChart();
      await this.call("GET /v1/bazi/charts/{id}", "GET", `/v1/bazi/charts/${id}`);
    } else if (r < 50) {
      const { id } = await this.newCast();
      await this.call("GET /v1/liuyao/casts/{id}", "GET", `/v1/liuyao/casts/${id}`);
    } else if (r < 80) {
      let first;
      let followUp;
      if (this.random() < 0.6) {
        const chartId = this.charts.length > 0 ? this.pick(this.charts) : await this.newChart();
        const [q, f] = this.pick(BAZI_INPUTS);
        first = { capability: "bazi", subject_id: chartId, input: q };
        followUp = f;
      } else {
        const cast = this.casts.length > 0 ? this.pick(this.casts) : await this.newCast();
        first = { capability: "liuyao", subject_id: cast.id, input: cast.pair.q };
        followUp = cast.pair.f;
      }
      const response = await this.call("POST /v1/responses (first)", "POST", "/v1/responses", first, { parse: true });
      if (response.model !== "lingshu-local-1") throw new Error(`a Response was not written by the local interpreter (model ${response.model}): refusing to bench a paid model`);
      const next = await this.call("POST /v1/responses (follow-up)", "POST", "/v1/responses", { previous_response_id: response.id, input: followUp }, { parse: true });
      this.remember(this.responses, next.id);
    } else {
      const kinds = [
        ["GET /v1/bazi/charts/{id}", this.charts, (id) => `/v1/bazi/charts/${id}`],
        ["GET /v1/liuyao/casts/{id}", this.casts.map((c) => c.id), (id) => `/v1/liuyao/casts/${id}`],
        ["GET /v1/responses/{id}", this.responses, (id) => `/v1/responses/${id}`],
      ].filter(([, ids]) => ids.length > 0);
      if (kinds.length === 0) return this.newChart();
      const [name, ids, path] = this.pick(kinds);
      await this.call(name, "GET", path(this.pick(ids)));
    }
  }
}

/**
 * `secs` seconds of `step` on `connections` users spread round-robin over `ports`; user i acts
 * for App floor(i / ports) mod the number of Apps, so every App is spread over every instance.
 */
async function phase(ports, tenants, secs, record, step) {
  const makeUser = (i, state) => new VirtualUser(i, ports[i % ports.length], tenants[Math.floor(i / ports.length) % tenants.length], state);
  const { rec, generatorCores } = await runPhase({ count: connections, secs, record, makeUser, act: (u) => u.loop(step) });
  return { rec, generatorCores };
}

// ── main ────────────────────────────────────────────────────────────────────

const dir = makeWorkDir();
const runDir = join(dir, "run"); // the binary runs from an empty folder
mkdirSync(runDir);
const servers = [];
const databases = []; // names to drop
let adminUrl = null;
/** The server's own word on its commits, for the report (a running cluster keeps the settings it started with). */
let durability = "";
let startedCluster = false;
let postmaster = null;
let exitCode = 0;
const results = [];

try {
  // The binary.
  const { command, target } = binaryUnderTest(dir, note);

  // PostgreSQL.
  if (configs.some((c) => c.startsWith("pg"))) {
    if (process.env.BENCH_DATABASE_URL) {
      adminUrl = process.env.BENCH_DATABASE_URL;
      note(`PostgreSQL: ${redact(adminUrl)} (BENCH_DATABASE_URL); CPU of the database server is not measured`);
    } else {
      const env = pgScriptEnv();
      const wasRunning = spawnSync("bash", [PG_SCRIPT, "status"], { env, encoding: "utf8" }).status === 0;
      const r = spawnSync("bash", [PG_SCRIPT, "start"], { env, encoding: "utf8" });
      if (r.status !== 0) throw new Error(`scripts/postgres-for-tests.sh start failed: ${r.stderr}`);
      adminUrl = r.stdout.trim().split("\n").at(-1);
      startedCluster = !wasRunning;
      postmaster = postmasterPid(env.LINGSHU_PG_DIR);
      note(`PostgreSQL: throwaway cluster in ${env.LINGSHU_PG_DIR} at ${adminUrl}${wasRunning ? " (already running)" : ""}`);
    }
    durability = durabilityOf(adminUrl);
  }

  for (const config of configs) {
    const instances = config === "pg2" ? 2 : 1;
    const backend = config === "sqlite" ? "SQLite" : "PostgreSQL";
    const env = benchEnv(dir);
    delete env.DATABASE_URL; // a DATABASE_URL of the caller's shell must not turn the SQLite run into a PostgreSQL one
    if (config === "sqlite") {
      env.DATABASE_PATH = join(dir, `bench-${config}.sqlite`);
    } else {
      const database = `lingshu_bench_${runId}_${config}`;
      adminSql(adminUrl, `CREATE DATABASE "${database}"`);
      databases.push(database);
      env.DATABASE_URL = withDatabase(adminUrl, database);
      for (const v of ["PGDATABASE", "PGHOST", "PGPORT", "PGUSER", "PGPASSWORD"]) delete env[v];
      const migrated = cliJson(command, env, "migrate");
      if (!Array.isArray(migrated.applied) || migrated.applied.length === 0) throw new Error(`migrate answered ${JSON.stringify(migrated)}`);
    }
    const tenants = Array.from({ length: apps }, () => ({ key: createBenchTenant(command, env).key, chartIds: [] }));
    const ports = [];
    const procs = [];
    for (let i = 0; i < instances; i++) {
      const port = await freePort();
      const child = await startServer(command[0], [...command.slice(1), "serve"], { env, port, readyPath: "/ready", cwd: runDir });
      servers.push(child);
      procs.push(child);
      ports.push(port);
    }
    note(`${backend} × ${instances}: ${ports.map((p) => `:${p}`).join(", ")}${config === "sqlite" ? "" : `, pool ${env.DATABASE_POOL_SIZE ?? "default"} per instance`}`);
    for (const scenario of scenarios) {
      const step = VirtualUser.prototype[scenario];
      if (scenario === "read" && tenants.some((t) => t.chartIds.length === 0)) {
        // `create` did not run: make some charts to read.
        await phase(ports, tenants, Math.max(2, warmupSeconds), false, VirtualUser.prototype.create);
      }
      if (warmupSeconds > 0) await phase(ports, tenants, warmupSeconds, false, step);
      const serviceCpu0 = procs.map((p) => readCpuSeconds(p.pid));
      const pgCpu0 = clusterCpuSeconds(config === "sqlite" ? null : postmaster);
      const run = await phase(ports, tenants, seconds, true, step);
      const serviceCpu = procs.map((p, i) => readCpuSeconds(p.pid) - serviceCpu0[i]);
      const pgCpu = clusterCpuSeconds(config === "sqlite" ? null : postmaster) - pgCpu0;
      for (const p of procs) if (p.exitCode !== null || p.signalCode !== null) throw new Error(`an instance exited during ${config} ${scenario} (${p.exitCode ?? p.signalCode})`);
      let errors = 0;
      const errorKinds = [];
      const all = new Float64Array([...run.rec.series.values()].reduce((n, s) => n + s.n, 0));
      let filled = 0;
      for (const [name, s] of run.rec.series) {
        all.set(s.values.subarray(0, s.n), filled);
        filled += s.n;
        errors += s.errors;
        for (const [kind, n] of s.errorKinds) errorKinds.push(`${name}: ${kind} ×${n}`);
      }
      all.sort(); // a Float64Array sorts numerically
      const row = {
        backend, instances, scenario, requests: all.length, rps: all.length / seconds, p50: percentile(all, 0.5), p99: percentile(all, 0.99), errors, errorKinds,
        serviceCores: serviceCpu.map((c) => c / seconds), pgCores: pgCpu / seconds, generatorCores: run.generatorCores,
        serviceCpuMsPerRequest: (1000 * serviceCpu.reduce((a, b) => a + b, 0)) / Math.max(1, all.length),
        pgCpuMsPerRequest: (1000 * pgCpu) / Math.max(1, all.length),
      };
      results.push(row);
      note(`  ${scenario}: ${Math.round(row.rps)} req/s, p50 ${ms(row.p50)} ms, p99 ${ms(row.p99)} ms, ${errors} errors`);
    }
    for (const p of procs) {
      await stopServer(p);
      servers.splice(servers.indexOf(p), 1);
    }
  }

  // ── report ──
  const load = loadavg();
  const rev = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  out();
  out(`### PostgreSQL: one instance vs. two, beside SQLite — ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${rev.status === 0 ? rev.stdout.trim() : "unknown"}`);
  out();
  out(`${target}; ${connections} virtual users (one keep-alive connection each, spread round-robin over the instances); ${seconds} s measured per scenario after ${warmupSeconds} s of warm-up; ${apps === 1 ? "one App" : `${apps} Apps`}; ${cpus().length} CPUs shared by the load generator, the instance(s) and PostgreSQL (load average ${load[0].toFixed(2)} at the end). PostgreSQL: ${adminUrl ? `${redact(adminUrl)} (${startedCluster || postmaster ? "throwaway cluster, " : ""}${durability})` : "–"}, DATABASE_POOL_SIZE ${process.env.DATABASE_POOL_SIZE || "unset (the service's default)"} per instance.`);
  out();
  out("| backend | instances | scenario | req/s | p50 ms | p99 ms | errors | CPU: service (cores) | CPU: PostgreSQL (cores) | CPU: generator (cores) | CPU ms/request: service + PostgreSQL |");
  out("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|");
  for (const r of results) {
    const service = r.serviceCores.map((c) => c.toFixed(2)).join(" + ");
    const pg = r.backend === "SQLite" ? "–" : Number.isNaN(r.pgCores) ? "n/a" : r.pgCores.toFixed(2);
    const perRequest = r.backend === "SQLite" || Number.isNaN(r.pgCpuMsPerRequest) ? r.serviceCpuMsPerRequest.toFixed(2) : `${r.serviceCpuMsPerRequest.toFixed(2)} + ${r.pgCpuMsPerRequest.toFixed(2)}`;
    out(`| ${r.backend} | ${r.instances} | ${r.scenario} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} | ${service} | ${pg} | ${r.generatorCores.toFixed(2)} | ${perRequest} |`);
  }
  out();
  out("Scenarios: create = POST /v1/bazi/charts (fresh Idempotency-Key each); read = GET /v1/bazi/charts/{id}; mix = chart create→GET 30, cast create→GET 20, Response first + follow-up (local interpreter) 30, GET 20 (per loop).");
  const failed = results.filter((r) => r.errors > 0);
  if (failed.length > 0) {
    out();
    out("FAILED: error answers or network failures:");
    for (const r of failed) for (const k of r.errorKinds) out(`  - ${r.backend} × ${r.instances}, ${r.scenario}: ${k}`);
    exitCode = 1;
  }
  if (process.env.BENCH_JSON_OUT) writeFileSync(process.env.BENCH_JSON_OUT, JSON.stringify({ target, connections, seconds, warmupSeconds, results }, null, 1));
} catch (err) {
  process.stderr.write(`bench failed: ${err?.stack ?? err}\n`);
  exitCode = 1;
} finally {
  for (const s of servers) await stopServer(s);
  for (const database of databases) {
    try {
      adminSql(adminUrl, `DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    } catch (err) {
      process.stderr.write(`could not drop ${database}: ${err.message}\n`);
    }
  }
  if (startedCluster) spawnSync("bash", [PG_SCRIPT, "stop"], { env: pgScriptEnv(), stdio: ["ignore", "ignore", "inherit"] });
  removeWorkDir(dir);
}
process.exit(exitCode);
