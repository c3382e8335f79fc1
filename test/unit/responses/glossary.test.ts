import { describe, expect, test } from "bun:test";
import { GLOSSARY } from "../../../src/responses/data/glossary.ts";
import { glossaryAnswers } from "../../../src/responses/local/text.ts";

describe("the glossary", () => {
  test("every entry has both texts, names its term in each, and is found by its own question in both languages", () => {
    for (const g of GLOSSARY) {
      expect(g.zh.startsWith(g.term)).toBe(true);
      expect(g.text.startsWith(g.term)).toBe(true);
      expect(glossaryAnswers(`${g.term}是什么意思？`, "zh")).toContain(g.zh);
      expect(glossaryAnswers(`What does ${g.en[0]} mean?`, "en")).toContain(g.text);
    }
    expect(new Set(GLOSSARY.map((g) => g.term)).size).toBe(GLOSSARY.length);
  });

  test("only a question about meaning gets it; Traditional input is folded", () => {
    expect(glossaryAnswers("七殺是什麼意思？", "zh")[0]).toContain("七杀（偏官）");
    expect(glossaryAnswers("我的七杀多吗", "zh")).toEqual([]);
    expect(glossaryAnswers("explain what 七杀 means", "en")[0]).toContain("seven killings");
  });
});
