/**
 * The load generator both workload benchmarks share (bench/mixed.mjs, bench/postgres.mjs):
 * environment numbers, a seeded PRNG, latency recording and percentiles, and a virtual user
 * that times and records each request on its own keep-alive connection.
 */
import { HttpConnection } from "./lib.mjs";

/** A non-negative number from the environment, or `fallback` when unset. */
export function envNumber(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number (got "${raw}")`);
  return n;
}

/** A small deterministic PRNG (mulberry32), so each virtual user's data is reproducible. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const percentile = (sorted, p) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]);
export const formatMs = (v) => (Number.isNaN(v) ? "–" : v < 10 ? v.toFixed(2) : v.toFixed(1));

export const STOP = Symbol("stop"); // the phase's time is up
export const ABORT = Symbol("abort"); // a step failed (recorded): the rest of the flow depends on it

/** Latencies (ms) per endpoint in a growable Float64Array; errors by "status CODE". */
export class Series {
  constructor() {
    this.values = new Float64Array(4096);
    this.n = 0;
    this.errors = 0;
    this.errorKinds = new Map();
  }
  add(ms) {
    if (this.n === this.values.length) {
      const bigger = new Float64Array(this.values.length * 2);
      bigger.set(this.values);
      this.values = bigger;
    }
    this.values[this.n++] = ms;
  }
  error(kind) {
    this.errors += 1;
    this.errorKinds.set(kind, (this.errorKinds.get(kind) ?? 0) + 1);
  }
  sorted() {
    return this.values.slice(0, this.n).sort();
  }
}

export class Recorder {
  constructor(startedAt) {
    this.startedAt = startedAt;
    this.series = new Map();
    /** Completed requests per second since startedAt (throughput over time, for the soak). */
    this.perSecond = [];
    this.errorsPerSecond = [];
  }
  of(name) {
    let s = this.series.get(name);
    if (!s) this.series.set(name, (s = new Series()));
    return s;
  }
  /** Every answer counts as a request; answers outside 2xx (and network failures) also count as errors. */
  record(name, ms, ok, kind, at) {
    const s = this.of(name);
    s.add(ms);
    const sec = Math.floor((at - this.startedAt) / 1000);
    this.perSecond[sec] = (this.perSecond[sec] ?? 0) + 1;
    if (!ok) {
      s.error(kind);
      this.errorsPerSecond[sec] = (this.errorsPerSecond[sec] ?? 0) + 1;
    }
  }
}

/** LiuYao questions with a follow-up about the same matter (a different matter would rightly answer 409 NEW_SUBJECT_REQUIRED). */
export const CAST_QUESTIONS = [
  { q: "这次换工作顺利吗？", f: "换工作的时机什么时候最好？" },
  { q: "这笔投资能赚钱吗？", f: "这笔投资什么时候能看到收益？" },
  { q: "Will my job interview next week go well?", f: "What should I focus on in that job interview?" },
  { q: "我们的感情能长久吗？", f: "这段感情里我需要注意什么？" },
  { q: "Will the house sale close this month?", f: "What could delay the house sale?" },
];
export const BAZI_INPUTS = [
  ["What does my day master say about my work?", "And how does this year's luck pillar affect that?"],
  ["我的日主适合什么样的工作？", "那今年的流年对工作有什么影响？"],
  ["Which element is strongest in my chart?", "How can I balance it day to day?"],
  ["我的八字五行缺什么？", "平时怎么调和比较好？"],
];

/** Idempotency-Key counter for the whole process: every write is a new business request. */
let keySeq = 0;
export const nextKeySeq = () => ++keySeq;

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * One virtual user: a keep-alive connection, a seeded PRNG, and `call`, which times and records
 * a request for the current phase ({ rec, deadline }). Subclasses add the flows.
 */
export class VirtualUserBase {
  constructor(index, port, key, phase, keyPrefix) {
    this.index = index;
    this.auth = `Bearer ${key}`;
    this.phase = phase;
    this.keyPrefix = keyPrefix;
    this.http = new HttpConnection(port, "127.0.0.1", REQUEST_TIMEOUT_MS);
    this.random = prng(0x9e3779b9 ^ (index * 7919 + 17));
  }

  close() {
    this.http.close();
  }

  int(lo, hi) {
    return lo + Math.floor(this.random() * (hi - lo + 1));
  }
  pick(list) {
    return list[Math.floor(this.random() * list.length)];
  }
  chance(p) {
    return this.random() < p;
  }

  /** One HTTP exchange on this user's connection. */
  send(method, path, body, idempotent) {
    const payload = body === undefined ? null : JSON.stringify(body);
    const headers = { authorization: this.auth };
    if (payload !== null) headers["content-type"] = "application/json";
    if (idempotent) headers["idempotency-key"] = `${this.keyPrefix}-${this.index}-${nextKeySeq()}`; // unique across phases and users
    return this.http.request(method, path, headers, payload);
  }

  /**
   * A timed, recorded request. Answers completed after the deadline are not recorded.
   * @returns the parsed JSON body when `parse`, else null
   * @throws STOP when the phase is over, ABORT on an answer outside 2xx
   */
  async call(name, method, path, body, { idempotent = method !== "GET", parse = false } = {}) {
    const { rec, deadline } = this.phase;
    if (performance.now() >= deadline) throw STOP;
    const t0 = performance.now();
    let res;
    try {
      res = await this.send(method, path, body, idempotent);
    } catch (err) {
      const t1 = performance.now();
      if (rec && t1 <= deadline) rec.record(name, t1 - t0, false, `network ${err?.code ?? err?.message ?? err}`, t1);
      throw ABORT;
    }
    const t1 = performance.now();
    const ok = res.status >= 200 && res.status < 300;
    if (rec && t1 <= deadline) {
      const kind = ok ? null : `${res.status} ${/"code":"([A-Z_]+)"/.exec(res.body.toString("utf8"))?.[1] ?? ""}`.trim();
      rec.record(name, t1 - t0, ok, kind, t1);
    }
    if (!ok) throw ABORT;
    return parse ? JSON.parse(res.body.toString("utf8")) : null;
  }

  /** Runs `step` until the phase ends; a failed step (already recorded) starts the next one. */
  async loop(step) {
    for (;;) {
      try {
        await step.call(this);
      } catch (err) {
        if (err === STOP) return;
        if (err !== ABORT) throw err;
      }
    }
  }
}

/**
 * One timed phase: `count` virtual users made by `makeUser(i, state)` each run `act(user)` until
 * `secs` have passed (the users read `state.deadline` and record into `state.rec` when `record`).
 * @returns the recorder (or null) and this generator's CPU per second of the phase, in cores
 */
export async function runPhase({ count, secs, record, makeUser, act }) {
  const startedAt = performance.now();
  const state = { rec: record ? new Recorder(startedAt) : null, deadline: startedAt + secs * 1000 };
  const users = Array.from({ length: count }, (_, i) => makeUser(i, state));
  const cpu0 = process.cpuUsage();
  try {
    await Promise.all(users.map(act));
  } finally {
    for (const u of users) u.close();
  }
  const cpu = process.cpuUsage(cpu0);
  return { rec: state.rec, generatorCores: (cpu.user + cpu.system) / 1e6 / secs };
}
