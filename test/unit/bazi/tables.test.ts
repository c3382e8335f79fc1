/**
 * Re-derives the reference tables in src/bazi/tables.ts from the rules they encode, so a typo in
 * a table cannot pass silently. (Names that no rule generates — nayin names, stage names — are
 * checked against lunar-typescript in library-cross-check.test.ts.)
 */
import { describe, expect, test } from "bun:test";
import { branchOf, ganzhiName, growthStage, jiaziIndex, stemOf } from "../../../src/bazi/relations.ts";
import {
  BRANCH_ELEMENT,
  BRANCHES,
  ELEMENTS,
  GROWTH_START_BRANCH,
  HIDDEN_STEMS,
  JIE_NAMES,
  LICHUN,
  NAYIN,
  STEM_ELEMENT,
  STEMS,
} from "../../../src/bazi/tables.ts";

const B = (ch: string) => BRANCHES.indexOf(ch as (typeof BRANCHES)[number]);
const S = (ch: string) => STEMS.indexOf(ch as (typeof STEMS)[number]);

describe("sexagenary cycle (六十甲子)", () => {
  test("index i pairs stem i mod 10 with branch i mod 12; all 60 distinct; 甲子 first, 癸亥 last", () => {
    const names = Array.from({ length: 60 }, (_, i) => ganzhiName(i));
    expect(new Set(names).size).toBe(60);
    expect(names[0]).toBe("甲子");
    expect(names[59]).toBe("癸亥");
    names.forEach((n, i) => expect(n).toBe(STEMS[i % 10] + BRANCHES[i % 12]));
  });

  test("jiaziIndex inverts the pairing and rejects mixed polarity", () => {
    for (let i = 0; i < 60; i++) expect(jiaziIndex(stemOf(i), branchOf(i))).toBe(i);
    expect(() => jiaziIndex(0, 1)).toThrow("stem 0 and branch 1 differ in polarity"); // 甲丑 does not exist
  });
});

describe("elements", () => {
  test("stems come in yang/yin pairs per element, in generating order 木火土金水", () => {
    expect(ELEMENTS).toEqual(["wood", "fire", "earth", "metal", "water"]);
    STEM_ELEMENT.forEach((e, s) => expect(e).toBe(Math.floor(s / 2)));
  });

  test("branches: seasons from 寅 (spring wood, summer fire, autumn metal, winter water), each season's last branch earth", () => {
    const seasonElement = [0, 1, 3, 4]; // wood, fire, metal, water
    for (let b = 0; b < 12; b++) {
      const fromYin = (b - 2 + 12) % 12; // 寅 = 0
      const expected = fromYin % 3 === 2 ? 2 : seasonElement[Math.floor(fromYin / 3)];
      expect(BRANCH_ELEMENT[b]).toBe(expected);
    }
  });
});

describe("hidden stems (藏干)", () => {
  test("the main qi (first) has the branch's own element", () => {
    HIDDEN_STEMS.forEach((hs, b) => expect(STEM_ELEMENT[hs[0]]).toBe(BRANCH_ELEMENT[b]));
  });

  test("四正 子卯酉 hold only the yin stem of their element; 午 holds 丁 and 己 (火土同宫: 己's 临官 is 午)", () => {
    expect(HIDDEN_STEMS[B("子")]).toEqual([S("癸")]);
    expect(HIDDEN_STEMS[B("卯")]).toEqual([S("乙")]);
    expect(HIDDEN_STEMS[B("酉")]).toEqual([S("辛")]);
    expect(HIDDEN_STEMS[B("午")]).toEqual([S("丁"), S("己")]);
    expect(growthStage(S("己"), B("午"))).toBe("临官");
  });

  test("四生 寅申巳亥 hold the yang stem of their element and the yang stem born (长生) there", () => {
    for (const b of ["寅", "申", "巳", "亥"].map(B)) {
      const hs = HIDDEN_STEMS[b];
      expect(hs[0] % 2).toBe(0);
      for (const yang of [0, 2, 6, 8]) if (GROWTH_START_BRANCH[yang] === b) expect(hs).toContain(yang);
    }
    // 戊 (earth) sits in 寅, 巳 and 申 by the usual table; 亥 has none.
    for (const b of ["寅", "申", "巳"].map(B)) expect(HIDDEN_STEMS[b]).toContain(S("戊"));
    expect(HIDDEN_STEMS[B("亥")]).toEqual([S("壬"), S("甲")]);
  });

  test("四库 辰戌丑未 hold earth, the yin stem of the season just ended, and the yin stem of the element entombed (墓) there", () => {
    const previousSeason: Record<string, string> = { 辰: "乙", 未: "丁", 戌: "辛", 丑: "癸" };
    for (const [branch, residual] of Object.entries(previousSeason)) {
      const b = B(branch);
      expect(STEM_ELEMENT[HIDDEN_STEMS[b][0]]).toBe(2);
      expect(HIDDEN_STEMS[b]).toContain(S(residual));
      for (const yang of [0, 2, 6, 8]) {
        if (growthStage(yang, b) === "墓") expect(HIDDEN_STEMS[b]).toContain(yang + 1);
      }
    }
  });
});

describe("nayin (纳音)", () => {
  // 大衍 numbers: 甲己子午 9, 乙庚丑未 8, 丙辛寅申 7, 丁壬卯酉 6, 戊癸辰戌 5, 巳亥 4.
  const stemNumber = (s: number) => 9 - (s % 5);
  const branchNumber = (b: number) => 9 - (b % 6);
  // Remainder of (49 − sum) mod 5 names the 河图 element 1 水 2 火 3 木 4 金 5 土; nayin is the element it generates.
  const generated: Record<number, string> = { 1: "木", 2: "土", 3: "火", 4: "水", 0: "金" };

  test("each of the 30 pairs has the element the 大衍 rule gives", () => {
    expect(NAYIN.length).toBe(30);
    for (let k = 0; k < 30; k++) {
      const sum = stemNumber(stemOf(2 * k)) + branchNumber(branchOf(2 * k)) + stemNumber(stemOf(2 * k + 1)) + branchNumber(branchOf(2 * k + 1));
      expect({ pair: ganzhiName(2 * k), element: NAYIN[k].slice(-1) }).toEqual({ pair: ganzhiName(2 * k), element: generated[(49 - sum) % 5] });
    }
  });

  test("names are distinct", () => {
    expect(new Set(NAYIN).size).toBe(30);
  });
});

describe("growth stages (十二长生)", () => {
  test("yang stems: 长生 three branches before their 禄 (临官) branch, the 四生 branch whose main qi they are", () => {
    for (const yang of [0, 2, 6, 8]) {
      const lu = HIDDEN_STEMS.findIndex((hs, b) => hs[0] === yang && [2, 5, 8, 11].includes(b));
      expect(GROWTH_START_BRANCH[yang]).toBe((lu - 3 + 12) % 12);
    }
  });

  test("yin stems are born where their yang partner dies (阳死阴生); 戊 follows 丙 and 己 follows 丁", () => {
    for (const yin of [1, 3, 7, 9]) expect(growthStage(yin - 1, GROWTH_START_BRANCH[yin])).toBe("死");
    expect(GROWTH_START_BRANCH[S("戊")]).toBe(GROWTH_START_BRANCH[S("丙")]);
    expect(GROWTH_START_BRANCH[S("己")]).toBe(GROWTH_START_BRANCH[S("丁")]);
  });

  test("classical 十干禄: 甲寅 乙卯 丙戊巳 丁己午 庚申 辛酉 壬亥 癸子 are each stem's 临官", () => {
    const lu = ["寅", "卯", "巳", "午", "巳", "午", "申", "酉", "亥", "子"];
    lu.forEach((b, s) => expect(growthStage(s, B(b))).toBe("临官"));
  });
});

describe("节", () => {
  test("节 k opens branch (k+1) mod 12: 立春 寅, 惊蛰 卯 … 大雪 子, 小寒 丑", () => {
    const opens = ["丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥", "子"];
    JIE_NAMES.forEach((_, k) => expect(BRANCHES[(k + 1) % 12]).toBe(opens[k] as (typeof BRANCHES)[number]));
    expect(JIE_NAMES[LICHUN]).toBe("立春");
  });
});
