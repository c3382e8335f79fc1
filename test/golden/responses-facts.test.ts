/**
 * The fact sheets carry the confirmed facts verbatim, and the local interpreter
 * names them. Expected chart pillars and hexagrams come from the shared golden
 * files (independent generators), never from our own engines' output.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { computeChart, validateBirth } from "../../src/bazi/index.ts";
import { castReading, type LineValue } from "../../src/liuyao/index.ts";
import { createPlanBody, SAFETY_ACTION } from "../../src/healing/index.ts";
import { factSheet, factSheetText, PILLAR_NAMES } from "../../src/responses/facts/index.ts";
import { explain } from "../../src/responses/local-interpreter.ts";
import type { FactSheet } from "../../src/responses/facts/index.ts";
import type { ReplyLanguage } from "../../src/text/language.ts";
import { baseInput } from "../unit/healing/fixtures.ts";
import { referencePath } from "../helpers/reference.ts";

const golden = (file: string) =>
  readFileSync(referencePath("golden", file), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Record<string, any>);

const NOW = Date.parse("2025-06-15T10:00:00Z");
const localText = (facts: FactSheet, input: string, language: ReplyLanguage) => explain({ facts, input, language, script: language === "zh" ? "zh-Hans" : "en", topics: [], constraints: [], summary: "", now: NOW }).join("\n");

describe("BaZi: the four pillars of golden charts", () => {
  // The anchor cases plus cases at a 立春 and a 节 boundary, a lunar input and a 子 hour.
  const cases = golden("bazi/golden.jsonl");
  const picked = ["anchor", "lichun", "jie_boundary", "lunar_input", "zi_hour"].map((tag) => cases.find((c) => c.tags.includes(tag))!);

  test.each(picked.map((c) => [c.tags.join(","), c] as const))("%s", (_tags, c) => {
    const birth = validateBirth(c.input);
    if (!birth.ok) throw new Error(`golden input refused: ${JSON.stringify(birth.details)}`);
    const sheet = factSheet("bazi", "bzc_golden", JSON.parse(JSON.stringify(computeChart(birth.birth))));
    const expected = PILLAR_NAMES.map((n) => c.expect[n] as string);
    expect(sheet.lines).toContain(`Four pillars (year month day hour): ${expected.join(" ")}`);
    PILLAR_NAMES.forEach((n, i) => expect(factSheetText(sheet)).toContain(`${n} pillar ${expected[i]}:`));
    expect(sheet.headline).toBe(`BaZi chart ${expected.join(" ")}`);
    for (const language of ["zh", "en"] as const) {
      const text = localText(sheet, language === "zh" ? "我的五行怎么样？" : "What about my chart?", language);
      for (const pillar of expected) expect(text).toContain(pillar);
    }
  });
});

describe("LiuYao: hexagram names and every line of golden casts", () => {
  const records = golden("liuyao/golden.jsonl");
  const hexagramByBits = new Map(records.filter((r) => r.type === "hexagram").map((h) => [h.bits as string, h]));
  const casts = records.filter((r) => r.type === "cast").slice(0, 12);

  test.each(casts.map((c) => [c.lines.join(""), c] as const))("lines %s", (_lines, c) => {
    const reading = castReading({ question: "这次面试能通过吗？", method: "manual_lines", lines: c.lines as LineValue[], castAt: new Date(NOW) });
    const sheet = factSheet("liuyao", "lyc_golden", JSON.parse(JSON.stringify(reading)));
    const text = factSheetText(sheet);
    const primary = hexagramByBits.get(c.primary.bits)!;
    expect(text).toContain(`Primary hexagram: ${c.primary.name} (King Wen ${primary.king_wen})`);
    expect(text).toContain(`Changed hexagram: ${c.changed.name} (King Wen ${c.changed.king_wen})`);
    expect(text).toContain(`Moving lines: ${c.moving.join(", ")}`);
    for (const line of primary.najia) {
      const value = c.lines[line.pos - 1];
      expect(text).toContain(`line ${line.pos}: ${line.yang ? "yang" : "yin"} ${value}, ${line.stem}${line.branch} ${line.element}, ${line.relative}`);
    }
    for (const t of c.changed.transforms) expect(text).toContain(`Transform of line ${t.pos}: ${t.from}→${t.to}`);
    expect(text).toContain("Question (the one matter of this cast): 这次面试能通过吗？");
    for (const language of ["zh", "en"] as const) {
      const answer = localText(sheet, language === "zh" ? "动爻是什么意思？" : "What do the moving lines mean?", language);
      expect(answer).toContain(c.primary.name);
      expect(answer).toContain(c.changed.name);
      for (const pos of c.moving) expect(answer).toContain(language === "zh" ? `第${pos}爻` : `Line ${pos},`);
    }
  });
});

describe("Healing: the protocol id and the safety state", () => {
  const deps = { bazi: null, assetUrlFor: (id: string) => `https://lingshu.test/assets/healing/${id}/1.0.0/track.mp3` };

  test("a recommended Plan: protocol id, version, steps, cautions and 'not blocked'", () => {
    const plan = createPlanBody(baseInput(), deps);
    const sheet = factSheet("healing", "hpl_golden", JSON.parse(JSON.stringify(plan)));
    const text = factSheetText(sheet);
    const protocol = plan.protocol!;
    expect(text).toContain(`Protocol: ${protocol.id} v${protocol.version}`);
    expect(text).toContain("Safety state: not blocked (recommended)");
    for (const step of protocol.script.steps) expect(text).toContain(step.text["zh-Hans"]);
    for (const caution of protocol.cautions) expect(text).toContain(caution.en);
    for (const language of ["zh", "en"] as const) {
      const answer = localText(sheet, language === "zh" ? "我该怎么做？" : "How do I do it safely?", language);
      expect(answer).toContain(protocol.id);
      expect(answer).toContain(language === "zh" ? "安全状态：未被安全规则拦截" : "Safety state: not blocked");
      expect(answer).toContain(protocol.title[language === "zh" ? "zh-Hans" : "en"]);
    }
  });

  test("a blocked Plan's sheet says BLOCKED with its red lines (the route never interprets it)", () => {
    const input = baseInput();
    input.safety = { ...input.safety, immediate_danger: true, crisis_flags: ["chest_pain"] };
    const plan = createPlanBody(input, deps);
    const sheet = factSheet("healing", "hpl_blocked", JSON.parse(JSON.stringify(plan)));
    expect(sheet.lines).toContain("Safety state: BLOCKED (IMMEDIATE_DANGER, MEDICAL_CHEST_PAIN)");
    expect(plan.block?.safety_action).toEqual(SAFETY_ACTION);
  });
});
