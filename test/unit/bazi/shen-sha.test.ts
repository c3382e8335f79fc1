/**
 * 神煞 (shen-sha.ts): the tables re-read from the classical verses and rules they encode, written
 * out here as text, and a chart worked by hand.
 */
import { describe, expect, test } from "bun:test";
import { BY_COMBINATION, BY_STEM, BY_YEAR_BRANCH, shenSha } from "../../../src/bazi/shen-sha.ts";
import { BRANCHES, STEMS } from "../../../src/bazi/tables.ts";
import { chartOf } from "./chart-helpers.ts";

const branch = (c: string) => BRANCHES.indexOf(c as never);
const stem = (c: string) => STEMS.indexOf(c as never);
const ANIMAL: Record<string, string> = { 鼠: "子", 牛: "丑", 虎: "寅", 兔: "卯", 龙: "辰", 蛇: "巳", 马: "午", 羊: "未", 猴: "申", 鸡: "酉", 狗: "戌", 猪: "亥" };

describe("the tables follow the verses", () => {
  test("天乙贵人: 甲戊庚牛羊，乙己鼠猴乡，丙丁猪鸡位，壬癸兔蛇藏，六辛逢马虎", () => {
    const verse = { 甲戊庚: "牛羊", 乙己: "鼠猴", 丙丁: "猪鸡", 壬癸: "兔蛇", 辛: "马虎" };
    for (const [stems, animals] of Object.entries(verse)) {
      for (const s of stems) expect([...BY_STEM.天乙贵人![stem(s)]!].sort()).toEqual([...animals].map((a) => branch(ANIMAL[a]!)).sort());
    }
  });

  test("文昌: 甲巳 乙午 丙戊申 丁己酉 庚亥 辛子 壬寅 癸卯", () => {
    const table = { 甲: "巳", 乙: "午", 丙: "申", 戊: "申", 丁: "酉", 己: "酉", 庚: "亥", 辛: "子", 壬: "寅", 癸: "卯" };
    for (const [s, b] of Object.entries(table)) expect(BY_STEM.文昌![stem(s)]).toEqual([branch(b)]);
  });

  test("禄神 is each stem's 临官 (甲禄在寅 … 癸禄在子); 羊刃 the branch after a yang stem's 禄, none for yin stems", () => {
    const lu = { 甲: "寅", 乙: "卯", 丙: "巳", 丁: "午", 戊: "巳", 己: "午", 庚: "申", 辛: "酉", 壬: "亥", 癸: "子" };
    for (const [s, b] of Object.entries(lu)) {
      expect(BY_STEM.禄神![stem(s)]).toEqual([branch(b)]);
      expect(BY_STEM.羊刃![stem(s)]).toEqual(stem(s) % 2 === 0 ? [(branch(b) + 1) % 12] : []);
    }
  });

  test("驿马 the branch clashing the combination's first (生) branch, 桃花 the one after its peak, 华盖 its tomb, 将星 its peak", () => {
    const combinations = { water: "申子辰", wood: "亥卯未", fire: "寅午戌", metal: "巳酉丑" } as const;
    for (const [element, [start, peak, tomb]] of Object.entries(combinations)) {
      const e = element as keyof typeof combinations;
      expect(BY_COMBINATION.驿马![e]).toBe((branch(start!) + 6) % 12);
      expect(BY_COMBINATION.桃花![e]).toBe((branch(peak!) + 9) % 12); // 申子辰在酉, 寅午戌在卯: the peak's 沐浴
      expect(BY_COMBINATION.华盖![e]).toBe(branch(tomb!));
      expect(BY_COMBINATION.将星![e]).toBe(branch(peak!));
    }
  });

  test("红鸾 卯起子年逆行, 天喜 its opposite; 孤辰寡宿: 亥子丑 寅戌, 寅卯辰 巳丑, 巳午未 申辰, 申酉戌 亥未", () => {
    expect(BY_YEAR_BRANCH.红鸾!.map((b) => BRANCHES[b]).join("")).toBe("卯寅丑子亥戌酉申未午巳辰");
    BY_YEAR_BRANCH.红鸾!.forEach((b, year) => expect(BY_YEAR_BRANCH.天喜![year]).toBe((b + 6) % 12));
    const seasons = { 亥子丑: "寅戌", 寅卯辰: "巳丑", 巳午未: "申辰", 申酉戌: "亥未" };
    for (const [years, [gu, gua]] of Object.entries(seasons)) {
      for (const y of years) {
        expect(BY_YEAR_BRANCH.孤辰![branch(y)]).toBe(branch(gu!));
        expect(BY_YEAR_BRANCH.寡宿![branch(y)]).toBe(branch(gua!));
      }
    }
  });
});

test("空亡: every other pillar whose branch is one of the day pillar's 旬空, each of the two", () => {
  const voids = (branches: string, dayPillar: number) =>
    shenSha([0, 0, 0, 0], [...branches].map(branch), dayPillar).filter((s) => s.name === "空亡").map((s) => [s.pillar, s.basis]);
  // A 甲子 day (甲子旬: 子 … 酉, void 戌亥): 戌 in the year and hour, 亥 in the month.
  expect(voids("戌亥子戌", 0)).toEqual([["year", "day_pillar"], ["month", "day_pillar"], ["hour", "day_pillar"]]);
  // A 丙戌 day (甲申旬: 申 … 巳, void 午未): 午 in the year, 未 in the hour; 申 and 戌 are inside the 旬.
  expect(voids("午申戌未", 22)).toEqual([["year", "day_pillar"], ["hour", "day_pillar"]]);
  expect(voids("子丑戌卯", 22)).toEqual([]);
});

test("1949-10-01 15:00 (己丑 癸酉 甲子 壬申), by hand", () => {
  expect(chartOf({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" }).shen_sha).toEqual([
    { name: "天乙贵人", pillar: "year", basis: "day_stem" }, // 甲 → 丑未: the year's 丑
    { name: "天乙贵人", pillar: "day", basis: "year_stem" }, // 己 → 子申
    { name: "天乙贵人", pillar: "hour", basis: "year_stem" },
    { name: "文昌", pillar: "month", basis: "year_stem" }, // 己 → 酉
    { name: "桃花", pillar: "month", basis: "day_branch" }, // 子 (申子辰) → 酉
    { name: "将星", pillar: "month", basis: "year_branch" }, // 丑 (巳酉丑) → 酉
    { name: "天喜", pillar: "hour", basis: "year_branch" }, // 丑 year: 红鸾 寅, 天喜 申
  ]);
});
