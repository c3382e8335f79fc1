/**
 * Static BaZi reference tables (天干, 地支, 五行, 藏干, 纳音, 十二长生, 十神, 节).
 *
 * Source: the classical tables as given in 《渊海子平》 and 《三命通会》 (public domain), in
 * simplified characters. Every table here is re-derived from its rule, or checked against the
 * rule it encodes, in test/unit/bazi/tables.test.ts, and cross-checked against lunar-typescript
 * 1.8.6 (LunarUtil) in test/unit/bazi/library-cross-check.test.ts.
 *
 * Indices are used everywhere inside the engine (stem 0 = 甲, branch 0 = 子, element 0 = wood);
 * characters and names only appear when a chart is rendered.
 */

/** The ten heavenly stems, index 0 = 甲. Even index = yang, odd = yin. */
export const STEMS = ["甲", "乙", "丙", "丁", "戊", "己", "庚", "辛", "壬", "癸"] as const;

/** The twelve earthly branches, index 0 = 子. Even index = yang, odd = yin. */
export const BRANCHES = ["子", "丑", "寅", "卯", "辰", "巳", "午", "未", "申", "酉", "戌", "亥"] as const;

/**
 * The five elements in the generating (相生) order: each one generates the next, and controls
 * (相克) the one two places ahead. The engine relies on this order for every element relation.
 */
export const ELEMENTS = ["wood", "fire", "earth", "metal", "water"] as const;

/** An element name as used in every chart field (English lowercase, the service's convention). */
export type Element = (typeof ELEMENTS)[number];

/**
 * The one English ↔ Chinese table of the five elements, for the whole service: BaZi answers the
 * English name in a field X and the Chinese beside it in X_zh; LiuYao answers the Chinese name (its
 * ELEMENTS are {@link ELEMENTS_ZH}) in X and the English in X_en. Nothing else spells the pairing.
 */
export const ELEMENT_ZH = { wood: "木", fire: "火", earth: "土", metal: "金", water: "水" } as const satisfies Readonly<Record<Element, string>>;

/** An element's Chinese name: 木 火 土 金 水. */
export type ElementZh = (typeof ELEMENT_ZH)[Element];

/** The Chinese names in the generating order, index for index with {@link ELEMENTS}. */
export const ELEMENTS_ZH: readonly ElementZh[] = Object.freeze(ELEMENTS.map((e) => ELEMENT_ZH[e]));

/** Chinese → English: {@link ELEMENT_ZH} read backwards. */
export const ELEMENT_EN: Readonly<Record<ElementZh, Element>> = Object.freeze(Object.fromEntries(ELEMENTS.map((e) => [ELEMENT_ZH[e], e])) as Record<ElementZh, Element>);

/** Element index of each stem: 甲乙 wood, 丙丁 fire, 戊己 earth, 庚辛 metal, 壬癸 water. */
export const STEM_ELEMENT: readonly number[] = [0, 0, 1, 1, 2, 2, 3, 3, 4, 4];

/**
 * Element index of each branch (its 本气): 寅卯 wood, 巳午 fire, 申酉 metal, 亥子 water, and the
 * four 墓库 branches 辰戌丑未 earth.
 */
export const BRANCH_ELEMENT: readonly number[] = [4, 2, 0, 0, 2, 1, 1, 2, 3, 3, 2, 4];

/**
 * Hidden stems (地支藏干) of each branch as stem indices, main qi (本气) first, then middle qi
 * (中气) and residual qi (余气) — the common 《三命通会》 table, identical to lunar-typescript's.
 */
export const HIDDEN_STEMS: readonly (readonly number[])[] = [
  [9], // 子: 癸
  [5, 9, 7], // 丑: 己 癸 辛
  [0, 2, 4], // 寅: 甲 丙 戊
  [1], // 卯: 乙
  [4, 1, 9], // 辰: 戊 乙 癸
  [2, 6, 4], // 巳: 丙 庚 戊
  [3, 5], // 午: 丁 己
  [5, 3, 1], // 未: 己 丁 乙
  [6, 8, 4], // 申: 庚 壬 戊
  [7], // 酉: 辛
  [4, 7, 3], // 戌: 戊 辛 丁
  [8, 0], // 亥: 壬 甲
];

/**
 * 纳音 names, one per pair of the sexagenary cycle: entry k covers cycle indices 2k and 2k+1
 * (甲子乙丑 海中金 … 壬戌癸亥 大海水). The last character is the nayin element, which the tests
 * re-derive with the 大衍 number rule.
 */
export const NAYIN: readonly string[] = [
  "海中金", "炉中火", "大林木", "路旁土", "剑锋金", "山头火",
  "涧下水", "城头土", "白蜡金", "杨柳木", "泉中水", "屋上土",
  "霹雳火", "松柏木", "长流水", "沙中金", "山下火", "平地木",
  "壁上土", "金箔金", "覆灯火", "天河水", "大驿土", "钗钏金",
  "桑柘木", "大溪水", "沙中土", "天上火", "石榴木", "大海水",
];

/** The twelve growth stages (十二长生) in their cyclic order, starting from 长生. */
export const GROWTH_STAGES = [
  "长生", "沐浴", "冠带", "临官", "帝旺", "衰", "病", "死", "墓", "绝", "胎", "养",
] as const;

/**
 * Branch index where each stem's 长生 stage falls. Yang stems advance through the branches, yin
 * stems go backwards; 火土同宫 (戊 shares 丙's cycle, 己 shares 丁's). 甲 亥, 乙 午, 丙戊 寅,
 * 丁己 酉, 庚 巳, 辛 子, 壬 申, 癸 卯.
 */
export const GROWTH_START_BRANCH: readonly number[] = [11, 6, 2, 9, 2, 9, 5, 0, 8, 3];

/**
 * Ten gods (十神) by relation of an element to the day master's element, each as
 * [same polarity, opposite polarity].
 */
export const TEN_GODS = {
  companion: ["比肩", "劫财"], // same element
  output: ["食神", "伤官"], // element the day master generates
  wealth: ["偏财", "正财"], // element the day master controls
  officer: ["七杀", "正官"], // element that controls the day master
  resource: ["偏印", "正印"], // element that generates the day master
} as const;

/** The ten god shown for the day stem itself: it is the day master, not a relation to it. */
export const DAY_MASTER_LABEL = "日主";

/**
 * The twelve 节 (the solar terms that open BaZi months), index 0 = 小寒, in calendar order.
 * 节 k opens the month whose branch is (k + 1) mod 12: 小寒 opens 丑, 立春 opens 寅 … 大雪 opens 子.
 */
export const JIE_NAMES = [
  "小寒", "立春", "惊蛰", "清明", "立夏", "芒种", "小暑", "立秋", "白露", "寒露", "立冬", "大雪",
] as const;

/** Index of 立春 in {@link JIE_NAMES}; it also opens the BaZi year. */
export const LICHUN = 1;
