/** Cantonese matter words, read as their Mandarin ones when a question's matters are asked (classifyMatter). */
import { expect, test } from "bun:test";
import { inMandarin } from "../../../src/matter/cantonese.ts";
import { foldText } from "../../../src/text/language.ts";
import { classifyMatter, detectMatterChangeByRules } from "../../../src/matter/matter.ts";

test("each word and its Mandarin; 人工智能 is no pay; every occurrence", () => {
  expect(inMandarin(foldText("我份工穩唔穩，老細對我點，人工會唔會加"))).toBe("我工作稳唔稳,老板对我点,工资会唔会加");
  expect(inMandarin(foldText("拍拖定拖拍"))).toBe("恋爱定恋爱");
  expect(inMandarin(foldText("沟女沟仔"))).toBe("恋爱恋爱");
  expect(inMandarin(foldText("屋企人反對我買樓"))).toBe("家人反对我买房");
  expect(inMandarin(foldText("返工定揾工，打工定劈炮"))).toBe("工作定找工作,工作定辞职");
  expect(inMandarin("搵工搵钱")).toBe("找工作赚钱");
  expect(inMandarin(foldText("幾時搵到工，搵唔搵到錢，搵唔搵到工"))).toBe("几时找工作,赚钱,找工作");
  expect(inMandarin(foldText("揾钱睇病"))).toBe("赚钱看病");
  expect(inMandarin(foldText("會唔會俾人炒，定係炒魷魚"))).toBe("会唔会被裁员,定系被裁员");
  expect(inMandarin(foldText("花紅，賣樓，租樓，供樓，樓價"))).toBe("奖金,卖房,租房,房贷,房价");
  expect(inMandarin(foldText("想生BB，有咗BB"))).toBe("想生孩子,怀孕");
  expect(inMandarin(foldText("買唔買得樓，賣咗樓，租到樓"))).toBe("买房,卖房,租房");
  expect(inMandarin(foldText("人工智能，人工授精，人工受孕"))).toBe("人工智能,人工授精,人工受孕");
});

test("the matters of a question read the Cantonese words; the change-of-matter judgment reads the lexicon alone", () => {
  expect(classifyMatter("我份工會唔會穩定")).toEqual(["career"]);
  expect(classifyMatter("我同佢拍拖會唔會長久")).toEqual(["relationship"]);
  expect(classifyMatter("今年買唔買得樓")).toEqual(["home"]);
  expect(classifyMatter("老細會唔會加我人工")).toEqual(["career", "money"]);
  expect(classifyMatter("今年想生BB")).toEqual(["pregnancy"]);
  expect(classifyMatter("我今年可唔可以揾到工")).toEqual(["career"]);
  // Measured worse with these words in the lexicon (cantonese.ts): the judgment's matters stay the lexicon's.
  expect(detectMatterChangeByRules("我份工會唔會穩定", "好").from).toEqual([]);
});
