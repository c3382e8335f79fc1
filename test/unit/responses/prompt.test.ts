import { describe, expect, test } from "bun:test";
import { buildPrompt, SYSTEM_PROMPT } from "../../../src/responses/prompt.ts";
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

  test("the turn is bounded by the summary and input limits", () => {
    const longest = buildPrompt(request("s".repeat(MAX_SUMMARY_CHARS), "i".repeat(1000))).turn.length;
    expect(longest).toBeLessThan(MAX_SUMMARY_CHARS + 1000 + 300);
  });
});
