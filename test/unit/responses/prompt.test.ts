import { describe, expect, test } from "bun:test";
import Ajv from "ajv";
import { ANSWER_SCHEMA, ANSWER_TOOL, ANSWER_TOOL_NAME, buildPrompt, SYSTEM_PROMPT } from "../../../src/responses/prompt.ts";
import { CRISIS_CATEGORIES } from "../../../src/safety/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { factSheet } from "../../../src/responses/facts/index.ts";
import { MAX_SUMMARY_CHARS } from "../../../src/responses/summary.ts";
import { castReading } from "../../../src/liuyao/index.ts";
import type { SensitiveTopic } from "../../../src/safety/index.ts";
import type { PlanConstraint } from "../../../src/responses/reading-limits.ts";

const reading = JSON.parse(JSON.stringify(castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: [7, 8, 9, 7, 6, 8], castAt: new Date("2025-06-15T10:00:00Z") })));
const facts = factSheet("liuyao", "lyc_1", reading);
const request = (summary: string, input: string) => ({
  facts, summary, input, language: "zh" as const, script: "zh-Hans" as const,
  topics: [] as SensitiveTopic[], constraints: [] as PlanConstraint[], now: Date.parse("2025-06-15T20:00:00Z"),
});

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

describe("the turn's parts", () => {
  /** The turn's paragraphs, in order. */
  const parts = (extra: { topics?: SensitiveTopic[]; constraints?: PlanConstraint[] } = {}) => buildPrompt({ ...request("Subject: x", "结果如何？"), ...extra }).turn.split("\n\n");

  test("a cast's turn: the civil date, the reply language, the summary, the input, one paragraph each", () => {
    expect(parts()).toEqual([
      "Today (UTC+08:00): 2025-06-16",
      "Reply language: Simplified Chinese (简体中文)",
      "Conversation so far (rolling summary):\n<summary>\nSubject: x\n</summary>",
      "The person's new message:\n<input>\n结果如何？\n</input>",
    ]);
  });

  test("the sensitive topics and the Plan constraints found in the turn are named, after the language, each in its own paragraph", () => {
    const turn = parts({ topics: ["medical_decision", "lifespan"], constraints: ["pregnancy", "driving"] });
    expect(turn[2]).toBe("Sensitive topics found in this turn (the reading must not decide them): medical_decision, lifespan");
    expect(turn[3]).toBe("The person mentions what the Plan may have been made without: pregnancy, driving");
    expect(turn[4]).toStartWith("Conversation so far");
    expect(parts({ constraints: ["injury"] })[2]).toBe("The person mentions what the Plan may have been made without: injury");
  });

  test("each fact of the sheet is a line of its own between the facts tags", () => {
    const lines = buildPrompt(request("s", "i")).facts.split("\n");
    expect(lines.slice(1, 2)).toEqual(["<facts>"]);
    expect(lines.slice(2, -1)).toEqual([...facts.lines]);
    expect(lines.at(-1)).toBe("</facts>");
  });
});

describe("the structured answer asked for", () => {
  const validate = new Ajv().compile(ANSWER_SCHEMA);
  const good = { answer: "A", summary: "S", crisis: true, crisis_categories: ["self_harm"], same_matter: true };

  test("a complete answer is valid; every field is required, since the reader relies on each judgment being made", () => {
    expect(validate(good)).toBe(true);
    for (const field of Object.keys(good)) {
      const { [field as keyof typeof good]: _dropped, ...rest } = good;
      expect(validate(rest)).toBe(false);
    }
  });

  test.each([
    ["answer", 1],
    ["summary", null],
    ["crisis", "yes"],
    ["crisis_categories", "self_harm"],
    ["crisis_categories", ["despair"]],
    ["same_matter", "no"],
  ])("%s: %p is refused", (field, value) => {
    expect(validate({ ...good, [field]: value })).toBe(false);
  });

  test("the categories offered are exactly the service's crisis categories", () => {
    for (const category of CRISIS_CATEGORIES) expect(validate({ ...good, crisis_categories: [category] })).toBe(true);
    // The system prompt names each of them as a word of its own.
    for (const category of CRISIS_CATEGORIES) expect(SYSTEM_PROMPT).toMatch(new RegExp(`\\b${category}\\b`));
  });

  test("every field and the tool are described for the model", () => {
    for (const property of Object.values(ANSWER_SCHEMA.properties)) expect(property.description.length).toBeGreaterThan(20);
    expect(ANSWER_TOOL.name).toBe(ANSWER_TOOL_NAME);
    expect(ANSWER_TOOL.description).toContain("answer");
    expect(ANSWER_TOOL.input_schema).toBe(ANSWER_SCHEMA);
  });

  test("the summary asked for is two thirds of what the service keeps, so its own clamp rarely cuts it", () => {
    const target = 800;
    expect(target * 3).toBe(MAX_SUMMARY_CHARS * 2);
    expect(ANSWER_SCHEMA.properties.summary.description).toContain(`at most ${target} characters`);
    expect(SYSTEM_PROMPT).toContain(`at most ${target} characters`);
  });
});
