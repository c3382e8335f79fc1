/**
 * Micro-benchmark of the pure BaZi engine: charts per second on one core.
 * Run: bun bench/bazi-engine.ts [births=5000] [rounds=10]
 *
 * Births are varied deterministically (a fixed-seed LCG): solar and lunar input (leap months
 * included), every hour, both genders, exact and approximate times, 1900–2100. The one-time table
 * build and a warm-up pass are timed separately from the measured rounds.
 */
import { type BirthInput, computeChart, type NormalizedBirth, prepareAlmanac, validateBirth } from "../src/bazi/index.ts";

const births = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 10);

let seed = 20240601;
function rand(n: number): number {
  seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
  return seed % n;
}

function makeInputs(count: number): BirthInput[] {
  const out: BirthInput[] = [];
  while (out.length < count) {
    const lunar = rand(4) === 0;
    const input: BirthInput = {
      year: 1900 + rand(201),
      month: 1 + rand(12),
      day: 1 + rand(lunar ? 30 : 31),
      hour: rand(24),
      minute: rand(60),
      gender: rand(2) === 0 ? "男" : "女",
      calendar_type: lunar ? "lunar" : "solar",
      is_leap_month: lunar && rand(12) === 0,
      time_confidence: rand(5) === 0 ? "approximate" : "exact",
    };
    if (validateBirth(input).ok) out.push(input); // keep only real dates, as the HTTP layer would
  }
  return out;
}

function time(label: string, fn: () => void): number {
  const t0 = performance.now();
  fn();
  const ms = performance.now() - t0;
  console.log(`${label}: ${ms.toFixed(1)} ms`);
  return ms;
}

time("table build (once per process)", prepareAlmanac);
const inputs = makeInputs(births);
const normalized: NormalizedBirth[] = inputs.map((b) => {
  const v = validateBirth(b);
  if (!v.ok) throw new Error("unreachable");
  return v.birth;
});

let sink = 0;
time("warm-up (2 passes)", () => {
  for (let r = 0; r < 2; r++) for (const b of normalized) sink += computeChart(b).luck.pillars.length;
});

const computeMs = time(`computeChart × ${births * rounds}`, () => {
  for (let r = 0; r < rounds; r++) for (const b of normalized) sink += computeChart(b).luck.pillars.length;
});
const fullMs = time(`validateBirth + computeChart × ${births * rounds}`, () => {
  for (let r = 0; r < rounds; r++) {
    for (const b of inputs) {
      const v = validateBirth(b);
      if (v.ok) sink += computeChart(v.birth).luck.pillars.length;
    }
  }
});
const jsonMs = time(`validate + compute + JSON.stringify × ${births * rounds}`, () => {
  for (let r = 0; r < rounds; r++) {
    for (const b of inputs) {
      const v = validateBirth(b);
      if (v.ok) sink += JSON.stringify(computeChart(v.birth)).length;
    }
  }
});

const rate = (ms: number) => Math.round((births * rounds * 1000) / ms).toLocaleString("en-US");
console.log(`computeChart:                 ${rate(computeMs)} charts/s`);
console.log(`validateBirth + computeChart: ${rate(fullMs)} charts/s`);
console.log(`… + JSON.stringify:           ${rate(jsonMs)} charts/s`);
if (sink === 0) console.log("(unreachable)");
