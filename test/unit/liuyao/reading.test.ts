/**
 * Hand-checked readings: every expected value below was worked out by hand from the
 * classical rules (not produced by the engine).
 */
import { describe, expect, test } from "bun:test";
import { InputRefused } from "../../../src/input-refused.ts";
import { castReading, drawDayanLines, yarrowChange, type CastInput, type DayanLineDraw, type RandomInt } from "../../../src/liuyao/index.ts";

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

describe("离为火 on 戊午 day of 丙子 month: a moving line's 化入墓 comes from its own changed line only", () => {
  // 离为火: 己卯 己丑 己亥 / 己酉 己未 己巳. Water (亥) has its tomb in 辰 (水土同墓); neither the 子 month nor the 午 day is 辰.
  test("an old yin (6) moves: line 2 turns the inner 离 into 乾 (火天大有), whose line 3 is 辰, but the still 亥 line does not enter it", () => {
    const r = manual([7, 6, 7, 7, 8, 7]);
    expect(r.primary.name).toBe("离为火");
    expect(r.primary.lines[1]).toMatchObject({ value: 6, moving: true });
    expect(r.moving_lines).toEqual([2]);
    expect(r.changed!.name).toBe("火天大有");
    expect(r.changed!.lines[2].branch).toBe("辰");
    expect(r.primary.lines[2]).toMatchObject({ branch: "亥", moving: false });
    expect(r.primary.lines[2].strength.tomb).toBeNull();
  });

  test("line 3 moving turns 离 into 震 (火雷噬嗑): 亥 changes into 辰, its tomb (化入墓)", () => {
    const r = manual([7, 8, 9, 7, 8, 7]);
    expect(r.changed!.name).toBe("火雷噬嗑");
    expect(r.primary.lines[2]).toMatchObject({ branch: "亥", moving: true });
    expect(r.primary.lines[2].strength.tomb).toBe("changed");
  });
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

  describe("a dayan draw is checked line by line", () => {
    // random(4) always 1 → remainders 2, 2, 2 on every line: 49 − 5 − 4 − 4 = 36 stalks → six old yang 9s.
    const { lines, provenance } = drawDayanLines(() => 1);
    const dayan = (draw: unknown, ls: number[] = lines) =>
      castReading({ lines: ls, castAt: Y2K_NOON, question: "q", method: "dayan", provenance: draw as never });
    const withLine1 = (line: Partial<DayanLineDraw>) => ({ ...provenance, lines: [{ ...provenance.lines[0]!, ...line }, ...provenance.lines.slice(1)] });

    test("the draw itself is accepted", () => {
      expect(lines).toEqual([9, 9, 9, 9, 9, 9]);
      expect(dayan(provenance).dayan).toEqual(provenance);
    });

    test("a provenance of another method is refused", () => {
      fails(() => dayan({ ...provenance, method: "coins" }), "provenance");
    });

    test("a draw of five lines is refused, though they match the first five", () => {
      fails(() => dayan({ ...provenance, lines: provenance.lines.slice(0, 5) }), "provenance");
    });

    test("a draw matching five of the six lines is refused", () => {
      fails(() => dayan(provenance, [9, 9, 9, 9, 9, 7]), "provenance");
    });

    test("a line of two changes is refused, even one re-deriving 9 (49 − 5 − 8 = 36)", () => {
      const two = [yarrowChange(49, 2), yarrowChange(44, 3)];
      expect(49 - two[0]!.removed - two[1]!.removed).toBe(36);
      fails(() => dayan(withLine1({ changes: two as never })), "provenance");
    });

    test("lines out of their positions are refused", () => {
      fails(() => dayan({ ...provenance, lines: provenance.lines.map((d, i) => ({ ...d, position: 6 - i })) }), "provenance");
    });

    test("a line recorded as 7 whose remainders make 9 is refused, even when the lines say 7", () => {
      fails(() => dayan(withLine1({ value: 7 }), [7, 9, 9, 9, 9, 9]), "provenance");
    });

    test("a remainder outside 1..4 is refused", () => {
      const [first, ...rest] = provenance.lines[0]!.changes;
      fails(() => dayan(withLine1({ changes: [{ ...first!, left_remainder: 0 }, ...rest] as never })), "provenance");
    });
  });

  test("the question must be a string", () => {
    fails(() => manual([7, 7, 7, 7, 7, 7], Y2K_NOON, { question: 42 as never }), "question");
  });

  test("each refusal says what is expected", () => {
    const refusal = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as InputRefused).details;
      }
      throw new Error("expected a validation error");
    };
    const { lines, provenance } = drawDayanLines(() => 1);
    expect(refusal(() => manual([7, 7, 7]))).toEqual([{ path: "lines", message: expect.stringContaining("exactly 6 values of 6/7/8/9") }]);
    expect(refusal(() => manual([7, 7, 5, 7, 7, 7]))).toEqual([{ path: "lines[2]", message: expect.stringContaining("6, 7, 8 or 9") }]);
    expect(refusal(() => manual(lines, Y2K_NOON, { provenance }))).toEqual([{ path: "provenance", message: expect.stringContaining("only a dayan cast") }]);
    expect(refusal(() => manual(lines, Y2K_NOON, { method: "coins" as never }))).toEqual([{ path: "method", message: expect.stringContaining("manual_lines or dayan") }]);
    expect(refusal(() => manual(lines, Y2K_NOON, { method: "dayan" }))).toEqual([{ path: "provenance", message: expect.stringContaining("needs the draw") }]);
    expect(refusal(() => manual(lines, Y2K_NOON, { question: null as never }))).toEqual([{ path: "question", message: "must be a string" }]);
  });
});
