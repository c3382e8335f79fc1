/**
 * Micro-benchmark of the local interpreter, which writes every Response without a model:
 * µs per answer for the questions of test/http/responses-answers.test.ts' kinds, on a chart,
 * a cast and a Plan, in English, Simplified and Traditional Chinese (target ≤ 1 ms).
 * Run: bun bench/local-answer.ts [rounds=300]
 */
import { explain } from "../src/responses/local-interpreter.ts";
import { factSheet, healingFacts, type FactSheet } from "../src/responses/facts/index.ts";
import { detectLanguage, detectScript } from "../src/text/language.ts";
import { computeChart, validateBirth } from "../src/bazi/index.ts";
import { castReading } from "../src/liuyao/index.ts";
import { createPlanBody } from "../src/healing/index.ts";
import { baseInput } from "../test/unit/healing/fixtures.ts";

const rounds = Number(process.argv[2] ?? 300);
const NOW = Date.parse("2025-06-15T10:00:00Z");
const json = (x: unknown) => JSON.parse(JSON.stringify(x));
const birth = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
if (!birth.ok) throw new Error("birth");
const SUBJECTS: [string, FactSheet, string[]][] = [
  ["chart", factSheet("bazi", "bzc_1", json(computeChart(birth.birth))), ["What does my chart say overall?", "我今年的流年怎么样？", "我現在走的是哪步大運，好不好？", "今年哪几个月比较好？", "七杀是什么意思？"]],
  ["cast", factSheet("liuyao", "lyc_1", json(castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date(NOW) }))), ["这卦整体怎么看？", "When will I hear back?", "六神怎麼看？", "我应该怎么准备？", "What does the interviewer think of me?"]],
  ["plan", healingFacts("hpl_1", json(createPlanBody(baseInput(), { bazi: null, assetUrlFor: () => "https://x/a.mp3" }))), ["Why was this practice chosen for me?", "具体步骤是什么？", "如果練的時候頭暈怎麼辦？", "Can I do it at work?", "这个练习强度大吗？"]],
];

const answer = (facts: FactSheet, input: string, followUp: boolean) =>
  explain({ facts, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: "", now: NOW, followUp });

console.log(`local interpreter, µs per answer (best of 5 batches of ${rounds})`);
for (const [name, facts, questions] of SUBJECTS) {
  for (const q of questions) {
    for (let i = 0; i < 50; i++) answer(facts, q, true);
    let best = Infinity;
    for (let batch = 0; batch < 5; batch++) {
      const started = performance.now();
      for (let i = 0; i < rounds; i++) answer(facts, q, true);
      best = Math.min(best, ((performance.now() - started) * 1000) / rounds);
    }
    console.log(`  ${name.padEnd(6)} ${q.padEnd(42)} ${best.toFixed(0).padStart(5)} µs`);
  }
}
