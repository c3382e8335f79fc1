/**
 * The size of the model's prompt per turn: the system prompt and the Subject's fact sheet (both cached
 * after the first turn) and the turn itself (date, language, summary, input), for a chart, a cast and a
 * Plan, in characters and UTF-8 bytes. Anthropic counts tokens, not characters; Chinese runs about a
 * token per one or two characters, English about four characters a token.
 * Run: bun bench/prompt-size.ts
 */
import { buildPrompt } from "../src/responses/prompt.ts";
import { factSheet, healingFacts, type FactSheet } from "../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../src/bazi/index.ts";
import { castReading } from "../src/liuyao/index.ts";
import { createPlanBody } from "../src/healing/index.ts";
import { baseInput } from "../test/unit/healing/fixtures.ts";
import { MAX_SUMMARY_CHARS } from "../src/responses/summary.ts";

const NOW = Date.parse("2025-06-15T10:00:00Z");
const json = (x: unknown) => JSON.parse(JSON.stringify(x));
const birth = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
if (!birth.ok) throw new Error("birth");
const SUBJECTS: [string, FactSheet][] = [
  ["chart", factSheet("bazi", "bzc_1", json(computeChart(birth.birth)))],
  ["cast", factSheet("liuyao", "lyc_1", json(castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date(NOW) })))],
  ["plan", healingFacts("hpl_1", json(createPlanBody(baseInput(), { bazi: null, assetUrlFor: () => "https://x/a.mp3" })))],
];
const bytes = (s: string) => new TextEncoder().encode(s).length;
const size = (s: string) => `${String(s.length).padStart(6)} ch ${String(bytes(s)).padStart(6)} B`;

console.log("prompt size per turn (characters, UTF-8 bytes); system and facts are cached after the first turn");
for (const [name, facts] of SUBJECTS) {
  const first = buildPrompt({ facts, input: "这卦整体怎么看？", language: "zh", script: "zh-Hans", topics: [], constraints: [], summary: "", now: NOW });
  const later = buildPrompt({ facts, input: "那明年呢？我还想知道什么时候最合适。", language: "zh", script: "zh-Hans", topics: [], constraints: [], summary: "x".repeat(MAX_SUMMARY_CHARS), now: NOW });
  console.log(`  ${name.padEnd(6)} system ${size(first.system)} | facts ${size(first.facts)} | first turn ${size(first.turn)} | a turn with a full summary ${size(later.turn)}`);
}
