/**
 * Every safety rule is data with the texts it must fire on and the near misses
 * it must pass over; this runs them all, rule by rule, on the rule alone (a
 * near miss may still be caught by another rule, which is not this rule's concern);
 * and checks that the cue requirements which let an alternative be skipped never change what it finds.
 */
import { describe, expect, test } from "bun:test";
import { SAFETY_RULES } from "../../../src/safety/index.ts";
import { compileRule, fires, firingRules, scan } from "../../../src/safety/rule-table.ts";
import { alternativesOf, type Requirement } from "../../../src/safety/cues.ts";
import { SAFETY_SETS, loadSafetySet } from "../../helpers/safety-sets.ts";
import { viewsByExpressions, viewsOfFolded } from "../../../src/safety/views.ts";
import { foldText } from "../../../src/text/language.ts";

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

  test("the table's triggered matching finds exactly the rules that fire when every alternative is tried", () => {
    const reference = SAFETY_RULES.map((rule) => compileRule(rule, false));
    const differing = texts.filter((_t, i) => {
      const expected = reference.filter((rule) => fires(rule, scans[i]!)).map((rule) => rule.rule.id);
      return firingRules(scans[i]!).map((rule) => rule.id).join() !== expected.join();
    });
    expect(differing).toEqual([]);
  });

  test("requirements are derived for most alternatives (the rest are always tried)", () => {
    const alternatives = SAFETY_RULES.flatMap((r) => r.all.flatMap((p) => alternativesOf(p)));
    expect(alternatives.filter((a) => a.requires === true).length).toBeLessThan(alternatives.length / 10);
  });

  test.each([
    ["(?:kill|end) my ?self", [{ all: [{ any: [{ cue: "kill" }, { cue: "end" }] }, { cue: " my" }, { cue: "self" }] }]],
    ["ab+c|xyz", [{ cue: "ab" }, { cue: "xyz" }]],
    ["(?:a|b)c", [true]],
    ["(?<!不)(?:打|揍)我", [{ all: [{ any: [{ cue: "打" }, { cue: "揍" }] }, { cue: "我" }] }]],
    ["want(?:ed)? to die(?! laughing)", [{ all: [{ cue: "want" }, { cue: " to die" }] }]],
    ["(?:x|y)z|[ab]c", [true, true]],
  ] as const)("alternativesOf(%s)", (source, requires) => {
    expect(alternativesOf(source).map((a) => a.requires)).toEqual(requires as unknown as Requirement[]);
  });

  test("alternatives split at the top level, and a source the reader cannot follow is tried whole", () => {
    expect(alternativesOf("a(?:b|c)|[|]d|e\\|f").map((a) => a.source)).toEqual(["a(?:b|c)", "[|]d", "e\\|f"]);
    expect(alternativesOf("a)b")).toEqual([{ source: "a)b", requires: true }]);
    // A part that is one whole non-capturing group splits further; a quantified one does not.
    expect(alternativesOf("(?:ab|c(?:d|e))|(?:fg|hi)?").map((a) => a.source)).toEqual(["ab", "c(?:d|e)", "(?:fg|hi)?"]);
  });
});

describe("the views", () => {
  test("built in one pass, they are the strings the regular expressions define, on every labelled message", () => {
    const texts = [...SAFETY_SETS.flatMap((name) => loadSafetySet(name).map((m) => m.text)), "", "'", "a'b", "   ", "!!!", "k1ll  my s3lf", "我 今天 又 cut 了！", "@$5 100%"];
    const differing = texts.filter((text) => {
      const folded = foldText(text);
      return JSON.stringify(viewsOfFolded(folded)) !== JSON.stringify(viewsByExpressions(folded));
    });
    expect(differing).toEqual([]);
  });
});
