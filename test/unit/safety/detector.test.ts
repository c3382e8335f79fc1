/**
 * The safety detector on the team's regression set (regression-cases.json), across
 * spellings and scripts, and its result shape. Recall and false alarms on text
 * written outside the team are measured in safety-heldout.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { judgeSafety, type CrisisCategory } from "../../../src/safety/index.ts";
import cases from "./regression-cases.json";
import { formatTally, tally } from "../../helpers/tally.ts";

type Row = [text: string, expected: CrisisCategory[]];
const all = [...(cases.tune as Row[]), ...(cases.heldout as Row[])];
const positives = all.filter(([, e]) => e.length > 0).map(([t]) => t);
const isCrisis = (text: string) => judgeSafety(text).level === "crisis";

describe("the regression set", () => {
  test("every crisis is found, precision ≥ 0.9", () => {
    const t = tally(all.map(([text, expected]) => ({ predicted: isCrisis(text), expected: expected.length > 0 })));
    console.log(formatTally("safety/regression", t));
    expect(t.recall).toBe(1);
    expect(t.precision).toBeGreaterThanOrEqual(0.9);
  });

  test("with the expected categories", () => {
    const wrong = all.filter(([text, expected]) => !expected.every((c) => judgeSafety(text).categories.includes(c)));
    expect(wrong).toEqual([]);
  });
});

describe("every positive of the set, written another way", () => {
  const variants: [string, (t: string) => string][] = [
    ["upper case", (t) => t.toUpperCase()],
    ["spaces between Han characters", (t) => t.replace(/(\p{Script=Han})/gu, "$1 ")],
    ["punctuation between words", (t) => t.replace(/ /g, " ... ")],
    ["full-width letters", (t) => t.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0))],
  ];
  test.each(variants)("%s", (_name, transform) => {
    expect(positives.filter((t) => !isCrisis(transform(t)))).toEqual([]);
  });

  test("Traditional script and written Cantonese", () => {
    for (const t of ["我想自殺", "活著沒有意義", "我想殺了他", "想結束自己的生命", "我又自殘了", "同歸於盡", "我想跳樓", "有時真係覺得死咗仲好", "佢又打我，我好驚"]) {
      expect(isCrisis(t)).toBe(true);
    }
  });

  test("emoji that stand for words, and spaced letters", () => {
    expect(judgeSafety("s.u.i.c.i.d.e").categories).toEqual(["suicide"]);
    expect(judgeSafety("i have the 💊 lined up").categories).toEqual(["suicide"]);
  });
});

describe("judgeSafety", () => {
  test("categories in a stable order, without repeats; the rules that fired", () => {
    const j = judgeSafety("I want to kill myself and slit my wrists");
    expect(j).toMatchObject({ level: "crisis", categories: ["suicide"] });
    expect(j.rules.length).toBeGreaterThan(0);
    expect(judgeSafety("我们一起去死吧").categories).toEqual(["suicide"]);
    expect(judgeSafety("我初二，我爸喝醉了就用皮带抽我").categories).toEqual(["danger_from_others", "minor_abuse"]);
  });

  test("three levels", () => {
    expect(judgeSafety("")).toEqual({ level: "none", categories: [], topics: [], rules: [] });
    expect(judgeSafety("What does the moving line mean?").level).toBe("none");
    expect(judgeSafety("我不想伤害他的感情").level).toBe("none");
    expect(judgeSafety("I would never hurt her").level).toBe("none");
    expect(judgeSafety("我覺得我快要撐不住了").level).toBe("concern");
    expect(judgeSafety("I feel like a failure and nobody cares").level).toBe("concern");
  });
});
