/**
 * Ten gods, growth stages, xun and void: checked against classical tables typed in by hand
 * (《渊海子平》 十神 row for 甲, the 长生 sequence of 甲 and 乙, the six 旬 and their 空亡) and
 * against the symmetry the rules imply.
 */
import { describe, expect, test } from "bun:test";
import {
  elementOfTenGod,
  elementsOfGanzhi,
  ganzhiIndex,
  ganzhiName,
  growthStage,
  RELATIONS,
  relationIndex,
  tenGod,
  voidBranches,
  xunHead,
} from "../../../src/bazi/relations.ts";
import { BRANCHES, STEMS } from "../../../src/bazi/tables.ts";

const S = (ch: string) => STEMS.indexOf(ch as (typeof STEMS)[number]);
const B = (ch: string) => BRANCHES.indexOf(ch as (typeof BRANCHES)[number]);

describe("ten gods (十神)", () => {
  test("the classical row for a 甲 day master", () => {
    const row = STEMS.map((_, s) => tenGod(S("甲"), s));
    expect(row).toEqual(["比肩", "劫财", "食神", "伤官", "偏财", "正财", "七杀", "正官", "偏印", "正印"]);
  });

  test("the classical row for a 癸 (yin) day master", () => {
    const row = STEMS.map((_, s) => tenGod(S("癸"), s));
    // 甲 wood: water generates wood → output, yang vs yin → 伤官; 乙 → 食神; 丙 fire controlled by water → wealth,
    // opposite polarity → 正财; 丁 偏财; 戊 earth controls water → officer, opposite → 正官; 己 七杀;
    // 庚 metal generates water → resource, opposite → 正印; 辛 偏印; 壬 劫财; 癸 比肩.
    expect(row).toEqual(["伤官", "食神", "正财", "偏财", "正官", "七杀", "正印", "偏印", "劫财", "比肩"]);
  });

  test("relations are mutual: if B is A's wealth, A is B's officer; if B is A's output, A is B's resource", () => {
    for (let a = 0; a < 5; a++) {
      for (let b = 0; b < 5; b++) expect(relationIndex(b, a)).toBe((5 - relationIndex(a, b)) % 5);
    }
    expect(RELATIONS).toEqual(["companion", "output", "wealth", "officer", "resource"]);
  });

  test("same polarity gives the 偏/比 form, opposite the 正/劫 form", () => {
    for (let d = 0; d < 10; d++) {
      for (let s = 0; s < 10; s++) {
        const same = d % 2 === s % 2;
        expect(["比肩", "食神", "偏财", "七杀", "偏印"].includes(tenGod(d, s))).toBe(same);
      }
    }
  });
});

describe("the element a ten god stands for", () => {
  test("for a 癸 water day master: the element of the stem that is that ten god", () => {
    // From the classical 癸 row above: 伤官 甲 wood, 正财 丙 fire, 正官 戊 earth, 正印 庚 metal, 劫财 壬 water.
    expect(["伤官", "正财", "正官", "正印", "劫财"].map((g) => elementOfTenGod("water", g))).toEqual(["wood", "fire", "earth", "metal", "water"]);
  });

  test("agrees with tenGod for every day stem and stem; anything else is refused", () => {
    const STEM_ELEMENTS = ["wood", "wood", "fire", "fire", "earth", "earth", "metal", "metal", "water", "water"] as const;
    for (let d = 0; d < 10; d++) {
      for (let s = 0; s < 10; s++) expect(elementOfTenGod(STEM_ELEMENTS[d]!, tenGod(d, s))).toBe(STEM_ELEMENTS[s]!);
    }
    expect(() => elementOfTenGod("wood", "日主")).toThrow(new RangeError("日主 is not a ten god"));
  });
});

describe("growth stages", () => {
  test("甲 runs forward from 亥, 乙 backward from 午", () => {
    const order = ["长生", "沐浴", "冠带", "临官", "帝旺", "衰", "病", "死", "墓", "绝", "胎", "养"];
    order.forEach((stage, k) => {
      expect(growthStage(S("甲"), (B("亥") + k) % 12)).toBe(stage);
      expect(growthStage(S("乙"), (B("午") - k + 12) % 12)).toBe(stage);
    });
  });
});

describe("xun and void (旬空)", () => {
  test("the six decades and their void branches", () => {
    const table: [string, string][] = [
      ["甲子", "戌亥"],
      ["甲戌", "申酉"],
      ["甲申", "午未"],
      ["甲午", "辰巳"],
      ["甲辰", "寅卯"],
      ["甲寅", "子丑"],
    ];
    table.forEach(([head, voids], k) => {
      for (let i = 10 * k; i < 10 * k + 10; i++) {
        expect(ganzhiName(xunHead(i))).toBe(head);
        expect(voidBranches(i).map((b) => BRANCHES[b]).join("")).toBe(voids);
      }
    });
  });

  test("ganzhiIndex is the inverse of ganzhiName", () => {
    for (let i = 0; i < 60; i++) expect(ganzhiIndex(ganzhiName(i))).toBe(i);
    expect(ganzhiIndex("甲丑")).toBe(-1);
  });
});

describe("elementsOfGanzhi", () => {
  test("the stem's element and the element of the branch's main qi", () => {
    // 丙 fire; 寅's main qi 甲 wood. 庚申: metal over metal. 戊辰: earth, 辰's main qi 戊. 癸亥: water.
    expect(elementsOfGanzhi("丙寅")).toEqual({ stem: "fire", branch: "wood" });
    expect(elementsOfGanzhi("庚申")).toEqual({ stem: "metal", branch: "metal" });
    expect(elementsOfGanzhi("戊辰")).toEqual({ stem: "earth", branch: "earth" });
    expect(elementsOfGanzhi("癸亥")).toEqual({ stem: "water", branch: "water" });
    expect(elementsOfGanzhi("甲午")).toEqual({ stem: "wood", branch: "fire" });
    // The first stem and the first branch are as much a 干支's as the others.
    expect(elementsOfGanzhi("甲子")).toEqual({ stem: "wood", branch: "water" });
  });

  test("no elements for what is not a stem followed by a branch", () => {
    expect(elementsOfGanzhi("甲X")).toBeNull();
    expect(elementsOfGanzhi("X子")).toBeNull();
    expect(elementsOfGanzhi("子甲")).toBeNull();
    expect(elementsOfGanzhi("")).toBeNull();
  });
});
