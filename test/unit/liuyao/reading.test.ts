/**
 * Hand-checked readings: every expected value below was worked out by hand from the
 * classical rules (not produced by the engine).
 */
import { describe, expect, test } from "bun:test";
import { InputRefused } from "../../../src/input-refused.ts";
import { castReading, drawDayanLines, type CastInput, type RandomInt } from "../../../src/liuyao/index.ts";

// 2000-01-01 is a 戊午 day in a 丙子 month (after 大雪 1999-12-07, before 小寒 2000-01-06):
// spirits from 戊 start at 勾陈; 戊午 lies in the 甲寅 decade, void 子丑; 月破 午, 日冲 子.
const Y2K_NOON = new Date("2000-01-01T12:00:00+08:00");
const manual = (lines: number[], castAt = Y2K_NOON, extra: Partial<CastInput> = {}) =>
  castReading({ lines, castAt, question: "会顺利吗?", method: "manual_lines", ...extra });

describe("天山遁 with lines 3 and 6 moving → 泽地萃, on 戊午 day of 丙子 month", () => {
  const r = manual([8, 8, 9, 7, 7, 9]);

  test("calendar", () => {
    expect(r.cast_at).toBe("2000-01-01T12:00:00+08:00");
    const c = r.calendar;
    expect([c.month_pillar, c.day_pillar, c.xun, c.void, c.month_break, c.day_clash]).toEqual(["丙子", "戊午", "甲寅", ["子", "丑"], "午", "子"]);
    expect(c.notes).toEqual([]);
  });

  test("primary: 乾宫二世, 世2 应5, 纳甲 丙辰 丙午 丙申 / 壬午 壬申 壬戌", () => {
    const p = r.primary;
    expect([p.name, p.short_name, p.king_wen, p.upper, p.lower]).toEqual(["天山遁", "遁", 33, "乾", "艮"]);
    expect([p.palace, p.palace_element, p.generation, p.world, p.response]).toEqual(["乾", "金", "二世", 2, 5]);
    expect([p.liuchong, p.liuhe]).toEqual([false, false]);
    expect(p.lines.map((l) => l.stem + l.branch + l.element + l.relative)).toEqual([
      "丙辰土父母", "丙午火官鬼", "丙申金兄弟", "壬午火官鬼", "壬申金兄弟", "壬戌土父母",
    ]);
    expect(p.lines.map((l) => l.spirit)).toEqual(["勾陈", "螣蛇", "白虎", "玄武", "青龙", "朱雀"]);
    expect(p.lines.map((l) => l.mark)).toEqual([null, "世", null, null, "应", null]);
    expect(p.lines.filter((l) => l.moving).map((l) => l.position)).toEqual([3, 6]);
    expect(p.lines.filter((l) => l.month_break).map((l) => l.position)).toEqual([2, 4]); // 午 vs 子 month
    expect(p.lines.some((l) => l.day_clash || l.void)).toBe(false);
    // 阴世 (line 2 is yin) counts from 午: 午, 未 — 卦身 未, not shown on a line.
    expect(p.gua_shen).toEqual({ branch: "未", positions: [] });
  });

  test("伏神 from 乾为天: 子孙 甲子 under line 1, 妻财 甲寅 under line 2", () => {
    expect(r.primary.hidden).toEqual([
      { position: 1, relative: "子孙", stem: "甲", branch: "子", element: "水", element_en: "water", fei_branch: "辰", fei_relative: "父母", ambiguous: false },
      { position: 2, relative: "妻财", stem: "甲", branch: "寅", element: "木", element_en: "wood", fei_branch: "午", fei_relative: "官鬼", ambiguous: false },
    ]);
  });

  test("changed: 泽地萃 (兑宫二世); relatives from the 乾 palace; 申化卯 化耗, 戌化未 化退神", () => {
    const c = r.changed!;
    expect([c.name, c.king_wen, c.palace, c.generation, c.world, c.response]).toEqual(["泽地萃", 45, "兑", "二世", 2, 5]);
    expect(c.lines.map((l) => l.stem + l.branch + l.relative)).toEqual(["乙未父母", "乙巳官鬼", "乙卯妻财", "丁亥子孙", "丁酉兄弟", "丁未父母"]);
    expect(c.transforms).toEqual([
      { position: 3, from: "申", to: "卯", from_element: "金", from_element_en: "metal", to_element: "木", to_element_en: "wood", tags: ["化耗"] },
      { position: 6, from: "戌", to: "未", from_element: "土", from_element_en: "earth", to_element: "土", to_element_en: "earth", tags: ["化退神", "比和"] },
    ]);
    expect(r.moving_lines).toEqual([3, 6]);
  });

  test("互 天风姤, 错 地泽临, 综 雷天大壮", () => {
    expect([r.hu.name, r.cuo.name, r.zong.name]).toEqual(["天风姤", "地泽临", "雷天大壮"]);
  });
});

test("乾 with line 1 moving → 天风姤: the changed line 辛丑 is 父母, 子化丑 is 回头克 and 化合", () => {
  const r = manual([9, 7, 7, 7, 7, 7]);
  expect(r.changed!.name).toBe("天风姤");
  expect(r.changed!.lines[0]).toEqual({ position: 1, yang: false, stem: "辛", branch: "丑", element: "土", element_en: "earth", relative: "父母", relative_own_palace: "父母" });
  expect(r.changed!.transforms[0].tags).toEqual(["回头克", "化合"]);
});

test("the changed hexagram's relatives use the original palace; relative_own_palace shows the other rule", () => {
  // 乾 (金) → 坤 (土): 坤's 未 is 父母 from 金, 兄弟 from its own 土 palace.
  const line1 = manual([9, 9, 9, 9, 9, 9]).changed!.lines[0];
  expect([line1.branch, line1.relative, line1.relative_own_palace]).toEqual(["未", "父母", "兄弟"]);
});

describe("purity and determinism", () => {
  test("same input, same reading; the caller's array is neither kept nor changed", () => {
    const lines = [6, 7, 8, 9, 7, 8];
    const a = manual(lines);
    const b = manual([...lines]);
    expect(a).toEqual(b);
    expect(a.lines).not.toBe(lines);
    expect(lines).toEqual([6, 7, 8, 9, 7, 8]);
    expect(JSON.parse(JSON.stringify(a))).toEqual(a);
  });
});

describe("validation", () => {
  const fails = (f: () => unknown, path: string) => {
    try {
      f();
    } catch (e) {
      // The engine's own refusal (the API answers it as VALIDATION_ERROR: test/http/liuyao.test.ts).
      expect(e).toBeInstanceOf(InputRefused);
      expect((e as InputRefused).details.map((d) => d.path)).toContain(path);
      return;
    }
    throw new Error("expected a validation error");
  };

  test("lines must be six values of 6/7/8/9", () => {
    fails(() => manual([7, 7, 7, 7, 7]), "lines");
    fails(() => manual([7, 7, 7, 7, 7, 7, 7]), "lines");
    fails(() => manual([7, 7, 5, 7, 7, 7]), "lines[2]");
    fails(() => manual([7, 7, 7, 7, 7, "7" as never]), "lines[5]");
    fails(() => castReading({ lines: null as never, castAt: Y2K_NOON, question: "", method: "manual_lines" }), "lines");
  });

  test("cast_at must be a valid instant in range", () => {
    fails(() => manual([7, 7, 7, 7, 7, 7], new Date(Number.NaN)), "cast_at");
    fails(() => manual([7, 7, 7, 7, 7, 7], new Date("1800-01-01T00:00:00Z")), "cast_at");
  });

  test("dayan needs the draw that produced the lines; manual_lines takes none", () => {
    const fixed: RandomInt = () => 1;
    const { lines, provenance } = drawDayanLines(fixed);
    const ok = castReading({ lines, castAt: Y2K_NOON, question: "q", method: "dayan", provenance });
    expect(ok.method).toBe("dayan");
    expect(ok.dayan).toEqual(provenance);
    fails(() => castReading({ lines, castAt: Y2K_NOON, question: "q", method: "dayan" }), "provenance");
    const other = lines.map((v) => (v === 8 ? 7 : 8));
    fails(() => castReading({ lines: other, castAt: Y2K_NOON, question: "q", method: "dayan", provenance }), "provenance");
    fails(() => manual(lines, Y2K_NOON, { provenance }), "provenance");
    fails(() => manual(lines, Y2K_NOON, { method: "coins" as never }), "method");
  });
});
