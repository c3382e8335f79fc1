/**
 * Every safety rule is data with the texts it must fire on and the near misses
 * it must pass over; this runs them all, rule by rule, on the rule alone (a
 * near miss may still be caught by another rule, which is not this rule's concern);
 * and checks that the cues which let a rule be skipped never change what it finds.
 */
import { describe, expect, test } from "bun:test";
import { SAFETY_RULES } from "../../../src/safety/index.ts";
import { compileRule, fires, scan } from "../../../src/safety/detect.ts";
import { cuesOf } from "../../../src/safety/cues.ts";
import { loadSafetySet } from "../../helpers/safety-sets.ts";

describe("the rule table", () => {
  test("ids are unique; every rule has an example to catch; crisis rules name a category, topic rules a topic, concern rules neither", () => {
    const ids = SAFETY_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of SAFETY_RULES) {
      expect(rule.catches.length).toBeGreaterThan(0);
      expect(rule.category !== null).toBe(rule.tier === "crisis");
      expect(rule.topic !== undefined).toBe(rule.tier === "topic");
    }
  });
});

describe.each(SAFETY_RULES.map((rule) => [rule.id, rule] as const))("%s", (_id, rule) => {
  const compiled = compileRule(rule);
  test.each(rule.catches.map((t) => [t]))("fires on %s", (text) => {
    expect(fires(compiled, scan(text))).toBe(true);
  });
  if (rule.passes.length > 0) {
    test.each(rule.passes.map((t) => [t]))("passes over %s", (text) => {
      expect(fires(compiled, scan(text))).toBe(false);
    });
  }
});

describe("cues are exact: every rule fires with its cues exactly where it fires without them", () => {
  // Real text from the development set, and every example of every rule.
  const texts = [...loadSafetySet("set-a-dev").map((m) => m.text), ...SAFETY_RULES.flatMap((r) => [...r.catches, ...r.passes])];
  const scans = texts.map((t) => scan(t));
  test.each(SAFETY_RULES.map((rule) => [rule.id, rule] as const))("%s", (_id, rule) => {
    const withCues = compileRule(rule);
    const without = compileRule(rule, false);
    const differing = texts.filter((_t, i) => fires(withCues, scans[i]!) !== fires(without, scans[i]!));
    expect(differing).toEqual([]);
  });

  test("cues are derived for most rules (the rest are always tried)", () => {
    const withoutCues = SAFETY_RULES.filter((r) => r.all.some((p) => cuesOf(p) === null)).map((r) => r.id);
    expect(withoutCues.length).toBeLessThan(SAFETY_RULES.length / 4);
  });

  test.each([
    ["(?:kill|end) my ?self", ["self"]],
    ["ab+c|xyz", ["ab", "xyz"]],
    ["(?:a|b)c", null],
    ["(?<!不)(?:打|揍)我", ["我"]],
    ["want(?:ed)? to die(?! laughing)", [" to die"]],
  ] as const)("cuesOf(%s)", (source, cues) => {
    expect(cuesOf(source)).toEqual(cues === null ? null : [...cues]);
  });
});
