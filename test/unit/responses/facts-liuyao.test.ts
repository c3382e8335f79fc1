import { describe, expect, test } from "bun:test";
import { hexagramsText, lineText, liuyaoFacts, type LineFacts } from "../../../src/responses/facts/index.ts";
import type { StoredCast } from "../../../src/responses/facts/liuyao.ts";
import { castReading, type LineStrength } from "../../../src/liuyao/index.ts";
import { json } from "../../helpers/stored-json.ts";

/** A cast as stored: made at noon (UTC+08:00) on `day`, through JSON. */
const stored = (question: string, lines: number[], day: string): StoredCast =>
  json(castReading({ question, method: "manual_lines", lines, castAt: new Date(`${day}T12:00:00+08:00`) }));
const usefulGodLine = (cast: StoredCast) => liuyaoFacts("lyc_t", cast).lines.find((l) => l.startsWith("Useful god"));

// 雷火丰 (坎 palace, water; 五世: world 5, response 2), lines 3 and 5 moving into 泽雷随 (17).
// 2026-03-22 is 乙未 in the 辛卯 month; the 甲午 decade leaves 辰巳 void.
const FENG = stored("这次换工作顺利吗？", [7, 8, 9, 7, 6, 8], "2026-03-22");
// 乾为天, no line moving, a question naming no matter.
const QIAN = stored("帮我算一卦", [7, 7, 7, 7, 7, 7], "2025-06-18");

describe("the LiuYao fact sheet", () => {
  const sheet = liuyaoFacts("lyc_feng", FENG);

  test("names the subject, the question, the day with its void, and the primary hexagram", () => {
    expect(sheet.lines[0]).toBe("Subject: LiuYao cast lyc_feng");
    expect(sheet.lines[1]).toBe("Question (the one matter of this cast): 这次换工作顺利吗？");
    expect(sheet.lines[2]).toBe("Cast at 2026-03-22T12:00:00+08:00: month 辛卯, day 乙未, void (旬空) 辰巳");
    expect(sheet.lines[3]).toBe("Primary hexagram: 雷火丰 (King Wen 55), palace 坎 (水), 五世, world line 5, response line 2");
    expect(sheet.data.void).toEqual(["辰", "巳"]);
    expect(sheet.headline).toBe("这次换工作顺利吗？");
  });

  test("lists the six lines bottom to top, then the moving lines, the changed hexagram and each transform", () => {
    // 卦身: the world line (5) is yin, so count from 午 at line 1 up to line 5: 午 未 申 酉 戌; 戌 is line 6's branch.
    expect(sheet.lines[4]).toBe("卦身 (the hexagram's body): 戌, on line 6");
    expect(sheet.lines[5]).toBe("Lines, bottom (1) to top (6):");
    expect(sheet.lines.slice(6, 12).map((l) => l.slice(0, 7))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `line ${n}:`));
    // 丑 on the 未 day: clashed (丑未冲), earth like the day (比), dead in the wood month: 日破.
    expect(sheet.lines[7]).toBe("line 2: yin 8, 己丑 土, 官鬼, 朱雀, 应, day clash (日冲), month 死, day 比 (冲), 日破");
    expect(sheet.lines[12]).toBe("Moving lines: 3, 5");
    expect(sheet.lines[13]).toBe("Changed hexagram: 泽雷随 (King Wen 17)");
    // 兑 over 震 takes 丁 above, 庚 below: line 3 becomes 庚辰 (earth: 官鬼 of the water palace), line 5 丁酉 (metal: 父母).
    expect(sheet.lines[14]).toBe("Changed lines (六亲 from the primary palace): line 3 庚辰 土 官鬼; line 5 丁酉 金 父母");
    // 亥→辰: earth controls water, 回头克; 申→酉: 化进神, metal to metal 比和.
    expect(sheet.lines[15]).toBe("Transform of line 3: 亥→辰 (水→土) 回头克");
    expect(sheet.lines[16]).toBe("Transform of line 5: 申→酉 (金→金) 化进神 比和");
    expect(hexagramsText(sheet.data)).toBe("雷火丰 → 泽雷随");
  });

  test("names the useful god with its helpers, then the related hexagrams", () => {
    // Work is 官鬼 (土: lines 2, 6); fire (妻财) generates earth, wood (子孙) controls it, water (兄弟) controls fire.
    expect(sheet.lines[17]).toBe("Useful god (用神): 官鬼 on line 2, 6 (the matter: career); 原神 妻财 on line 4, 忌神 子孙 on line 1, 仇神 兄弟 on line 3");
    // 101 100 (bottom first): 互 from lines 2-4 and 3-5 is 巽 under 兑; 错 inverts every line; 综 reads them top down.
    expect(sheet.lines[18]).toBe("Nuclear (互) 泽风大过, opposite (错) 风水涣, inverse (综) 火山旅");
    expect(sheet.data.related).toEqual({ hu: "泽风大过", cuo: "风水涣", zong: "火山旅" });
  });

  test("a still cast says so, and has no changed hexagram", () => {
    const still = liuyaoFacts("lyc_qian", QIAN);
    expect(still.lines).toContain("Moving lines: none");
    expect(still.lines).toContain("Changed hexagram: none (no moving line)");
    expect(still.lines.some((l) => l.startsWith("Changed lines"))).toBe(false);
    expect(still.lines.some((l) => l.startsWith("Transform"))).toBe(false);
    expect(hexagramsText(still.data)).toBe("乾为天");
  });

  test("六冲 and 六合 hexagrams are named, primary and changed; a cast stored before 卦身 has no such line", () => {
    // 乾为天: lines 1–4, 2–5, 3–6 are 子午, 寅申, 辰戌, all clashes. 天地否: 坤 below (未 巳 卯), 乾 above (午 申 戌): 未午, 巳申, 卯戌 all combine.
    expect(liuyaoFacts("lyc_qian", QIAN).lines[3]).toBe("Primary hexagram: 乾为天 (King Wen 1), palace 乾 (金), 本宫, world line 6, response line 3, 六冲卦 (its inner and outer branches clash)");
    const pi = liuyaoFacts("lyc_pi", stored("帮我算一卦", [8, 8, 6, 7, 7, 7], "2025-06-18"));
    expect(pi.lines[3]).toEndWith(", 六合卦 (its inner and outer branches combine)");
    expect(pi.lines).toContain("Changed hexagram: 天山遁 (King Wen 33)");
    const old = json(FENG);
    delete old.primary.gua_shen;
    // The same sheet less the 卦身 line, nothing else.
    expect(liuyaoFacts("lyc_feng", old).lines).toEqual(sheet.lines.filter((l) => !l.startsWith("卦身")));
    const body = (positions: number[]) => liuyaoFacts("lyc_body", { ...FENG, primary: { ...FENG.primary, gua_shen: { branch: "戌", positions } } } as StoredCast).lines[4];
    expect(body([])).toBe("卦身 (the hexagram's body): 戌, on no line");
    expect(body([2, 6])).toBe("卦身 (the hexagram's body): 戌, on line 2, 6");
    // No moving line: no changed-lines line, and no other line added.
    const still = liuyaoFacts("lyc_qian", QIAN).lines;
    // 乾为天's world line 6 is yang: 子 at line 1 … 巳 at line 6, a branch none of its lines (子寅辰午申戌) has.
    expect(still.filter((l) => !l.startsWith("line ")).slice(4)).toEqual(["卦身 (the hexagram's body): 巳, on no line", "Lines, bottom (1) to top (6):", "Moving lines: none", "Changed hexagram: none (no moving line)", "Useful god (用神): none chosen (NO_MATTER): The question names no matter and no person, so no useful god is chosen; ask about one matter (work, money, an exam, a relationship, health…).", "Nuclear (互) 乾为天, opposite (错) 坤为地, inverse (综) 乾为天"]);
  });

  test("the hidden spirits are listed, and a useful god among them says where it lies", () => {
    // 天风姤 (乾 palace) has no 妻财 line: 甲寅 妻财 of 乾为天 lies under line 2.
    const wallet = stored("钱包丢了能找回来吗", [8, 7, 7, 7, 7, 7], "2025-06-18");
    const lines = liuyaoFacts("lyc_wallet", wallet).lines;
    expect(lines).toContain("Hidden spirit (伏神): 妻财 甲寅 木 under line 2");
    expect(usefulGodLine(wallet)).toStartWith("Useful god (用神): 妻财 on no line, hidden (伏神) 甲寅 under line 2 (the matter: lost_item); 原神 子孙 on line 2,");
  });

  test("a transform stored without tags ends at its elements", () => {
    const bare = json(FENG);
    bare.changed.transforms[0].tags = [];
    expect(liuyaoFacts("lyc_bare", bare).lines).toContain("Transform of line 3: 亥→辰 (水→土)");
  });
});

describe("why the useful god was chosen", () => {
  test.each([
    // One's own health is read from the world line itself (乾为天: line 6, 父母).
    ["我的身体能好吗？", "父母 on line 6 (the asker's own matter: the world line)"],
    ["我老公的工作怎么样？", "官鬼 on line 4 (whose matter: husband)"],
    ["我和老公的感情怎么样？", "官鬼 on line 4 (whose matter: the person named)"],
    // Work and a lawsuit are both 官鬼, so no single matter is recorded.
    ["工作和官司能顺利吗？", "官鬼 on line 4 (the matter: —)"],
    ["这次换工作顺利吗？", "官鬼 on line 4 (the matter: career)"],
    // An animal is read from 子孙 (乾为天: line 1), whatever the matter.
    ["我的猫走丢了能找回来吗？", "子孙 on line 1 (an animal's matter (lost_item): 子孙)"],
    ["要不要养一只猫？", "子孙 on line 1 (an animal's matter (—): 子孙)"],
  ])("%s", (question, expected) => {
    expect(usefulGodLine(stored(question, [7, 7, 7, 7, 7, 7], "2025-06-18"))).toStartWith(`Useful god (用神): ${expected}; 原神 `);
  });

  test("no useful god: the stored reason is given", () => {
    expect(usefulGodLine(QIAN)).toStartWith("Useful god (用神): none chosen (NO_MATTER): The question names no matter and no person");
    const reasonless = { ...QIAN, useful_god_reason: undefined };
    expect(usefulGodLine(reasonless)).toStartWith("Useful god (用神): none chosen");
    expect(liuyaoFacts("lyc_t", reasonless).data.usefulGodReason).toBeNull();
  });

  test("a cast stored before the useful god existed gives the same sheet without that line", () => {
    const { useful_god: _g, useful_god_reason: _r, ...old } = FENG as StoredCast & Record<string, unknown>;
    const before = liuyaoFacts("lyc_feng", old);
    expect(before.data.usefulGod).toBeUndefined();
    expect(before.data.usefulGodReason).toBeUndefined();
    expect(before.lines).toEqual(liuyaoFacts("lyc_feng", FENG).lines.filter((l) => !l.startsWith("Useful god")));
  });
});

describe("one line of the sheet", () => {
  const line = (over: Partial<LineFacts>): LineFacts => ({
    position: 2, value: 8, yang: false, moving: false, ganzhi: "己丑", element: "土", relative: "官鬼", spirit: "朱雀",
    mark: null, void: false, monthBreak: false, dayClash: false, ...over,
  });
  const strength = (over: Partial<LineStrength>): LineStrength => ({
    month: "休", day: "生", day_branch: null, day_break: false, hidden_moving: false, effective_void: false, tomb: null, ...over,
  });

  test.each([
    ["at rest", line({}), "line 2: yin 8, 己丑 土, 官鬼, 朱雀"],
    ["the response line, void", line({ mark: "应", void: true }), "line 2: yin 8, 己丑 土, 官鬼, 朱雀, 应, void (旬空)"],
    // 动不为空: a moving line is not void in effect.
    ["moving and void", line({ value: 9, yang: true, moving: true, void: true, mark: "世" }), "line 2: yang 9, 己丑 土, 官鬼, 朱雀, 世, moving, void but moving, so not void in effect (动不为空)"],
    // 冲空则实: the day's clash makes a void line real.
    ["void and clashed by the day", line({ void: true, dayClash: true }), "line 2: yin 8, 己丑 土, 官鬼, 朱雀, void but clashed by the day, so real (冲空则实), day clash (日冲)"],
    ["broken by the month", line({ monthBreak: true }), "line 2: yin 8, 己丑 土, 官鬼, 朱雀, month break (月破)"],
  ])("%s", (_label, l, expected) => {
    expect(lineText(l)).toBe(expected);
  });

  test.each([
    // Still, clashed by the day and weak in the month: 日破.
    ["broken by the day", strength({ month: "死", day: "比", day_branch: "冲", day_break: true }), "month 死, day 比 (冲), 日破"],
    // Still, clashed by the day and strong in the month: 暗动.
    ["stirred in secret", strength({ month: "旺", day: "比", day_branch: "冲", hidden_moving: true }), "month 旺, day 比 (冲), 暗动"],
    ["void in effect and entombed", strength({ effective_void: true, tomb: "month" }), "month 休, day 生, void in effect, 入墓 (month)"],
    ["combined by the day", strength({ day: "泄", day_branch: "合" }), "month 休, day 泄 (合)"],
  ])("its strength: %s", (_label, s, expected) => {
    expect(lineText(line({ strength: s }))).toBe(`line 2: yin 8, 己丑 土, 官鬼, 朱雀, ${expected}`);
  });
});
