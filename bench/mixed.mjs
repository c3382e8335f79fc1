#!/usr/bin/env node
/**
 * Mixed realistic workload against the compiled binary (issue #7, "Load").
 *
 *   node bench/mixed.mjs            30 s mix + the bare Bun.serve ceiling, Markdown table
 *   node bench/mixed.mjs --soak     5-minute soak (no bare runs): RSS after the warm-up minute
 *                                   vs. at the end; exits 1 when it grew by more than 10 %
 *
 * What it does: builds the binary with scripts/build.ts into a temp folder (or uses
 * LINGSHU_BINARY=path; `--source` runs `bun src/main.ts serve` instead), starts it from an
 * empty folder on a fresh DATABASE_PATH (LOG_LEVEL=silent, NODE_ENV=production, no Anthropic
 * key, so every Response uses the local interpreter), creates an App with every capability
 * and limits far above the load through the binary's own CLI, and drives it with
 * BENCH_CONNECTIONS virtual users. Each virtual user owns one keep-alive connection (a
 * minimal HTTP/1.1 client on a socket, bench/lib.mjs HttpConnection, like autocannon's
 * connections; node:http costs the generator several times more per request) and loops: pick a flow
 * by weight, run its requests one after the other, each write with a fresh Idempotency-Key.
 *
 * Flows and weights (share of flow starts; requests per flow in brackets):
 *   chart     25  POST /v1/bazi/charts (random birth data) → GET it                        [2]
 *   cast      15  POST /v1/liuyao/casts (60 % manual_lines, 40 % dayan) → GET it           [2]
 *   healing   10  POST plan (random calm check-in, 30 % with a bazi_chart_id) → POST
 *                 session → PATCH started, progressed, paused, resumed, completed (20 %
 *                 stopped instead) → POST checkout → GET session                          [9]
 *   response  30  first Response on one of the user's own Subjects (bazi 50 %, liuyao 30 %,
 *                 healing 20 %; created first when the user has none) with the local
 *                 interpreter → follow-up (previous_response_id) → GET it; 25 % also
 *                 POST /v1/feedback                                                       [3–4]
 *   read      20  GET one of the user's recent charts, casts, Plans, Sessions or Responses [1]
 * so roughly a third of the requests are healing Session traffic, a third Responses,
 * the rest chart/cast creation and reads; every flow but `read` writes.
 *
 * Every answer outside 2xx is counted per endpoint with its status and error code, and
 * ends its flow (the next steps depend on it). More than BENCH_MAX_ERROR_RATE (0.1 %) of
 * errors fails the run. The server's RSS is sampled from /proc/<pid>/status every 250 ms
 * (VmHWM read at the end). The bare Bun.serve ceiling (bench/bare-server.ts, GET /) is
 * measured with the same generator and connection count for BENCH_BARE_SECONDS before and
 * after the mix.
 *
 * Environment:
 *   BENCH_SECONDS=30        measured mix          BENCH_CONNECTIONS=64   virtual users
 *   BENCH_WARMUP_SECONDS=3  unrecorded mix first  BENCH_BARE_SECONDS=5   each bare run
 *   BENCH_SOAK_SECONDS=300  soak length           BENCH_SOAK_WARMUP_SECONDS=60  baseline at its end
 *   BENCH_SOAK_WINDOW_SECONDS=30  RSS = median over the last 30 s of the warm-up, and of the run
 *   BENCH_SOAK_MAX_GROWTH=10 (%)                  BENCH_MAX_ERROR_RATE=0.001
 *   LINGSHU_BINARY=path     skip the build        BENCH_JSON_OUT=file    also write the results as JSON
 *   BENCH_FLOWS=chart,read  only these flows (diagnosis; the published table uses the whole mix)
 *   BENCH_BUN_FLAGS="--smol" or "--cpu-prof --cpu-prof-dir=/tmp/p"   with --source: flags for the server's bun
 */
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import {
  root, bun, makeWorkDir, removeWorkDir, benchEnv, createBenchTenant, freePort, startServer, stopServer, binaryUnderTest,
  MemorySampler, readCpuSeconds, databaseBytes, mib,
} from "./lib.mjs";
import { BAZI_INPUTS, CAST_QUESTIONS, envNumber, formatMs as ms, nextKeySeq, percentile, runPhase, Series, VirtualUserBase } from "./load.mjs";

const args = process.argv.slice(2);
const soak = args.includes("--soak");
const fromSource = args.includes("--source");
const connections = envNumber("BENCH_CONNECTIONS", 64);
const seconds = soak ? envNumber("BENCH_SOAK_SECONDS", 300) : envNumber("BENCH_SECONDS", 30);
const warmupSeconds = soak ? 0 : envNumber("BENCH_WARMUP_SECONDS", 3); // the soak's first minute is its warm-up
const soakWarmupSeconds = envNumber("BENCH_SOAK_WARMUP_SECONDS", 60);
const soakWindowSeconds = envNumber("BENCH_SOAK_WINDOW_SECONDS", 30);
const bareSeconds = soak ? 0 : envNumber("BENCH_BARE_SECONDS", 5);
const maxGrowthPct = envNumber("BENCH_SOAK_MAX_GROWTH", 10);
const maxErrorRate = envNumber("BENCH_MAX_ERROR_RATE", 0.001);
const runId = `mx${process.pid.toString(36)}${Date.now().toString(36)}`;

// ── the generator ────────────────────────────────────────────────────────────

/** Keeps the last `max` items (a user's recent ids; bounded so the generator's memory stays flat). */
class Recent {
  constructor(max = 16) {
    this.max = max;
    this.items = [];
  }
  push(x) {
    this.items.push(x);
    if (this.items.length > this.max) this.items.shift();
  }
}

class VirtualUser extends VirtualUserBase {
  constructor(index, port, key, phase) {
    super(index, port, key, phase, runId);
    this.charts = new Recent();
    this.casts = new Recent(); // { id, pair }
    this.plans = new Recent(); // recommended Plans only
    this.sessions = new Recent();
    this.responses = new Recent();
  }

  // ── payloads ──
  birth() {
    const lunar = this.chance(0.1);
    const birth = {
      year: this.int(1950, 2005), month: this.int(1, 12), day: this.int(1, 28), hour: this.int(0, 23), minute: this.int(0, 59),
      gender: this.pick(["男", "女"]),
    };
    if (lunar) birth.calendar_type = "lunar";
    if (this.chance(0.2)) birth.time_confidence = "approximate";
    if (this.chance(0.3)) birth.birthplace = this.pick(["北京", "上海", "广州", "Singapore"]);
    const body = { birth };
    if (this.chance(0.5)) body.end_user_id = `user-${this.index}-${this.int(1, 50)}`;
    return body;
  }

  planBody() {
    const emotions = ["anxiety", "sadness", "self_blame", "guilt", "regret", "anger", "suppression", "irritability", "stuck", "confusion", "other"];
    const tags = [...new Set(Array.from({ length: this.int(1, 3) }, () => this.pick(emotions)))];
    const body = {
      check_in: {
        emotion_tags: tags, intensity: this.int(2, 8), arousal: this.pick(["low", "medium", "high"]),
        goal: this.pick(["calm", "self_compassion", "release", "grounding", "rest"]), available_minutes: this.pick([5, 10, 15, 20, 30]),
        environment: this.pick(["private_indoor", "shared_indoor", "outdoor"]), posture_available: this.pick(["seated", "standing", "either"]),
        audio_available: this.chance(0.7),
      },
      safety: { age_group: "adult", immediate_danger: false, crisis_flags: [], physical_constraints: this.chance(0.1) ? ["balance_issue"] : [], driving_or_operating: false, space_clear: this.chance(0.9) },
    };
    if (this.chance(0.4)) body.preferences = { voice_preference: this.pick(["guided", "minimal", "script_only"]), movement_preference: this.pick(["avoid", "okay", "prefer"]) };
    if (this.charts.items.length > 0 && this.chance(0.3)) body.bazi_chart_id = this.pick(this.charts.items);
    return body;
  }

  // ── flows ──
  async newChart() {
    const chart = await this.call("POST /v1/bazi/charts", "POST", "/v1/bazi/charts", this.birth(), { parse: true });
    this.charts.push(chart.id);
    return chart.id;
  }

  async newCast() {
    const pair = this.pick(CAST_QUESTIONS);
    const body = this.chance(0.6)
      ? { question: pair.q, method: "manual_lines", lines: Array.from({ length: 6 }, () => this.pick([6, 7, 8, 9])) }
      : { question: pair.q, method: "dayan" };
    const cast = await this.call("POST /v1/liuyao/casts", "POST", "/v1/liuyao/casts", body, { parse: true });
    this.casts.push({ id: cast.id, pair });
    return { id: cast.id, pair };
  }

  /** @returns a recommended Plan's id, or null for a blocked one */
  async newPlan() {
    const plan = await this.call("POST /v1/healing/plans", "POST", "/v1/healing/plans", this.planBody(), { parse: true });
    if (plan.status !== "recommended") {
      blockedPlans += 1;
      return null;
    }
    this.plans.push(plan.id);
    return plan.id;
  }

  async chartFlow() {
    const id = await this.newChart();
    await this.call("GET /v1/bazi/charts/{id}", "GET", `/v1/bazi/charts/${id}`);
  }

  async castFlow() {
    const { id } = await this.newCast();
    await this.call("GET /v1/liuyao/casts/{id}", "GET", `/v1/liuyao/casts/${id}`);
  }

  async healingFlow() {
    const planId = await this.newPlan();
    if (planId === null) return; // a blocked Plan: the client shows the safety text and stops
    const session = await this.call("POST /v1/healing/sessions", "POST", "/v1/healing/sessions", { plan_id: planId, playback_mode: this.pick(["guided", "minimal", "script_only"]), client_session_id: `cs-${nextKeySeq()}` }, { parse: true });
    const path = `/v1/healing/sessions/${session.id}`;
    this.sessions.push(session.id);
    const end = this.int(300, 900);
    const events = [["started", 0], ["progressed", 60], ["paused", 120], ["resumed", 120], this.chance(0.8) ? ["completed", end] : ["stopped", this.int(130, end)]];
    let n = 0;
    for (const [event_type, elapsed_seconds] of events) {
      await this.call("PATCH /v1/healing/sessions/{id}", "PATCH", path, { client_event_id: `ev-${++n}`, event_type, elapsed_seconds, occurred_at: new Date().toISOString() });
    }
    const before = this.int(4, 8);
    await this.call("POST /v1/healing/sessions/{id}/checkout", "POST", `${path}/checkout`, {
      before_intensity: before, after_intensity: Math.max(0, before - this.int(0, 3)), perceived_change: this.pick(["much_better", "somewhat_better", "no_change"]),
      body_state: this.pick(["more_settled", "same", "mixed", "not_sure"]), would_repeat: this.chance(0.7), adverse_experience: false, adverse_tags: [],
    });
    await this.call("GET /v1/healing/sessions/{id}", "GET", path);
  }

  async responseFlow() {
    const roll = this.random();
    let first;
    let followUp;
    if (roll < 0.5) {
      const chartId = this.charts.items.length > 0 ? this.pick(this.charts.items) : await this.newChart();
      const [q, f] = this.pick(BAZI_INPUTS);
      first = { capability: "bazi", subject_id: chartId, input: q };
      followUp = f;
    } else if (roll < 0.8) {
      const cast = this.casts.items.length > 0 ? this.pick(this.casts.items) : await this.newCast();
      first = { capability: "liuyao", subject_id: cast.id, input: cast.pair.q };
      followUp = cast.pair.f;
    } else {
      let planId = this.plans.items.length > 0 ? this.pick(this.plans.items) : await this.newPlan();
      if (planId === null) return;
      const [q, f] = this.pick(HEALING_INPUTS);
      first = { capability: "healing", subject_id: planId, input: q };
      followUp = f;
    }
    const response = await this.call("POST /v1/responses (first)", "POST", "/v1/responses", first, { parse: true });
    if (response.model !== "lingshu-local-1") throw new Error(`a Response was not written by the local interpreter (model ${response.model}): refusing to bench a paid model`);
    const next = await this.call("POST /v1/responses (follow-up)", "POST", "/v1/responses", { previous_response_id: response.id, input: followUp }, { parse: true });
    this.responses.push(next.id);
    await this.call("GET /v1/responses/{id}", "GET", `/v1/responses/${next.id}`);
    if (this.chance(0.25)) {
      await this.call("POST /v1/feedback", "POST", "/v1/feedback", { response_id: next.id, rating: this.pick(["positive", "positive", "negative"]), tags: ["clear"], comment: "bench" }, { idempotent: false });
    }
  }

  async readFlow() {
    const kinds = [
      ["GET /v1/bazi/charts/{id}", this.charts.items, (id) => `/v1/bazi/charts/${id}`],
      ["GET /v1/liuyao/casts/{id}", this.casts.items.map((c) => c.id), (id) => `/v1/liuyao/casts/${id}`],
      ["GET /v1/healing/plans/{id}", this.plans.items, (id) => `/v1/healing/plans/${id}`],
      ["GET /v1/healing/sessions/{id}", this.sessions.items, (id) => `/v1/healing/sessions/${id}`],
      ["GET /v1/responses/{id}", this.responses.items, (id) => `/v1/responses/${id}`],
    ].filter(([, ids]) => ids.length > 0);
    if (kinds.length === 0) return this.chartFlow();
    const [name, ids, path] = this.pick(kinds);
    await this.call(name, "GET", path(this.pick(ids)));
  }

  async runMix() {
    await this.loop(function () {
      const r = this.random() * FLOW_WEIGHT_TOTAL;
      let acc = 0;
      const flow = FLOWS.find(([, w]) => (acc += w) > r) ?? FLOWS[0];
      return flow[2].call(this);
    });
  }

  async runBare() {
    await this.loop(function () {
      return this.call("bare GET /", "GET", "/");
    });
  }
}

let blockedPlans = 0;

const ALL_FLOWS = [
  ["chart", 25, VirtualUser.prototype.chartFlow],
  ["cast", 15, VirtualUser.prototype.castFlow],
  ["healing", 10, VirtualUser.prototype.healingFlow],
  ["response", 30, VirtualUser.prototype.responseFlow],
  ["read", 20, VirtualUser.prototype.readFlow],
];
/** BENCH_FLOWS=chart,healing runs only those flows (to look at one part of the mix); default all. */
const onlyFlows = process.env.BENCH_FLOWS ? process.env.BENCH_FLOWS.split(",").map((f) => f.trim()) : null;
for (const f of onlyFlows ?? []) if (!ALL_FLOWS.some(([name]) => name === f)) throw new Error(`BENCH_FLOWS: unknown flow "${f}" (${ALL_FLOWS.map(([n]) => n).join(", ")})`);
const FLOWS = onlyFlows ? ALL_FLOWS.filter(([name]) => onlyFlows.includes(name)) : ALL_FLOWS;
const FLOW_WEIGHT_TOTAL = FLOWS.reduce((s, [, w]) => s + w, 0);

const HEALING_INPUTS = [
  ["Why was this practice chosen for me?", "How should I breathe during it?"],
  ["为什么推荐这个练习？", "练习的时候注意力放在哪里？"],
];

/** Runs `fn` on `connections` fresh virtual users for `secs` seconds. */
async function phase(port, key, secs, record, fn) {
  const { rec, generatorCores } = await runPhase({ count: connections, secs, record, makeUser: (i, state) => new VirtualUser(i, port, key, state), act: (u) => fn.call(u) });
  return { rec, seconds: secs, generatorCpu: generatorCores };
}

// ── reporting ────────────────────────────────────────────────────────────────

function summarize(rec, secs) {
  const rows = [];
  const all = new Series();
  for (const [name, s] of [...rec.series.entries()].sort(([a], [b]) => endpointOrder(a) - endpointOrder(b))) {
    const sorted = s.sorted();
    for (let i = 0; i < sorted.length; i++) all.add(sorted[i]);
    all.errors += s.errors;
    rows.push({ name, requests: s.n, rps: s.n / secs, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), errors: s.errors, errorKinds: Object.fromEntries(s.errorKinds) });
  }
  const sortedAll = all.sorted();
  const total = { name: "all", requests: all.n, rps: all.n / secs, p50: percentile(sortedAll, 0.5), p99: percentile(sortedAll, 0.99), errors: all.errors };
  return { rows, total };
}

const ORDER = [
  "POST /v1/bazi/charts", "GET /v1/bazi/charts/{id}", "POST /v1/liuyao/casts", "GET /v1/liuyao/casts/{id}", "POST /v1/healing/plans",
  "GET /v1/healing/plans/{id}", "POST /v1/healing/sessions", "PATCH /v1/healing/sessions/{id}", "POST /v1/healing/sessions/{id}/checkout",
  "GET /v1/healing/sessions/{id}", "POST /v1/responses (first)", "POST /v1/responses (follow-up)", "GET /v1/responses/{id}", "POST /v1/feedback",
];
const endpointOrder = (name) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);

function table({ rows, total }) {
  const lines = ["| endpoint | requests | req/s | p50 ms | p99 ms | errors |", "|---|---:|---:|---:|---:|---:|"];
  for (const r of rows) lines.push(`| ${r.name} | ${r.requests} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p99)} | ${r.errors} |`);
  lines.push(`| **all** | **${total.requests}** | **${Math.round(total.rps)}** | **${ms(total.p50)}** | **${ms(total.p99)}** | **${total.errors}** |`);
  return lines.join("\n");
}

function errorDetails({ rows }) {
  return rows.filter((r) => r.errors > 0).map((r) => `  - ${r.name}: ${Object.entries(r.errorKinds).map(([k, n]) => `${k} ×${n}`).join(", ")}`);
}

const median = (xs) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
};

/** Least-squares slope of RSS (KiB) over time (ms), as MiB per minute. */
function slopeMibPerMin(samples) {
  const n = samples.length;
  if (n < 2) return NaN;
  const mt = samples.reduce((s, x) => s + x.t, 0) / n;
  const mr = samples.reduce((s, x) => s + x.rssKb, 0) / n;
  let num = 0;
  let den = 0;
  for (const x of samples) {
    num += (x.t - mt) * (x.rssKb - mr);
    den += (x.t - mt) ** 2;
  }
  return ((num / den) * 60_000) / 1024;
}

function gitRevision() {
  const r = spawnSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : "unknown";
}

// ── main ─────────────────────────────────────────────────────────────────────

const dir = makeWorkDir();
const env = benchEnv(dir);
const runDir = join(dir, "run"); // the binary runs from an empty folder, as users run it
mkdirSync(runDir);
let service = null;
let bare = null;
let exitCode = 0;
const out = (line = "") => process.stdout.write(`${line}\n`);

try {
  let command;
  let target;
  if (fromSource) {
    const flags = (process.env.BENCH_BUN_FLAGS ?? "").split(/\s+/).filter(Boolean);
    command = [bun, ...flags, join(root, "src", "main.ts")];
    target = `bun ${flags.length ? `${flags.join(" ")} ` : ""}src/main.ts serve`;
  } else {
    ({ command, target } = binaryUnderTest(dir, (line) => process.stderr.write(`${line}\n`)));
  }
  const { key } = createBenchTenant(command, env);
  const servicePort = await freePort();
  const barePort = await freePort();
  const load0 = loadavg();

  const runBare = async (label) => {
    bare = await startServer(bun, [join(root, "bench", "bare-server.ts")], { env, port: barePort });
    await phase(barePort, key, 1, false, VirtualUser.prototype.runBare); // warm-up
    const cpu0 = readCpuSeconds(bare.pid);
    const r = await phase(barePort, key, bareSeconds, true, VirtualUser.prototype.runBare);
    const serverCpu = (readCpuSeconds(bare.pid) - cpu0) / bareSeconds;
    // The same endpoint with autocannon: a cross-check that this generator is not what limits the
    // ceiling. Informational; not used for the ratio.
    const ac = await new Promise((resolve, reject) =>
      autocannon({ url: `http://127.0.0.1:${barePort}/`, connections, duration: Math.min(bareSeconds, 3), headers: { authorization: `Bearer ${key}` } }, (err, res) => (err ? reject(err) : resolve(res))),
    );
    await stopServer(bare);
    bare = null;
    const s = summarize(r.rec, bareSeconds).total;
    process.stderr.write(`bare Bun.serve (${label}): ${Math.round(s.rps)} req/s, p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms, errors ${s.errors}, CPU: server ${(100 * serverCpu).toFixed(0)} %, generator ${(100 * r.generatorCpu).toFixed(0)} %; autocannon ${Math.round(ac.requests.average)} req/s\n`);
    if (s.errors > 0) throw new Error(`the bare server answered ${s.errors} errors`);
    return { ...s, generatorCpu: r.generatorCpu, serverCpu, autocannonRps: ac.requests.average };
  };

  const bareBefore = bareSeconds > 0 ? await runBare("before") : null;

  service = await startServer(command[0], [...command.slice(1), "serve"], { env, port: servicePort, readyPath: "/ready", cwd: runDir });
  const pid = service.pid;
  const dbPath = env.DATABASE_PATH;
  if (warmupSeconds > 0) await phase(servicePort, key, warmupSeconds, false, VirtualUser.prototype.runMix);
  blockedPlans = 0;
  const sampler = new MemorySampler(pid, 250, soak ? () => ({ dbBytes: databaseBytes(dbPath) }) : null);
  const serverCpu0 = readCpuSeconds(pid);
  process.stderr.write(`${soak ? "soak" : "mix"}: ${connections} virtual users for ${seconds} s against ${target}…\n`);
  const mixed = await phase(servicePort, key, seconds, true, VirtualUser.prototype.runMix);
  const serverCpu = (readCpuSeconds(pid) - serverCpu0) / seconds;
  if (service.exitCode !== null || service.signalCode !== null) throw new Error(`the service exited during the run (${service.exitCode ?? service.signalCode})`);
  const samples = sampler.stop();
  const hwmKb = sampler.hwmKb;
  const peakKb = Math.max(sampler.peakKb, hwmKb); // the kernel updates VmHWM lazily, so it can trail a sampled peak
  const dbEnd = databaseBytes(dbPath);
  await stopServer(service);
  service = null;

  const bareAfter = bareSeconds > 0 ? await runBare("after") : null;
  const load1 = loadavg();
  const summary = summarize(mixed.rec, seconds);
  const errorRate = summary.total.requests === 0 ? 1 : summary.total.errors / summary.total.requests;

  out();
  out(`### ${soak ? "Soak" : "Mixed workload"}: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${gitRevision()}`);
  out();
  if (onlyFlows) out(`Only the flows ${onlyFlows.join(", ")} (BENCH_FLOWS): not the published mix.`);
  out(`${target}, ${connections} virtual users (one keep-alive connection each), ${seconds} s measured${warmupSeconds ? ` after a ${warmupSeconds} s warm-up` : ""}; ${cpus().length} CPUs, load average ${load0[0].toFixed(2)} before, ${load1[0].toFixed(2)} after.`);
  out();
  out(table(summary));
  out();
  out(`- Throughput: **${Math.round(summary.total.rps)} req/s** over ${summary.rows.length} endpoints (${summary.total.errors} errors, ${(100 * errorRate).toFixed(3)} %); ${blockedPlans} Plans came back blocked (a valid 201; that flow then stops).`);
  out(`- Server memory: peak RSS **${mib(peakKb)} MiB** (the higher of the 250 ms VmRSS samples, ${mib(sampler.peakKb)}, and VmHWM, ${mib(hwmKb)}, which includes start-up${warmupSeconds ? " and warm-up" : ""}); ${mib(samples[0].rssKb)} MiB at the start of the measured run, ${mib(samples.at(-1).rssKb)} MiB at its end.`);
  if (bareBefore || bareAfter) {
    const bares = [bareBefore, bareAfter].filter(Boolean);
    const ceiling = bares.reduce((s, b) => s + b.rps, 0) / bares.length;
    out(`- Bare \`Bun.serve\` ceiling (bench/bare-server.ts, GET /, same generator and connections, ${bareSeconds} s before and after): ${bares.map((b) => `${Math.round(b.rps)}`).join(" / ")} req/s (p50 ${bares.map((b) => ms(b.p50)).join(" / ")} ms) → the mix runs at **${((100 * summary.total.rps) / ceiling).toFixed(1)} %** of the ceiling (${Math.round(summary.total.rps)} / ${Math.round(ceiling)}). During the bare runs the bare server used ${bares.map((b) => `${(100 * b.serverCpu).toFixed(0)}`).join(" / ")} % of a core and the generator ${bares.map((b) => `${(100 * b.generatorCpu).toFixed(0)}`).join(" / ")} %; cross-check: autocannon on the same endpoint reached ${bares.map((b) => `${Math.round(b.autocannonRps)}`).join(" / ")} req/s.`);
  }
  out(`- CPU: server ${(100 * serverCpu).toFixed(0)} % of one core, load generator ${(100 * mixed.generatorCpu).toFixed(0)} % of one core (Node, same machine); database ${mib(dbEnd / 1024)} MiB at the end.`);
  if (mixed.generatorCpu > 0.9) out(`- WARNING: the load generator used ${(100 * mixed.generatorCpu).toFixed(0)} % of a core: it may be the bottleneck.`);

  let soakResult = null;
  if (soak) {
    const w = soakWarmupSeconds * 1000;
    // RSS saws up and down by ±10 MiB with the garbage collector over tens of seconds, so a
    // short window would read the phase of the saw rather than a trend.
    const window = soakWindowSeconds * 1000;
    const baseline = median(samples.filter((s) => s.t >= w - window && s.t <= w).map((s) => s.rssKb));
    const endT = samples.at(-1).t;
    const end = median(samples.filter((s) => s.t >= endT - window).map((s) => s.rssKb));
    const growth = (100 * (end - baseline)) / baseline;
    const after = samples.filter((s) => s.t >= w);
    const slope = slopeMibPerMin(after);
    out();
    out("| minute | median RSS MiB | max RSS MiB | database MiB (at end) | req/s | errors |");
    out("|---:|---:|---:|---:|---:|---:|");
    const minutes = Math.ceil(seconds / 60);
    const minuteOf = (s) => Math.min(Math.floor(s.t / 60_000), minutes - 1); // the last sample (taken at the stop) belongs to the last minute
    for (let m = 0; m < minutes; m++) {
      const inMinute = samples.filter((s) => minuteOf(s) === m);
      if (inMinute.length === 0) continue;
      const sum = (xs) => xs.slice(m * 60, (m + 1) * 60).reduce((a, b) => a + (b ?? 0), 0);
      const secsIn = Math.min(60, seconds - m * 60);
      out(`| ${m + 1} | ${mib(median(inMinute.map((s) => s.rssKb)))} | ${mib(Math.max(...inMinute.map((s) => s.rssKb)))} | ${mib(inMinute.at(-1).dbBytes / 1024)} | ${Math.round(sum(mixed.rec.perSecond) / secsIn)} | ${sum(mixed.rec.errorsPerSecond)} |`);
    }
    out();
    out(`- RSS after the ${soakWarmupSeconds} s warm-up (median of its last ${soakWindowSeconds} s): **${mib(baseline)} MiB**; at the end (median of the last ${soakWindowSeconds} s): **${mib(end)} MiB** → growth **${growth.toFixed(1)} %** (limit ${maxGrowthPct} %). Least-squares slope after the warm-up: ${slope.toFixed(2)} MiB/min. The database grew to ${mib(dbEnd / 1024)} MiB meanwhile: on disk, which RSS need not follow, since SQLite's page cache is bounded by cache_size and the file is not memory-mapped (src/db: neither pragma is set, so SQLite's defaults apply: 2 MiB, mmap_size 0).`);
    soakResult = { baselineKb: baseline, endKb: end, growthPct: growth, slopeMibPerMin: slope };
    if (!(growth <= maxGrowthPct)) {
      out(`- FAILED: RSS grew by ${growth.toFixed(1)} % (> ${maxGrowthPct} %) over the soak.`);
      exitCode = 1;
    }
  }

  const details = errorDetails(summary);
  if (details.length > 0) {
    out();
    out("Error answers by endpoint:");
    for (const d of details) out(d);
  }
  if (errorRate > maxErrorRate) {
    out();
    out(`FAILED: ${summary.total.errors} of ${summary.total.requests} requests (${(100 * errorRate).toFixed(3)} %) were errors, above the ${(100 * maxErrorRate).toFixed(2)} % allowed (BENCH_MAX_ERROR_RATE).`);
    exitCode = 1;
  }

  if (process.env.BENCH_JSON_OUT) {
    writeFileSync(process.env.BENCH_JSON_OUT, JSON.stringify({
      soak, target, connections, seconds, summary, blockedPlans, peakRssKb: peakKb, sampledPeakKb: sampler.peakKb, hwmKb, bareBefore, bareAfter, serverCpu,
      generatorCpu: mixed.generatorCpu, dbBytes: dbEnd, soakResult, rss: samples.filter((_, i) => i % 4 === 0).map((s) => [Math.round(s.t), s.rssKb]),
    }, null, 1));
  }
} catch (err) {
  process.stderr.write(`bench failed: ${err?.stack ?? err}\n`);
  exitCode = 1;
} finally {
  await stopServer(bare);
  await stopServer(service);
  removeWorkDir(dir);
}
process.exit(exitCode);
