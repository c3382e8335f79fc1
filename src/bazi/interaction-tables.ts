/**
 * The classical stem and branch interactions (合冲刑害破) as typed data: 天干五合, 地支六合, 三合,
 * 三会, 六冲, 三刑 and 自刑, 六害, 六破. Source: 《渊海子平》 and 《三命通会》 (public domain), the
 * tables every school shares; test/unit/bazi/interactions.test.ts re-derives each one from the
 * arithmetic rule it follows (e.g. the six clashes are the branches six apart) and checks named
 * cases. Indices as in tables.ts (stem 0 = 甲, branch 0 = 子, element 0 = wood).
 */

/** 天干五合: stem pairs five apart, and the element each pair is said to transform into. */
export const STEM_COMBINATIONS: readonly { stems: readonly [number, number]; element: number }[] = [
  { stems: [0, 5], element: 2 }, // 甲己合化土
  { stems: [1, 6], element: 3 }, // 乙庚合化金
  { stems: [2, 7], element: 4 }, // 丙辛合化水
  { stems: [3, 8], element: 0 }, // 丁壬合化木
  { stems: [4, 9], element: 1 }, // 戊癸合化火
];

/** 地支六合: branch pairs whose indices sum to 1 (mod 12), and their element. */
export const SIX_COMBINATIONS: readonly { branches: readonly [number, number]; element: number }[] = [
  { branches: [0, 1], element: 2 }, // 子丑合土
  { branches: [2, 11], element: 0 }, // 寅亥合木
  { branches: [3, 10], element: 1 }, // 卯戌合火
  { branches: [4, 9], element: 3 }, // 辰酉合金
  { branches: [5, 8], element: 4 }, // 巳申合水
  { branches: [6, 7], element: 1 }, // 午未合火 (some texts: 土)
];

/** 三合局: branches four apart (生, 旺, 墓), the middle one the element's peak. */
export const THREE_COMBINATIONS: readonly { branches: readonly [number, number, number]; element: number }[] = [
  { branches: [8, 0, 4], element: 4 }, // 申子辰合水局
  { branches: [11, 3, 7], element: 0 }, // 亥卯未合木局
  { branches: [2, 6, 10], element: 1 }, // 寅午戌合火局
  { branches: [5, 9, 1], element: 3 }, // 巳酉丑合金局
];

/** 三会方: the three branches of one season and direction. */
export const DIRECTIONAL_COMBINATIONS: readonly { branches: readonly [number, number, number]; element: number }[] = [
  { branches: [2, 3, 4], element: 0 }, // 寅卯辰会东方木
  { branches: [5, 6, 7], element: 1 }, // 巳午未会南方火
  { branches: [8, 9, 10], element: 3 }, // 申酉戌会西方金
  { branches: [11, 0, 1], element: 4 }, // 亥子丑会北方水
];

/** 六冲: branches six apart. */
export const CLASHES: readonly (readonly [number, number])[] = [
  [0, 6], // 子午
  [1, 7], // 丑未
  [2, 8], // 寅申
  [3, 9], // 卯酉
  [4, 10], // 辰戌
  [5, 11], // 巳亥
];

/**
 * 三刑 and 自刑: a punishment is two or more of a group present (自刑: the same branch twice). A chart
 * names one by its branches (寅巳相刑, 辰辰自刑), not by the group's classical name (in the comments).
 */
export const PUNISHMENTS: readonly { branches: readonly number[] }[] = [
  { branches: [2, 5, 8] }, // 寅巳申, 恃势之刑
  { branches: [1, 10, 7] }, // 丑戌未, 无恩之刑
  { branches: [0, 3] }, // 子卯, 无礼之刑
  { branches: [4] }, // 辰辰 自刑
  { branches: [6] }, // 午午 自刑
  { branches: [9] }, // 酉酉 自刑
  { branches: [11] }, // 亥亥 自刑
];

/** 六害 (六穿): branch pairs whose indices sum to 7 (mod 12). */
export const HARMS: readonly (readonly [number, number])[] = [
  [0, 7], // 子未
  [1, 6], // 丑午
  [2, 5], // 寅巳
  [3, 4], // 卯辰
  [8, 11], // 申亥
  [9, 10], // 酉戌
];

/** 六破: each yang branch with the branch three places before it (子酉, 午卯…). */
export const DESTRUCTIONS: readonly (readonly [number, number])[] = [
  [0, 9], // 子酉
  [6, 3], // 午卯
  [2, 11], // 寅亥
  [8, 5], // 申巳
  [4, 1], // 辰丑
  [10, 7], // 戌未
];
