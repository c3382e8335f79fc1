#!/usr/bin/env node
/**
 * HTTP load benchmark (run on demand: `npm run bench`). Starts a bare Bun.serve
 * JSON endpoint and the real service (fresh SQLite), then measures them
 * alternately with wrk when it is installed (`apt install wrk`; a C generator
 * that leaves the cores to the servers), else with autocannon in this Node
 * process (BENCH_LOADGEN=autocannon forces it):
 *   - bare GET                        (the ceiling)
 *   - authenticated, rate-limited GET of a stored chart
 *   - chart, cast, Plan and Response creation (auth, idempotency with unique
 *     keys, insert; Responses with the local interpreter, billed)
 * Prints requests/s, p50 and p99 latency and the ratio to the bare endpoint.
 */
import autocannon from "autocannon";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { runWrk, wrkVersion } from "./wrk.mjs";
import { root, bun, makeWorkDir, removeWorkDir, benchEnv, createBenchTenant, startServer, stopServer } from "./lib.mjs";

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);
const dir = makeWorkDir();
const env = benchEnv(dir);

const wrk = process.env.BENCH_LOADGEN === "autocannon" ? null : wrkVersion();
const loadgen = wrk ? `wrk ${wrk} (one thread)` : "autocannon (in the Node process)";

/** One run of the chosen generator: requests/s, p50, p99 (ms), non-2xx answers and socket errors. */
/** Idempotency keys stay unique across runs: a key reused by a later scenario answered 409 (counted as non-2xx). */
let keySerial = 0;
async function run({ uniqueKeys = false, ...opts }) {
  if (wrk) return runWrk({ connections, seconds, workDir: dir, uniqueKeys, ...opts });
  const requests = uniqueKeys ? [{ setupRequest: (req) => ({ ...req, headers: { ...req.headers, "idempotency-key": `bench-${process.pid}-${++keySerial}` } }) }] : undefined;
  const r = await new Promise((resolve, reject) =>
    autocannon({ connections, duration: seconds, pipelining: 1, ...opts, ...(requests ? { requests } : {}) }, (err, res) => (err ? reject(err) : resolve(res))),
  );
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

const { key } = createBenchTenant([bun, join(root, "src", "main.ts")], env);
const auth = { authorization: `Bearer ${key}`, "content-type": "application/json" };
const lingshu = await startServer(bun, [join(root, "src", "main.ts"), "serve"], { env, port: 3932, readyPath: "/ready" });
const birth = { birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" } };
const createdText = await fetch("http://127.0.0.1:3932/v1/bazi/charts", { method: "POST", headers: { ...auth, "idempotency-key": "seed" }, body: JSON.stringify(birth) }).then((r) => r.text());
const created = JSON.parse(createdText);
const bodyFile = join(dir, "chart.json");
writeFileSync(bodyFile, createdText);
const bare = await startServer(bun, [join(root, "bench", "bare-server.ts")], { env, port: 3931, extraEnv: { BARE_BODY_FILE: bodyFile } });

/** A POST with a fresh Idempotency-Key per request. */
const create = (path, body) => run({ url: `http://127.0.0.1:3932${path}`, method: "POST", headers: auth, body: JSON.stringify(body), uniqueKeys: true });
const cast = { question: "这次换工作顺利吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8] };
const plan = {
  check_in: { emotion_tags: ["anxiety"], intensity: 5, arousal: "medium", goal: "calm", available_minutes: 15, environment: "private_indoor", posture_available: "either", audio_available: true },
  safety: { age_group: "adult", immediate_danger: false, crisis_flags: [], physical_constraints: [], driving_or_operating: false, space_clear: true },
};
const response = { capability: "bazi", subject_id: created.id, input: "What does my day master say about work?" };
const scenarios = {
  "bare Bun.serve GET": () => run({ url: "http://127.0.0.1:3931/" }),
  "bare Bun.serve GET, same bytes as a chart": () => run({ url: "http://127.0.0.1:3931/same-body" }),
  "GET /v1/bazi/charts/{id}": () => run({ url: `http://127.0.0.1:3932/v1/bazi/charts/${created.id}`, headers: auth }),
  "POST /v1/bazi/charts": () => create("/v1/bazi/charts", birth),
  "POST /v1/liuyao/casts (manual_lines)": () => create("/v1/liuyao/casts", cast),
  "POST /v1/healing/plans": () => create("/v1/healing/plans", plan),
  "POST /v1/responses (local interpreter)": () => create("/v1/responses", response),
};

const rows = [];
try {
  for (let round = 0; round < 2; round++) {
    for (const [name, fn] of Object.entries(scenarios)) {
      const r = await fn();
      rows.push({ name, ...r });
    }
  }
} finally {
  await stopServer(bare);
  await stopServer(lingshu);
}
const best = (name) => rows.filter((r) => r.name === name).sort((a, b) => b.rps - a.rps)[0];
const ceiling = best("bare Bun.serve GET").rps;
const sameSizeCeiling = best("bare Bun.serve GET, same bytes as a chart").rps;
const round = (ms) => Math.round(ms * 10) / 10;
const pct = (rps, of) => `${((100 * rps) / of).toFixed(0)}%`;
console.log(`\n${loadgen}, ${connections} connections, ${seconds} s per run, alternating, best of 2 rounds\n`);
console.log("| scenario | requests/s | p50 ms | p99 ms | vs bare | vs bare, same bytes | non-2xx |");
console.log("|---|---|---|---|---|---|---|");
for (const name of Object.keys(scenarios)) {
  const r = best(name);
  console.log(`| ${name} | ${Math.round(r.rps)} | ${round(r.p50)} | ${round(r.p99)} | ${pct(r.rps, ceiling)} | ${pct(r.rps, sameSizeCeiling)} | ${r.non2xx + r.errors} |`);
}
removeWorkDir(dir);
