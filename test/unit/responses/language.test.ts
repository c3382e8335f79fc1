import { describe, expect, test } from "bun:test";
import { detectLanguage, foldText, toSimplified } from "../../../src/text/language.ts";

describe("detectLanguage", () => {
  test.each([
    ["我的工作什么时候会好转？", "zh"],
    ["我能拿到这个offer吗", "zh"],
    ["我們會離婚嗎", "zh"],
    ["What should I do next?", "en"],
    ["What does 初九 mean in my reading?", "en"],
    ["", "en"],
    ["???", "en"],
    ["12345", "en"],
    ["好", "zh"],
  ] as const)("%p → %s", (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });
});

describe("text folding", () => {
  test("simplifies the traditional characters the lexicons need", () => {
    expect(toSimplified("活著沒意思，想殺了他")).toBe("活着没意思，想杀了他");
  });

  test("keeps 乾 (the trigram is written so in simplified text too)", () => {
    expect(toSimplified("乾为天")).toBe("乾为天");
  });

  test("NFKC, lower case, straight apostrophes", () => {
    expect(foldText("ＩＴ’S My JOB")).toBe("it's my job");
  });
});
