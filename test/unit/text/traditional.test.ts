/**
 * The Traditional → Simplified table is OpenCC's, as scripts/generate-traditional.ts derives it
 * from the installed opencc-js (rerun `npm run generate:traditional` after upgrading it), and
 * folding through it agrees with OpenCC's own converter on characters.
 */
import { describe, expect, test } from "bun:test";
import * as OpenCC from "opencc-js";
import { derivePairs, tableSource } from "../../../scripts/generate-traditional.ts";
import { TRADITIONAL_PAIRS } from "../../../src/text/traditional-chars.ts";
import { detectScript, foldText, toSimplified } from "../../../src/text/language.ts";
import { SAFETY_SETS, loadSafetySet } from "../../helpers/safety-sets.ts";

describe("the Traditional → Simplified table", () => {
  test("is the one the script derives from opencc-js", async () => {
    const committed = await Bun.file(new URL("../../../src/text/traditional-chars.ts", import.meta.url)).text();
    expect(committed).toBe(tableSource(derivePairs()));
    expect([...TRADITIONAL_PAIRS].length).toBeGreaterThan(5000);
  });

  test("folds Taiwan and Hong Kong text as OpenCC does, character by character", () => {
    const hk = OpenCC.Converter({ from: "hk", to: "cn" });
    const tw = OpenCC.Converter({ from: "tw", to: "cn" });
    for (const text of ["我被關在房間裡，他拿走了我的手機", "婆婆和老公聯合起來打我，身上都是瘀青", "有時真係覺得死咗仲好，唔使再捱", "練完氣功胸口好痛，喘不過氣"]) {
      expect(toSimplified(text)).toBe(hk(text));
      expect(toSimplified(text)).toBe(tw(text));
    }
  });

  test("keeps 乾 (the trigram) and Simplified text as written", () => {
    expect(toSimplified("乾为天")).toBe("乾为天");
    expect(toSimplified("什么意思")).toBe("什么意思");
  });

  test("script detection", () => {
    expect(detectScript("我覺得好累")).toBe("zh-Hant");
    expect(detectScript("我觉得好累")).toBe("zh-Hans");
    expect(detectScript("我而家喺天台，唔想再落去")).toBe("zh-Hant");
    expect(detectScript("I feel tired")).toBe("en");
    // Characters the same in both scripts decide nothing: the caller's script (a conversation's) holds.
    expect(detectScript("那2027年呢？")).toBe("zh-Hans");
    expect(detectScript("那2027年呢？", "zh-Hant")).toBe("zh-Hant");
    expect(detectScript("世爻在哪一爻？", "zh-Hant")).toBe("zh-Hant");
    expect(detectScript("我覺得好累", "zh-Hans")).toBe("zh-Hant");
    expect(detectScript("我觉得好累", "zh-Hant")).toBe("zh-Hans");
  });
});

describe("foldText", () => {
  /** The definition: NFKC, lower case, curly apostrophes straightened, Traditional simplified. */
  const reference = (text: string) => toSimplified(text.normalize("NFKC").toLowerCase().replace(/[\u2018\u2019\u02bc]/g, "'"));

  test("its one-pass path for CJK, ASCII and full-width text gives what the definition gives", () => {
    const texts = [
      ...SAFETY_SETS.flatMap((name) => loadSafetySet(name).map((m) => m.text)),
      "ＡＢＣ１２３，ｋｉｌｌ　ｍｙｓｅｌｆ！", "我好累…真的", "豈有此理", "①②③ ﬁne", "café", "“Don’t” 「說」《書》【注】、。", "Ｉ’ｍ 15", "e\u0301", "𠝹手",
    ];
    expect(texts.filter((text) => foldText(text) !== reference(text))).toEqual([]);
  });
});
