import { describe, expect, test } from "bun:test";
import { buildPrompt, SYSTEM_PROMPT } from "../../../src/responses/prompt.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { factSheet } from "../../../src/responses/facts/index.ts";
import { MAX_SUMMARY_CHARS } from "../../../src/responses/summary.ts";
import { castReading } from "../../../src/liuyao/index.ts";

const reading = JSON.parse(JSON.stringify(castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date("2025-06-15T10:00:00Z") })));
const facts = factSheet("liuyao", "lyc_1", reading);
const request = (summary: string, input: string) => ({ facts, summary, input, language: "zh" as const, script: "zh-Hans" as const, topics: [], constraints: [], now: Date.parse("2025-06-15T20:00:00Z") });

describe("buildPrompt", () => {
  test("the system prompt is one stable text: grounding, cultural framing, no medical claims, the user's language", () => {
    expect(buildPrompt(request("a", "b")).system).toBe(SYSTEM_PROMPT);
    for (const rule of ["Never recompute", "traditional Chinese cultural practices", "no medical", "reply language", "record_answer"]) expect(SYSTEM_PROMPT).toContain(rule);
  });

  test("the fact sheet is the same for every turn of a Subject; the turn carries date, language, summary and input", () => {
    const a = buildPrompt(request("Subject: x", "结果如何？"));
    const b = buildPrompt(request("Subject: x\nQ: … → A: …", "什么时候？"));
    expect(a.facts).toBe(b.facts);
    expect(a.facts).toContain("Primary hexagram: 雷火丰");
    expect(b.turn).toContain("Today (UTC+08:00): 2025-06-16");
    expect(b.turn).toContain("Reply language: Simplified Chinese");
    expect(b.turn).toContain("<summary>\nSubject: x\nQ: … → A: …\n</summary>");
    expect(b.turn).toContain("<input>\n什么时候？\n</input>");
  });

  test("for a BaZi chart the turn names this year's and next year's pillars (流年) and how they meet the chart; the cached fact sheet does not change with the date", () => {
    const birth = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
    if (!birth.ok) throw new Error("birth");
    const chart = factSheet("bazi", "bzc_1", JSON.parse(JSON.stringify(computeChart(birth.birth))));
    const at = (now: string) => buildPrompt({ ...request("s", "今年运势如何？"), facts: chart, now: Date.parse(now) });
    // 2025 is 乙巳: 巳 completes 巳酉丑 with the month's 酉 and the year's 丑 (the fact sheet's pillars 己丑 癸酉 甲子 壬申).
    const turn = at("2025-06-15T00:00:00Z").turn;
    expect(turn).toContain("Year pillars (流年) against this chart: 2025 乙巳 (stem 劫财; 巳申合水 with the hour pillar;");
    expect(turn).toContain("巳酉丑三合金局 with the month and year pillars)");
    expect(turn).toContain("; 2026 丙午 (stem 食神; 丑午害 with the year pillar; 子午冲 with the day pillar)");
    expect(at("2027-01-15T00:00:00Z").turn).toContain("2027 丁未");
    expect(at("2027-01-15T00:00:00Z").facts).toBe(at("2025-06-15T00:00:00Z").facts);
  });

  test("the turn is bounded by the summary and input limits", () => {
    const longest = buildPrompt(request("s".repeat(MAX_SUMMARY_CHARS), "i".repeat(1000))).turn.length;
    expect(longest).toBeLessThan(MAX_SUMMARY_CHARS + 1000 + 300);
  });
});
