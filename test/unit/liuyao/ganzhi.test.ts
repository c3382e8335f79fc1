import { describe, expect, test } from "bun:test";
import {
  BRANCHES,
  BRANCH_ELEMENT,
  STEMS,
  branchesClash,
  branchesCombine,
  controls,
  generates,
  relativeOf,
  sixSpiritsOf,
  splitPillar,
  xunOf,
  type Branch,
} from "../../../src/liuyao/ganzhi.ts";
import { transformTags } from "../../../src/liuyao/transforms.ts";

describe("branch relations", () => {
  test("六冲 are exactly 子午 丑未 寅申 卯酉 辰戌 巳亥", () => {
    const found = BRANCHES.flatMap((a, i) => BRANCHES.slice(i + 1).filter((b) => branchesClash(a, b)).map((b) => a + b));
    expect(found).toEqual(["子午", "丑未", "寅申", "卯酉", "辰戌", "巳亥"]);
  });

  test("六合 are exactly 子丑 寅亥 卯戌 辰酉 巳申 午未", () => {
    const found = BRANCHES.flatMap((a, i) => BRANCHES.slice(i + 1).filter((b) => branchesCombine(a, b)).map((b) => a + b));
    expect(found.sort()).toEqual(["子丑", "寅亥", "卯戌", "辰酉", "巳申", "午未"].sort());
  });

  test("branch elements by season: 寅卯木 巳午火 申酉金 亥子水, 辰戌丑未 the earth between", () => {
    const groups: Record<string, string> = { 木: "寅卯", 火: "巳午", 金: "申酉", 水: "亥子", 土: "辰戌丑未" };
    for (const [el, bs] of Object.entries(groups)) for (const b of bs) expect(BRANCH_ELEMENT[b as Branch]).toBe(el as never);
  });
});

describe("five elements and six relatives", () => {
  test("生: 木生火 火生土 土生金 金生水 水生木; 克: 木克土 土克水 水克火 火克金 金克木", () => {
    for (const [a, b] of ["木火", "火土", "土金", "金水", "水木"]) expect(generates(a as never, b as never)).toBe(true);
    for (const [a, b] of ["木土", "土水", "水火", "火金", "金木"]) expect(controls(a as never, b as never)).toBe(true);
    expect(generates("火", "木")).toBe(false);
    expect(controls("土", "木")).toBe(false);
  });

  test("六亲 of a 金 palace: 金兄弟 水子孙 木妻财 火官鬼 土父母", () => {
    const got = ["金", "水", "木", "火", "土"].map((e) => relativeOf("金", e as never));
    expect(got).toEqual(["兄弟", "子孙", "妻财", "官鬼", "父母"]);
  });
});

describe("day-dependent tables", () => {
  test("六甲旬空: 甲子戌亥 甲戌申酉 甲申午未 甲午辰巳 甲辰寅卯 甲寅子丑", () => {
    const table: Record<string, string> = { 甲子: "戌亥", 甲戌: "申酉", 甲申: "午未", 甲午: "辰巳", 甲辰: "寅卯", 甲寅: "子丑" };
    for (let n = 0; n < 60; n++) {
      const pillar = STEMS[n % 10] + BRANCHES[n % 12];
      const xun = STEMS[0] + BRANCHES[(n - (n % 10)) % 12];
      expect(xunOf(pillar)).toEqual({ xun, void: [...table[xun]] as never });
    }
  });

  test("六神: 甲乙青龙 丙丁朱雀 戊勾陈 己螣蛇 庚辛白虎 壬癸玄武 on line 1, then upward in order", () => {
    expect(sixSpiritsOf("甲")).toEqual(["青龙", "朱雀", "勾陈", "螣蛇", "白虎", "玄武"]);
    expect(sixSpiritsOf("己")).toEqual(["螣蛇", "白虎", "玄武", "青龙", "朱雀", "勾陈"]);
    expect(sixSpiritsOf("癸")[0]).toBe("玄武");
  });

  test("splitPillar rejects impossible pairs", () => {
    expect(splitPillar("戊午")).toEqual({ stem: "戊", branch: "午" });
    expect(() => splitPillar("甲丑")).toThrow();
    expect(() => splitPillar("甲子x")).toThrow();
  });
});

describe("transform tags (hand-checked)", () => {
  test.each([
    ["亥", "子", ["化进神", "比和"]],
    ["子", "亥", ["化退神", "比和"]],
    ["丑", "辰", ["化进神", "比和"]],
    ["戌", "丑", ["化进神", "比和"]],
    ["戌", "未", ["化退神", "比和"]],
    ["辰", "戌", ["比和", "反吟"]], // same element but not one of the 8 pairs
    ["寅", "寅", ["比和", "伏吟"]],
    ["子", "丑", ["回头克", "化合"]],
    ["午", "未", ["化泄", "化合"]],
    ["巳", "申", ["化耗", "化合"]],
    ["子", "午", ["化耗", "反吟"]],
    ["午", "子", ["回头克", "反吟"]],
    ["申", "辰", ["回头生"]],
    ["申", "子", ["化泄"]],
  ] as const)("%s → %s", (from, to, tags) => {
    expect(transformTags(from, to)).toEqual([...tags]);
  });

  test("进神/退神 only for the 8 classical pairs each", () => {
    let jin = 0;
    let tui = 0;
    for (const a of BRANCHES) for (const b of BRANCHES) {
      const t = transformTags(a, b);
      jin += Number(t.includes("化进神"));
      tui += Number(t.includes("化退神"));
      expect(t.filter((x) => ["回头生", "回头克", "比和", "化泄", "化耗"].includes(x)).length).toBe(1);
    }
    expect([jin, tui]).toEqual([8, 8]);
  });
});
