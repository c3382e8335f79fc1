/** Cantonese matter words, read as their Mandarin ones before the lexicon is asked (local answers only). */
import { expect, test } from "bun:test";
import { inMandarin } from "../../../src/responses/local/cantonese.ts";
import { foldText } from "../../../src/text/language.ts";
import { classifyMatter } from "../../../src/matter/matter.ts";

test("each word and its Mandarin; 人工智能 is no pay; every occurrence", () => {
  expect(inMandarin(foldText("我份工穩唔穩，老細對我點，人工會唔會加"))).toBe("我工作稳唔稳,老板对我点,工资会唔会加");
  expect(inMandarin(foldText("拍拖定拖拍"))).toBe("恋爱定恋爱");
  expect(inMandarin(foldText("沟女沟仔"))).toBe("恋爱恋爱");
  expect(inMandarin(foldText("屋企人反對我買樓"))).toBe("家人反对我买房");
  expect(inMandarin(foldText("返工定揾工"))).toBe("工作定找工作");
  expect(inMandarin("搵工搵钱")).toBe("找工作赚钱");
  expect(inMandarin(foldText("幾時搵到工，搵唔搵到錢"))).toBe("几时找到工作,揾唔赚钱");
  expect(inMandarin(foldText("揾钱睇病"))).toBe("赚钱看病");
  expect(inMandarin("買樓")).toBe("买房");
  expect(inMandarin(foldText("人工智能"))).toBe("人工智能");
  // The lexicon then finds the matters it lacked the words for.
  expect(classifyMatter(foldText("我份工會唔會穩定"))).toEqual([]);
  expect(classifyMatter(inMandarin(foldText("我份工會唔會穩定")))).toEqual(["career"]);
});
