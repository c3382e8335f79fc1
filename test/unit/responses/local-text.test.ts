/** The local interpreter's shared text helpers, and how its answer is put together from their paragraphs. */
import { describe, expect, test } from "bun:test";
import { elementName, glossaryAnswers, list, paragraphs, sentences, type Explanation } from "../../../src/responses/local/text.ts";
import { LocalInterpreter, explain } from "../../../src/responses/local-interpreter.ts";
import { GLOSSARY } from "../../../src/responses/data/glossary.ts";
import { factSheet } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { detectLanguage, detectScript } from "../../../src/text/language.ts";
import type { InterpretRequest } from "../../../src/responses/interpreter.ts";

describe("sentences and lists", () => {
  test("Chinese sentences run together, English ones take a space; empty parts are left out", () => {
    expect(sentences("zh", "甲。", "", "乙。")).toBe("甲。乙。");
    expect(sentences("en", "One.", "", "Two.")).toBe("One. Two.");
  });

  test.each([
    [[], ""],
    [["wood"], "wood"],
    [["wood", "fire"], "wood and fire"],
    [["wood", "fire", "earth"], "wood, fire and earth"],
  ])("English list of %p: %p", (items, expected) => {
    expect(list("en", items)).toBe(expected);
  });

  test("a Chinese list is joined with the enumeration comma", () => {
    expect(list("zh", ["木", "火", "土"])).toBe("木、火、土");
    expect(list("zh", ["木", "火"])).toBe("木、火");
  });

  test("element names: the Chinese character in a Chinese answer, the English name otherwise", () => {
    expect(elementName("zh", "water")).toBe("水");
    expect(elementName("en", "water")).toBe("water");
  });
});

describe("paragraphs", () => {
  const e: Explanation = {
    opening: "OPENING",
    focus: ["FOCUS"],
    closing: "CLOSING",
    redo: { zh: "命盘", en: "chart", howZh: "重新创建", howEn: "create a new chart" },
  };
  const term = GLOSSARY.find((g) => g.term === "七杀")!;

  test("a first answer: opening, focus, notes, closing, in that order", () => {
    expect(paragraphs(e, "How is my career?", "en")).toEqual(["OPENING", "FOCUS", "CLOSING"]);
    expect(paragraphs({ ...e, notes: ["NOTE"] }, "How is my career?", "en")).toEqual(["OPENING", "FOCUS", "NOTE", "CLOSING"]);
  });

  test("the short closing is for follow-ups only, and only where a writer gave one", () => {
    const short = { ...e, closingShort: "SHORT", focused: true };
    expect(paragraphs(short, "And next year?", "en")).toEqual(["OPENING", "FOCUS", "CLOSING"]);
    expect(paragraphs(short, "And next year?", "en", true)).toEqual(["FOCUS", "SHORT"]);
    expect(paragraphs({ ...e, focused: true }, "And next year?", "en", true)).toEqual(["FOCUS", "CLOSING"]);
  });

  test("a follow-up that asks nothing specific keeps the overview's opening when the writer offers nothing else", () => {
    expect(paragraphs(e, "Anything else?", "en", true)).toEqual(["OPENING", "FOCUS", "CLOSING"]);
  });

  test("with what can be asked, such a follow-up is offered that instead of the overview again, with the notes that last", () => {
    const offering = { ...e, notes: ["NOTE", "BACKGROUND"], lastingNotes: ["NOTE"], closingShort: "SHORT", askable: { zh: "某一年、大运", en: "a year or your luck pillars", name: "己丑 癸酉 甲子 壬申" } };
    expect(paragraphs(offering, "Anything else?", "en", true)).toEqual(["Nothing in the chart (己丑 癸酉 甲子 壬申) answers this, so the overview is not repeated. You can ask about a year or your luck pillars.", "NOTE", "SHORT"]);
    expect(paragraphs(offering, "还有呢？", "zh", true)[0]).toBe("这一问在命盘（己丑 癸酉 甲子 壬申）里没有对应的内容，上一次的概览就不重复了。可以接着问：某一年、大运。");
    // Without lasting notes named, every note stays.
    expect(paragraphs({ ...offering, lastingNotes: undefined }, "Anything else?", "en", true).slice(1, 3)).toEqual(["NOTE", "BACKGROUND"]);
    // Asking for the overview, a first answer, a focused follow-up and a redo request are answered as before.
    expect(paragraphs(offering, "Give me the overview again", "en", true)).toEqual(["OPENING", "FOCUS", "NOTE", "BACKGROUND", "SHORT"]);
    expect(paragraphs(offering, "Anything else?", "en")[0]).toBe("OPENING");
    expect(paragraphs({ ...offering, focused: true }, "Anything else?", "en", true)[0]).toBe("FOCUS");
    expect(paragraphs(offering, "Can you recast it?", "en", true)[1]).toMatch(/is fixed/);
    // A term asked after is its meaning; asked for a summary in other words, the overview.
    expect(paragraphs(offering, "What does seven killings mean?", "en", true)[0]).toBe(term.text);
    for (const again of ["Can you summarise it?", "Say it again?", "总结一下"]) expect(paragraphs(offering, again, detectLanguage(again), true)[0]).toBe("OPENING");
    // Without notes: the offer and the short closing alone.
    expect(paragraphs({ ...offering, notes: undefined, lastingNotes: undefined }, "Anything else?", "en", true)).toHaveLength(2);
  });

  test("a term explained is the answer: no default overview focus, and no opening in a follow-up", () => {
    expect(paragraphs(e, "What does seven killings mean?", "en")).toEqual(["OPENING", term.text, "CLOSING"]);
    expect(paragraphs(e, "What does seven killings mean?", "en", true)).toEqual([term.text, "CLOSING"]);
    // A question pointed at a part of the Subject keeps that part after the term.
    expect(paragraphs({ ...e, focused: true }, "七杀是什么意思？", "zh")).toEqual(["OPENING", term.zh, "FOCUS", "CLOSING"]);
  });

  test.each(["Can you recast it?", "Could you re-cast this?", "Please change my pillar", "Change the pillars", "能不能重新起卦？"])("%s: the facts are fixed, said after the opening", (input) => {
    const out = paragraphs(e, input, detectLanguage(input));
    expect(out).toHaveLength(4);
    expect(out[1]).toMatch(/is fixed|不能重新计算或修改/);
  });

  test("at most three terms are explained at once, in the glossary's order", () => {
    expect(glossaryAnswers("比肩、劫财、食神、伤官是什么意思？", "zh")).toEqual(GLOSSARY.slice(0, 3).map((g) => g.zh));
  });
});

describe("the local answer", () => {
  const birth = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
  if (!birth.ok) throw new Error("birth");
  const chart = factSheet("bazi", "bzc_1", JSON.parse(JSON.stringify(computeChart(birth.birth))));
  const request = (input: string): InterpretRequest => ({ facts: chart, input, language: detectLanguage(input), script: detectScript(input), topics: [], constraints: [], summary: "", now: Date.parse("2025-06-15T10:00:00Z") });

  test("its paragraphs are separated by a blank line; the model named is the local one", async () => {
    const answer = await new LocalInterpreter().interpret(request("How is my career?"));
    expect(answer.text.split("\n\n")).toHaveLength(explain(request("How is my career?")).length);
    expect(answer.model).toBe("lingshu-local-1");
  });

  test("written Cantonese gets Hong Kong forms, other Traditional input Taiwan forms", () => {
    // The same overview ("the eight characters: water is the most", 八个字里水最多), asked in each.
    expect(explain(request("我嘅八字係點樣？")).join("")).toContain("八個字裏水最多");
    expect(explain(request("我的八字怎麼樣？")).join("")).toContain("八個字裡水最多");
  });
});
