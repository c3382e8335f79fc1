/**
 * 格局 by the month's command and 财库 (structure.ts), each case worked by hand from the month
 * branch's hidden stems (本气 first) and the stems that show; the storehouses from the rhyme
 * 水土库辰、木库未、火库戌、金库丑 with earth at 戌 under this engine's growth stages (戊 with 丙).
 */
import { describe, expect, test } from "bun:test";
import { monthStructure, storehouseOf, wealthStorehouse } from "../../../src/bazi/structure.ts";
import { BRANCHES, STEMS } from "../../../src/bazi/tables.ts";

/** Four pillars as "乙丑 丙戌 丙午 己亥" → stem and branch indices. */
function pillars(text: string) {
  const each = text.split(" ");
  return { stems: each.map((p) => STEMS.indexOf(p[0] as never)), branches: each.map((p) => BRANCHES.indexOf(p[1] as never)) };
}
const structure = (text: string) => {
  const { stems, branches } = pillars(text);
  const s = monthStructure(stems, branches);
  return { ...s, stem: s.stem === null ? null : STEMS[s.stem] };
};

describe("格局 by the month's command", () => {
  test("nothing of 戌 (戊辛丁) shows for a 丙 day: its main qi 戊 is 食神", () => {
    expect(structure("乙丑 丙戌 丙午 己亥")).toEqual({ name: "食神格", basis: "main_qi", stem: "戊", tenGod: "食神", shownOn: null });
  });

  test("the month branch that is the day stem's 禄 is 建禄格, whatever shows", () => {
    expect(structure("甲子 丙寅 甲午 丙寅")).toMatchObject({ name: "建禄格", basis: "lu", stem: null });
    // 戊禄在巳, although 巳's main qi 丙 is 偏印 to 戊.
    expect(structure("辛未 癸巳 戊子 丙辰")).toMatchObject({ name: "建禄格", basis: "lu" });
  });

  test("a yang stem's 羊刃 in the month is 羊刃格; a yin stem has none", () => {
    expect(structure("丙寅 甲午 丙子 戊子")).toMatchObject({ name: "羊刃格", basis: "blade" });
    expect(structure("庚午 乙酉 庚辰 壬午")).toMatchObject({ name: "羊刃格", basis: "blade" });
    // 丁 in 巳: no 刃 for a yin stem; 巳's 丙 is 劫财, its 庚 and 戊 do not show, so 月劫格.
    expect(structure("乙亥 辛巳 丁卯 癸卯")).toMatchObject({ name: "月劫格", basis: "main_qi", stem: "丙", tenGod: "劫财" });
  });

  test("a hidden stem that shows names it, main qi before middle before residual", () => {
    // 甲 in 辰 (戊乙癸): 癸 on the hour stem is 正印; 戊 on the year stem would come first, 偏财.
    expect(structure("丙寅 壬辰 甲子 癸酉")).toMatchObject({ name: "正印格", basis: "revealed", stem: "癸", tenGod: "正印", shownOn: 3 });
    expect(structure("戊戌 丙辰 甲子 癸酉")).toMatchObject({ name: "偏财格", basis: "revealed", stem: "戊", shownOn: 0 });
    // The month stem itself counts: 丙 from 寅 (甲丙戊) on the month stem for a 庚 day is 七杀.
    expect(structure("辛丑 丙寅 庚辰 丁亥")).toMatchObject({ name: "七杀格", basis: "revealed", stem: "丙", shownOn: 1 });
  });

  test("the day master's own element that shows names nothing: the next stem that shows does", () => {
    // 乙 in 寅: 甲 on the year stem is 劫财 and passed over; 丙 on the month stem is 伤官.
    expect(structure("甲午 丙寅 乙未 丙子")).toMatchObject({ name: "伤官格", basis: "revealed", stem: "丙", shownOn: 1 });
  });

  test("the day stem does not count as showing", () => {
    // 甲 day in 酉 (辛 alone, 正官): nothing but the day stem, so the main qi.
    expect(structure("丙寅 丁酉 甲子 甲子")).toMatchObject({ name: "正官格", basis: "main_qi", stem: "辛", tenGod: "正官" });
  });

  test("a 比肩 main qi that is not the 禄, with nothing else showing, makes none of the eight", () => {
    // 戊 in 辰 (戊乙癸): 乙 and 癸 do not show.
    expect(structure("丙寅 壬辰 戊午 戊午")).toEqual({ name: null, basis: "main_qi", stem: "戊", tenGod: "比肩", shownOn: null });
  });
});

describe("财库", () => {
  test("each element's storehouse: water 辰, wood 未, fire 戌, metal 丑, earth 戌", () => {
    const expected = { wood: "未", fire: "戌", earth: "戌", metal: "丑", water: "辰" };
    Object.values(expected).forEach((b, element) => expect(BRANCHES[storehouseOf(element)]).toBe(b as never));
  });

  test("the wealth storehouse is the storehouse of what the day stem controls", () => {
    const expected = { 甲: "戌", 乙: "戌", 丙: "丑", 丁: "丑", 戊: "辰", 己: "辰", 庚: "未", 辛: "未", 壬: "戌", 癸: "戌" };
    for (const [stem, branch] of Object.entries(expected)) expect(BRANCHES[wealthStorehouse(STEMS.indexOf(stem as never))]).toBe(branch as never);
  });
});
