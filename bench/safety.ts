/**
 * Micro-benchmark of the free-text safety detector, which runs on every Response input and
 * checkout comment: µs per call for 1,000-character inputs on one core (target ≤ 50 µs).
 * Run: bun bench/safety.ts [rounds=2000]
 *
 * Inputs are 1,000 characters of ordinary text in Simplified Chinese, Traditional Chinese,
 * English and mixed (no rule fires, so the learned screen is asked too: the worst case), the
 * same with a crisis sentence at the end (the rules find it; the learned screen is skipped),
 * and two typical short questions.
 */
import { judgeSafety } from "../src/safety/index.ts";

const rounds = Number(process.argv[2] ?? 2000);

const fill = (sentence: string) => sentence.repeat(Math.ceil(1000 / sentence.length)).slice(0, 1000);
const INPUTS: Record<string, string> = {
  "zh-Hans": fill("我想问一下今年的事业运怎么样，月柱伤官见官是什么意思？最近工作压力有点大，但还好。"),
  "zh-Hant": fill("請幫我看看這個卦，風雷益是什麼意思？我最近在考慮換工作，不知道時機合不合適。"),
  en: fill("Could you read my chart for career this year? The moving line in the fifth place confuses me a little. "),
  mixed: fill("帮我 check 一下 my bazi, 1993 年 5 月 12 号 辰时, career 怎么样? 最近 job 有点 stressful. "),
};
for (const [name, text] of Object.entries({ ...INPUTS })) INPUTS[`${name} + crisis`] = text.slice(0, 960) + "I have the pills lined up, tonight";
INPUTS["short zh (30 chars)"] = "我最近运势怎么样？工作上压力好大，想换工作，不知道合不合适。";
INPUTS["short en (59 chars)"] = "Could you read my chart for career this year? Thanks a lot!";

for (const text of Object.values(INPUTS)) for (let i = 0; i < 2000; i++) judgeSafety(text);
// The best of five batches: on a shared machine the mean carries other processes' time.
const BATCHES = 5;
console.log(`safety detector, best of ${BATCHES} batches of ${rounds}`);
for (const [name, text] of Object.entries(INPUTS)) {
  let best = Infinity;
  for (let batch = 0; batch < BATCHES; batch++) {
    const started = performance.now();
    for (let i = 0; i < rounds; i++) judgeSafety(text);
    best = Math.min(best, ((performance.now() - started) * 1000) / rounds);
  }
  console.log(`  ${name.padEnd(20)} ${best.toFixed(1)} µs per call (${judgeSafety(text).level})`);
}
