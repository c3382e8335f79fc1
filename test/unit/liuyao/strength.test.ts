/**
 * Line strength (strength.ts) against the classical rules, written out from 《增删卜易》 /
 * 《卜筮正宗》 rather than derived from our code: the seasons' 旺相休囚死, 日破 and 暗动, 冲空则实 and
 * 动不为空, and the tombs 木未 火戌 金丑 水土辰.
 */
import { describe, expect, test } from "bun:test";
import { lineStrength, monthState } from "../../../src/liuyao/strength.ts";
import type { Branch, Element } from "../../../src/liuyao/ganzhi.ts";

const still = (branch: Branch, isVoid = false) => ({ branch, moving: false, void: isVoid, changedBranch: null });

describe("旺相休囚死", () => {
  // 春木旺火相水休金囚土死, 夏火旺土相木休水囚金死, 秋金旺水相土休火囚木死, 冬水旺木相金休土囚火死, 四季土旺金相火休木囚水死.
  test.each([
    ["木", "木旺火相水休金囚土死"],
    ["火", "火旺土相木休水囚金死"],
    ["金", "金旺水相土休火囚木死"],
    ["水", "水旺木相金休土囚火死"],
    ["土", "土旺金相火休木囚水死"],
  ] as const)("a %s month: %s", (ruler, text) => {
    for (const [, element, state] of text.matchAll(/(.)(.)/g)) expect(monthState(ruler as Element, element as Element)).toBe(state as never);
  });
});

describe("a line against the month and the day", () => {
  test("the day's element: 午 fire on a 寅 day is generated (生), on 子 controlled (克), on 巳 比, on 未 泄 (and 午未合), on 申 耗", () => {
    expect(lineStrength(still("午"), "卯", "寅").day).toBe("生");
    expect(lineStrength(still("午"), "卯", "子")).toMatchObject({ day: "克", day_branch: "冲" });
    expect(lineStrength(still("午"), "卯", "巳").day).toBe("比");
    expect(lineStrength(still("午"), "卯", "未")).toMatchObject({ day: "泄", day_branch: "合" });
    expect(lineStrength(still("午"), "卯", "申")).toMatchObject({ day: "耗", day_branch: null });
  });

  test("日破: a still 巳 line clashed by a 亥 day in a 子 month (fire 死 in winter)", () => {
    expect(lineStrength(still("巳"), "子", "亥")).toMatchObject({ month: "死", day_break: true, hidden_moving: false });
  });

  test("暗动: the same line in a 午 month (fire 旺) is stirred, not broken; a moving line is neither", () => {
    expect(lineStrength(still("巳"), "午", "亥")).toMatchObject({ month: "旺", day_break: false, hidden_moving: true });
    expect(lineStrength({ ...still("巳"), moving: true }, "午", "亥")).toMatchObject({ day_break: false, hidden_moving: false });
  });

  test("相 is strong too: a still 巳 line clashed by a 亥 day in a 寅 month (wood generates fire) is 暗动, not 日破", () => {
    expect(lineStrength(still("巳"), "寅", "亥")).toMatchObject({ month: "相", day_break: false, hidden_moving: true });
  });

  test("日破 needs both the day's clash and stillness: a weak 巳 line in a 子 month is not broken on a 寅 day, nor when it moves", () => {
    expect(lineStrength(still("巳"), "子", "寅")).toMatchObject({ month: "死", day_break: false });
    expect(lineStrength({ ...still("巳"), moving: true }, "子", "亥")).toMatchObject({ month: "死", day_break: false, hidden_moving: false });
  });

  test("void in effect: a still void 戌 line is void; clashed by a 辰 day it is real (冲空则实); moving it is not void (动不为空)", () => {
    expect(lineStrength(still("戌", true), "寅", "子").effective_void).toBe(true);
    expect(lineStrength(still("戌", true), "寅", "辰").effective_void).toBe(false);
    expect(lineStrength({ ...still("戌", true), moving: true }, "寅", "子").effective_void).toBe(false);
    expect(lineStrength(still("戌"), "寅", "子").effective_void).toBe(false);
  });

  test("入墓: wood into 未 on the day, water into 辰 in the month, metal changing into 丑", () => {
    expect(lineStrength(still("寅"), "子", "未").tomb).toBe("day");
    expect(lineStrength(still("子"), "辰", "午").tomb).toBe("month");
    expect(lineStrength({ branch: "酉", moving: true, void: false, changedBranch: "丑" }, "午", "寅").tomb).toBe("changed");
    expect(lineStrength(still("酉"), "午", "寅").tomb).toBeNull();
  });

  test("入墓: fire into 戌, earth into 辰 (水土同墓)", () => {
    expect(lineStrength(still("午"), "子", "戌").tomb).toBe("day");
    expect(lineStrength(still("丑"), "辰", "子").tomb).toBe("month");
  });
});
