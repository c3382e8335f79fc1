import { describe, expect, test } from "bun:test";
import { GLOSSARY } from "../../../src/responses/data/glossary.ts";
import { TEN_GODS } from "../../../src/bazi/index.ts";
import { glossaryAnswers } from "../../../src/responses/local/text.ts";

/** Every way an entry is asked for: its term and each alias in Chinese, each of its English names in English. */
const questions = GLOSSARY.flatMap((g) => [
  [`${g.term}是什么意思？`, "zh", g.zh] as const,
  ...(g.aliases ?? []).map((alias) => [`${alias}是什么意思？`, "zh", g.zh] as const),
  ...g.en.map((name) => [`What does ${name} mean?`, "en", g.text] as const),
]);

describe("the glossary", () => {
  // A BaZi answer finds the ten gods a question names through the glossary (local/bazi.ts tenGodsNamed).
  test("has an entry for each of the ten gods", () => {
    expect(Object.values(TEN_GODS).flat().filter((name) => !GLOSSARY.some((g) => g.term === name))).toEqual([]);
  });

  test("every entry has both texts and names its term in each; terms are distinct", () => {
    for (const g of GLOSSARY) {
      expect(g.term.length).toBeGreaterThan(0);
      expect(g.zh.startsWith(g.term)).toBe(true);
      expect(g.text.startsWith(g.term)).toBe(true);
    }
    expect(new Set(GLOSSARY.map((g) => g.term)).size).toBe(GLOSSARY.length);
  });

  test("every term can be asked after in English, by names non-empty and distinct", () => {
    for (const g of GLOSSARY) expect(g.en.length).toBeGreaterThan(0);
    // Plain lowercase words: they are matched as written, against folded (lowercased) questions.
    for (const name of GLOSSARY.flatMap((g) => g.en)) expect(name).toMatch(/^[a-z]+(?:[ -][a-z]+)*$/);
    const names = GLOSSARY.flatMap((g) => g.en);
    expect(names.every((n) => n.trim().length > 0)).toBe(true);
    expect(new Set(names).size).toBe(names.length);
  });

  // Asking about one term gets that term's entry and no other: an empty or shared name would answer every
  // question, and a name inside another ("direct wealth" in "indirect wealth") would answer both.
  test.each(questions)("%s → its own entry (of a cast)", (question, lang, answer) => {
    expect(glossaryAnswers(question, lang, true)).toEqual([answer]);
  });

  test("a cast's own terms (the six relatives, a line's changes) are explained only of a cast: 兄弟 of a chart is the siblings", () => {
    const castOnly = GLOSSARY.filter((g) => g.castOnly).map((g) => g.term);
    expect(castOnly).toEqual(["六亲", "父母", "兄弟", "子孙", "妻财", "官鬼", "回头克", "回头生", "化进神", "化退神"]);
    for (const term of castOnly) expect({ term, answers: glossaryAnswers(`${term}是什么意思？`, "zh") }).toEqual({ term, answers: [] });
    expect(glossaryAnswers("What does officer ghost mean?", "en")).toEqual([]);
    // Everything else is explained of any Subject.
    expect(glossaryAnswers("七杀是什么意思？", "zh")).toHaveLength(1);
    expect(glossaryAnswers("世爻是什么意思？", "zh")).toHaveLength(1);
    // Three at most, in the glossary's order.
    expect(glossaryAnswers("七杀、正官、偏印和正印是什么意思？", "zh").map((a) => a.slice(0, 2))).toEqual(["七杀", "正官", "偏印"]);
  });

  test("only a question about meaning gets it; Traditional input is folded", () => {
    expect(glossaryAnswers("七殺是什麼意思？", "zh")[0]).toContain("七杀（偏官）");
    expect(glossaryAnswers("我的七杀多吗", "zh")).toEqual([]);
    expect(glossaryAnswers("explain what 七杀 means", "en")[0]).toContain("seven killings");
  });
});
