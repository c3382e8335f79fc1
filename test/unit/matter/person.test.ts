import { describe, expect, test } from "bun:test";
import { whose } from "../../../src/matter/person.ts";

describe("whose matter a question is about", () => {
  test.each([
    ["我妈的病能好吗", "parent"],
    ["我爸能不能康复", "parent"],
    ["my mother's surgery next week, will it go well?", "parent"],
    ["我儿子今年高考能考上吗", "child"],
    ["Will my son pass his exam?", "child"],
    ["我個仔今年考DSE得唔得", "child"], // Traditional and Cantonese, folded
    ["我朋友的生意能成吗", "peer"],
    ["老公工作顺利吗", "husband"],
    ["男朋友的工作稳定吗", "husband"], // 男朋友, not 朋友
    ["Will my boyfriend propose?", "husband"],
    ["女朋友的签证能批吗", "wife"],
    // 我妈妈, not 我妈 then 妈的: the doubled word with 我 before it owns the matter as the short one does.
    ["我妈妈的手术会顺利吗", "parent"],
    ["我媽媽的手術會順利嗎", "parent"],
    ["我爸爸的病能好吗", "parent"],
    ["我哥哥的工作怎么样", "peer"],
    ["我姐姐能考上吗", "peer"],
    ["我弟弟的婚事顺利吗", "peer"],
    ["我妹妹会怀孕吗", "peer"],
  ] as const)("%s → %s owns it", (text, owner) => {
    expect(whose(text).owner).toBe(owner);
  });

  test.each([
    ["老板会给我升职吗", []], // a participant in the asker's own matter
    ["这次面试能通过吗", []],
    ["他妈的工作又黄了", []], // an expletive, not a mother
    ["我和男朋友能结婚吗", ["husband"]], // the partner in the asker's own relationship
    ["I argued with my mother, will we make up?", ["parent"]],
    ["我想和老婆离婚，能离成吗", ["wife"]],
    ["我和我妈妈的关系能好转吗", ["parent"]],
  ] as const)("%s → the asker's own (named: %p)", (text, named) => {
    expect(whose(text)).toEqual({ owner: null, named: [...named] });
  });
});
