/**
 * The useful god (用神) and its 原神 / 忌神 / 仇神, against the classical statements written out
 * here (《增删卜易》·用神章, 《卜筮正宗》), and through real casts for hand-checked hexagrams.
 */
import { describe, expect, test } from "bun:test";
import { castReading } from "../../../src/liuyao/index.ts";
import { usefulGod } from "../../../src/liuyao/useful-god.ts";

/** 《卜筮正宗》: 用神之外，生用神者为原神，克用神者为忌神，克原神者为仇神 — the five written out. */
const CLASSICAL_GODS = [
  { useful: "父母", yuan: "官鬼", ji: "妻财", chou: "子孙" },
  { useful: "官鬼", yuan: "妻财", ji: "子孙", chou: "兄弟" },
  { useful: "妻财", yuan: "子孙", ji: "兄弟", chou: "父母" },
  { useful: "子孙", yuan: "兄弟", ji: "父母", chou: "官鬼" },
  { useful: "兄弟", yuan: "父母", ji: "官鬼", chou: "妻财" },
] as const;

/** 天风姤 (乾宫一世): 辛丑土父母 辛亥水子孙 辛酉金兄弟 壬午火官鬼 壬申金兄弟 壬戌土父母, bottom first; no 妻财 line. */
const GOU = [8, 7, 7, 7, 7, 7];
const castOf = (question: string, lines = GOU) => castReading({ question, method: "manual_lines", lines, castAt: new Date("2025-06-24T12:00:00+08:00") });

describe("原神, 忌神, 仇神", () => {
  test.each(CLASSICAL_GODS)("用神 $useful: 原神 $yuan, 忌神 $ji, 仇神 $chou", ({ useful, yuan, ji, chou }) => {
    const frame = { matters: [], owner: null, named: [] } as const;
    const tie = { 父母: "parent", 子孙: "child", 兄弟: "peer", 官鬼: "husband", 妻财: "wife" } as const;
    const g = usefulGod(castOf("").primary, { ...frame, owner: tie[useful] }).useful_god!;
    expect([g.relative, g.yuan_shen.relative, g.ji_shen.relative, g.chou_shen.relative]).toEqual([useful, yuan, ji, chou]);
  });
});

describe("chosen from the matter and whose it is (天风姤)", () => {
  test.each([
    // question, relative, basis, lines
    ["老板会给我升职吗", "官鬼", "matter", [4]], // 求官看官鬼
    ["这场官司能赢吗", "官鬼", "matter", [4]],
    ["今年财运如何", "妻财", "matter", []], // 求财看妻财 — absent here: the hidden spirit carries it
    ["我儿子今年高考能考上吗", "子孙", "person", [2]], // 占子女之事以子孙为用神
    ["我妈的病能好吗", "父母", "person", [1, 6]], // 占父母之病以父母为用神
    ["我和男朋友能结婚吗", "官鬼", "person", [4]], // 女占夫以官鬼为用神
    ["Will my wife's visa be approved?", "妻财", "person", []], // 男占妻以妻财为用神
    ["我朋友的生意能成吗", "兄弟", "person", [3, 5]],
    ["我老婆这次能怀上吗", "子孙", "matter", [2]], // 占孕看子孙, whoever asks
    ["我最近身体不好，会好转吗", "父母", "self", [1]], // 自占身体以世爻为用神: the world line is line 1
    ["这次面试能通过吗？", "官鬼", "matter", [4]], // 占功名以官鬼为用神: an interview is career and study, the post decides
    ["今年考公能上岸吗", "官鬼", "matter", [4]],
    ["这次期末考试能及格吗", "父母", "matter", [1, 6]], // a plain exam: 父母 (文书)
    ["房租明年会涨吗", "妻财", "matter", []], // rent is money in the setting of a home: 求财看妻财, not the house (父母)
    ["买房能顺利吗", "父母", "matter", [1, 6]], // the house itself
    ["我的猫走丢了，能找回来吗", "子孙", "animal", [2]], // 六畜禽鸟以子孙为用神: a lost cat is not a lost wallet
    ["我家狗狗生病了，能好吗", "子孙", "animal", [2]], // an animal's illness too: not the asker's world line
    ["Will I find my lost dog?", "子孙", "animal", [2]],
    ["我妈养的鹦鹉飞走了还能回来吗", "子孙", "animal", [2]], // the animal, whoever keeps it
    ["被狗咬了，身体会不会有问题", "父母", "self", [1]], // the asker's own health: the dog only bit
  ] as const)("%s → %s (%s) on lines %p", (question, relative, basis, lines) => {
    const g = castOf(question).useful_god!;
    expect({ relative: g.relative, basis: g.basis, lines: g.lines }).toEqual({ relative, basis, lines: [...lines] });
  });

  test("an animal's matter keeps the matter it was read as, or none", () => {
    expect(castOf("我的猫走丢了，能找回来吗").useful_god).toMatchObject({ relative: "子孙", basis: "animal", matter: "lost_item" });
    expect(castOf("要不要养一只猫").useful_god).toMatchObject({ relative: "子孙", basis: "animal", matter: null });
  });

  test("absent from the lines, it is the hidden spirit: 姤's 妻财 is 甲寅 under the second line's 亥 (from 乾为天)", () => {
    const g = castOf("钱包丢了能找回来吗").useful_god!;
    expect(g.lines).toEqual([]);
    expect(g.hidden).toMatchObject({ position: 2, relative: "妻财", stem: "甲", branch: "寅", fei_branch: "亥", fei_relative: "子孙" });
    expect(g.yuan_shen).toEqual({ relative: "子孙", lines: [2] });
    expect(g.ji_shen).toEqual({ relative: "兄弟", lines: [3, 5] });
    expect(g.chou_shen).toEqual({ relative: "父母", lines: [1, 6] });
    expect(castOf("老板会给我升职吗").useful_god!.hidden).toBeNull();
  });

  test.each([
    ["帮我算一卦", "NO_MATTER"],
    ["我的姻缘怎么样", "PARTNER_UNKNOWN"],
    ["工作和感情哪个先有结果", "SEVERAL_MATTERS"],
    ["家人的事情会好吗", "FAMILY_MEMBER_UNKNOWN"],
  ] as const)("%s → no useful god (%s), with a reason", (question, code) => {
    const r = castOf(question);
    expect(r.useful_god).toBeNull();
    expect(r.useful_god_reason?.code).toBe(code);
    expect(r.useful_god_reason?.message.length).toBeGreaterThan(20);
  });
});

describe("chosen from the question's frame (matters, owner, ties named)", () => {
  type Frame = Parameters<typeof usefulGod>[1];
  const frame = (matters: Frame["matters"], named: Frame["named"] = [], owner: Frame["owner"] = null): Frame => ({ matters, owner, named });
  const gou = castOf("").primary;
  /** 天山遁 (乾宫二世, world on line 2): 丙辰父母 丙午官鬼 丙申兄弟 / 壬午官鬼 壬申兄弟 壬戌父母; lacks 子孙 (甲子 under line 1) and 妻财 (甲寅 under line 2). */
  const dun = castOf("", [8, 8, 7, 7, 7, 7]).primary;
  const pick = (f: Frame, cast = gou) => {
    const g = usefulGod(cast, f).useful_god;
    return g && { relative: g.relative, basis: g.basis, matter: g.matter, lines: g.lines };
  };
  const code = (f: Frame) => usefulGod(gou, f).reason?.code;

  test("a home is read from 父母; a journey from the world line", () => {
    expect(pick(frame(["home"]))).toEqual({ relative: "父母", basis: "matter", matter: "home", lines: [1, 6] });
    expect(pick(frame(["travel"]))).toEqual({ relative: "父母", basis: "self", matter: "travel", lines: [1] });
  });

  test("the world line is the hexagram's own: 遁's world is line 2, 丙午 官鬼", () => {
    expect(pick(frame(["health"]), dun)).toEqual({ relative: "官鬼", basis: "self", matter: "health", lines: [2] });
  });

  test("the hidden spirit is the useful god's own: 遁's 妻财 is 甲寅 under line 2, not the 子孙 under line 1", () => {
    expect(usefulGod(dun, frame(["money"])).useful_god!.hidden).toMatchObject({ position: 2, relative: "妻财", branch: "寅", fei_branch: "午" });
  });

  test("a home and money together read as money, and only when they are the only two matters", () => {
    expect(pick(frame(["home", "money"]))).toMatchObject({ relative: "妻财", basis: "matter", matter: "money" });
    expect(code(frame(["home", "money", "career"]))).toBe("SEVERAL_MATTERS");
  });

  test("a home and a lawsuit together read as the lawsuit (官鬼), and only when they are the only two matters", () => {
    expect(pick(frame(["home", "lawsuit"]))).toMatchObject({ relative: "官鬼", basis: "matter", matter: "lawsuit" });
    expect(code(frame(["home", "lawsuit", "money"]))).toBe("SEVERAL_MATTERS");
    expect(castOf("Will I win the lawsuit against my landlord?").useful_god).toMatchObject({ relative: "官鬼", matter: "lawsuit" });
    expect(castOf("跟房东打官司能赢吗").useful_god).toMatchObject({ relative: "官鬼", matter: "lawsuit" });
  });

  test("a mother's surgery asked with 我妈妈 is the mother's, read from 父母, as with 我妈", () => {
    expect(castOf("我妈妈的手术会顺利吗").useful_god).toMatchObject({ relative: "父母", basis: "person", matter: "health", owner: "parent" });
    expect(castOf("我妈妈的手术会顺利吗").useful_god).toEqual(castOf("我妈的手术会顺利吗").useful_god);
  });

  test("a question asked in Cantonese words has its matter: a job, a flat, dating a boyfriend", () => {
    expect(castOf("我份工保唔保得住").useful_god).toMatchObject({ relative: "官鬼", basis: "matter", matter: "career" });
    expect(castOf("今年買唔買得樓").useful_god).toMatchObject({ relative: "父母", basis: "matter", matter: "home" });
    expect(castOf("我同男朋友拍拖會唔會長久").useful_god).toMatchObject({ relative: "官鬼", basis: "person", matter: "relationship" });
    expect(castOf("我份工保唔保得住").useful_god).toEqual(castOf("我的工作保得住吗").useful_god);
  });

  test("career and study together read as career only when they are the only two matters", () => {
    expect(code(frame(["study", "money"]))).toBe("SEVERAL_MATTERS");
    expect(code(frame(["career", "study", "money"]))).toBe("SEVERAL_MATTERS");
  });

  test("several matters: the reason lists them", () => {
    expect(usefulGod(gou, frame(["career", "money"])).reason?.message).toContain("(career, money)");
  });

  test("the matter is reported only when there is exactly one", () => {
    expect(pick(frame(["money"]))).toMatchObject({ relative: "妻财", matter: "money" });
    // 官司 and 升职 are both 官鬼: one useful god, but no single matter.
    expect(pick(frame(["career", "lawsuit"]))).toEqual({ relative: "官鬼", basis: "matter", matter: null, lines: [4] });
  });

  test("another person's matter: their tie, with the matter only when there is one", () => {
    expect(pick(frame(["health"], [], "parent"))).toEqual({ relative: "父母", basis: "person", matter: "health", lines: [1, 6] });
    expect(pick(frame(["money", "health"], [], "parent"))?.matter).toBeNull();
    expect(pick(frame([], [], "child"))).toEqual({ relative: "子孙", basis: "person", matter: null, lines: [2] });
  });

  test("a relationship is read from the one partner named, whoever else is named", () => {
    expect(pick(frame(["relationship"], ["wife"]))).toEqual({ relative: "妻财", basis: "person", matter: "relationship", lines: [] });
    expect(pick(frame(["relationship"], ["parent", "wife"]))).toMatchObject({ relative: "妻财", basis: "person" });
    expect(code(frame(["relationship"], ["husband", "wife"]))).toBe("PARTNER_UNKNOWN");
  });

  test("a family matter is read from the one member named; two members leave it open", () => {
    expect(pick(frame(["family"], ["parent"]))).toEqual({ relative: "父母", basis: "person", matter: "family", lines: [1, 6] });
    expect(code(frame(["family"], ["parent", "child"]))).toBe("FAMILY_MEMBER_UNKNOWN");
  });

  test("a tie named beside the asker's own career does not replace 官鬼", () => {
    expect(pick(frame(["career"], ["wife"]))).toEqual({ relative: "官鬼", basis: "matter", matter: "career", lines: [4] });
    expect(pick(frame(["career"], ["parent"]))).toEqual({ relative: "官鬼", basis: "matter", matter: "career", lines: [4] });
  });

  test("when one of the matters is read from a named tie, the basis is the person", () => {
    // A relationship with the husband named and a career: both 官鬼, chosen for the husband.
    expect(pick(frame(["relationship", "career"], ["husband"]))).toEqual({ relative: "官鬼", basis: "person", matter: null, lines: [4] });
  });
});
