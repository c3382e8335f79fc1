import { describe, expect, test } from "bun:test";
import iChing from "i-ching/lib/data.json";
import { HEXAGRAM_EN, LIUYAO_TERMS_EN, RELATION_KIND_EN } from "../../../src/responses/data/english-names.ts";
import { GLOSSARY } from "../../../src/responses/data/glossary.ts";
import { englishName, glossTerms } from "../../../src/responses/local/english-terms.ts";
import { KING_WEN_SEQUENCE } from "../../../src/liuyao/king-wen.ts";
import { foldText } from "../../../src/text/language.ts";

describe("the English names of the terms an English answer keeps", () => {
  // The i-ching package's table (Wilhelm's names after another translator's) is independent of ours.
  test("the hexagrams are named as Wilhelm names them, in the King Wen order", () => {
    const wilhelm = iChing.hexagrams.map((h) => h.names.at(-1)!.split(/ \(| \[|, /)[0]);
    expect(HEXAGRAM_EN).toEqual(wilhelm);
    // The same package's Chinese names, folded to Simplified, are our sequence's (遯 is the variant of 遁).
    expect(iChing.hexagrams.map((h) => foldText(h.chineseName).replace("遯", "遁"))).toEqual(KING_WEN_SEQUENCE.map(([name]) => name));
  });

  test("the tables: Chinese terms, plain English names; where the glossary explains a term too, the table's short name is the answer's", () => {
    for (const [term, en] of Object.entries(LIUYAO_TERMS_EN)) {
      expect(term).toMatch(/^\p{Script=Han}+$/u);
      expect(en).toMatch(/^[a-z][a-z -]*[a-z]$/);
      expect(englishName(term)).toBe(en);
    }
    expect(GLOSSARY.find((g) => g.term === "官鬼")?.en[0]).toBe("officer ghost");
    expect(englishName("官鬼")).toBe("officer");
    expect(englishName("七杀")).toBe("seven killings");
    for (const en of Object.values(RELATION_KIND_EN)) expect(en).toMatch(/^[a-z][a-z -]*[a-z]$/);
  });

  test("a term is named by the glossary, the tables, the hexagrams, or as a relation with the element it goes towards", () => {
    expect(englishName("七杀")).toBe("seven killings");
    expect(englishName("官鬼")).toBe("officer");
    expect(englishName("雷火丰")).toBe("Abundance");
    expect(englishName("乾为天")).toBe("The Creative");
    expect(englishName("火水未济")).toBe("Before Completion");
    expect(englishName("丑未冲")).toBe("clash");
    expect(englishName("丑戌相刑")).toBe("punishment");
    expect(englishName("午午自刑")).toBe("self-punishment");
    expect(englishName("丑午害")).toBe("harm");
    expect(englishName("戌未破")).toBe("break");
    expect(englishName("乙庚合金")).toBe("combination towards metal");
    expect(englishName("子丑合土")).toBe("combination towards earth");
    expect(englishName("午戌半合火局")).toBe("half combination towards fire");
    expect(englishName("寅午戌三合火局")).toBe("three-branch combination towards fire");
    expect(englishName("亥子丑三会水方")).toBe("directional combination towards water");
    // Pillars, stems, branches and words the answer explains itself are not named.
    for (const term of ["丙午", "丙", "寅卯", "日冲", "囚", "丑未", "冲", "甲子冲", "丑未冲冲", "丙丑未冲"]) expect({ term, en: englishName(term) }).toEqual({ term, en: undefined });
  });
});

describe("glossTerms", () => {
  test("names each term in English at its first use in the answer, after it", () => {
    expect(glossTerms(["2027 is a 丁未 year (its stem your 劫财): 丑未冲 with your year pillar.", "劫财 again, and 丑未冲."])).toEqual([
      "2027 is a 丁未 year (its stem your 劫财 (rob wealth)): 丑未冲 (clash) with your year pillar.",
      "劫财 again, and 丑未冲.",
    ]);
  });

  test("inside the parenthesis it stands in, or first in the short one that follows it", () => {
    expect(glossTerms(["the hidden stem 癸(正官) and 壬(七杀)"])).toEqual(["the hidden stem 癸(正官, direct officer) and 壬(七杀, seven killings)"]);
    expect(glossTerms(["Your cast is 雷火丰 (hexagram 55, palace 坎); it turns into 泽雷随."])).toEqual(["Your cast is 雷火丰 (Abundance, hexagram 55, palace 坎 (water)); it turns into 泽雷随 (Following)."]);
    expect(glossTerms(["丑午害 (year and day pillars)"])).toEqual(["丑午害 (harm, year and day pillars)"]);
    expect(glossTerms(["雷火丰(hexagram 55)"])).toEqual(["雷火丰(Abundance, hexagram 55)"]);
    // Forty characters still count as a short parenthesis.
    const note = "as the old books say".padEnd(40, ".");
    expect(glossTerms([`丑午害 (${note})`])).toEqual([`丑午害 (harm, ${note})`]);
    expect(glossTerms([`丑午害 (${note}.)`])).toEqual([`丑午害 (${note}.)`]);
  });

  test("not where the English is already said, just before it or in its parenthesis", () => {
    expect(glossTerms(["the adversary god (忌神) 子孙 on line 1; 忌神 again"])).toEqual(["the adversary god (忌神) 子孙 (offspring) on line 1; 忌神 again"]);
    expect(glossTerms(["read from 官鬼 (officer); 官鬼 again"])).toEqual(["read from 官鬼 (officer); 官鬼 again"]);
    // A hexagram's English name is looked for without its leading "The", and whole.
    expect(glossTerms(["a creative start, 乾为天 (hexagram 1)"])).toEqual(["a creative start, 乾为天 (hexagram 1)"]);
    expect(glossTerms(["in the darkening of the light, 地火明夷 (hexagram 36)"])).toEqual(["in the darkening of the light, 地火明夷 (hexagram 36)"]);
    expect(glossTerms(["in the darkening of light, 地火明夷 (hexagram 36)"])).toEqual(["in the darkening of light, 地火明夷 (Darkening of the Light, hexagram 36)"]);
    expect(glossTerms(["七杀 (seven killings, also 偏官): pressure"])).toEqual(["七杀 (seven killings, also 偏官): pressure"]);
  });

  test("only the English just before counts, and only the parenthesis right after", () => {
    // Said after the term, or long before it, the English does not name it here.
    expect(glossTerms(["劫财 is what tradition calls rob wealth"])).toEqual(["劫财 (rob wealth) is what tradition calls rob wealth"]);
    expect(glossTerms([`rob wealth, as said, ${"and more words ".repeat(4)}then 劫财 here`])[0]).toContain("劫财 (rob wealth) here");
    // A parenthesis further on is not the term's.
    expect(glossTerms(["劫财 is strong (see above)"])).toEqual(["劫财 (rob wealth) is strong (see above)"]);
  });

  test("a term followed by a long explanation in parentheses waits for its next use", () => {
    const long = "(回头克 or 化退 weaken the moving line, 回头生 or 化进神 strengthen it)";
    expect(glossTerms([`申→酉 比和 ${long}; then 比和 again`])[0]).toEndWith("; then 比和 (the same element) again");
    expect(glossTerms([`申→酉 比和 ${long}; then 比和 again`])[0]).toStartWith(`申→酉 比和 (回头克 (controlled back) or 化退 (retreating) weaken`);
  });

  test("text without a named term is unchanged", () => {
    const plain = ["Your four pillars are 乙丑 (year), 丙戌 (month). The day master is 丙.", "No term here."];
    expect(glossTerms(plain)).toEqual(plain);
  });
});
