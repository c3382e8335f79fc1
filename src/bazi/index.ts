/**
 * Public surface of the pure BaZi engine: validate a birth, then compute its chart.
 * @example
 * const v = validateBirth(body.birth);
 * if (v.ok) { const chart = computeChart(v.birth); }
 */
export { prepareAlmanac } from "./almanac.ts";
export type { BirthInput, CalendarType, Gender, NormalizedBirth, TimeConfidence } from "./birth.ts";
export { type ChartBody, computeChart, type HourAlternative, type HourPillar } from "./chart.ts";
export { CONVENTIONS_JSON, type Conventions } from "./conventions.ts";
export { FIVE_ELEMENT_RULE, type FiveElements } from "./five-elements.ts";
export type { Luck, LuckPillar } from "./luck.ts";
export { annualPillars, type ChartForYears, luckWithYears, type LuckWithYears, monthPillars, natalChartOf, type MonthPillar, type NatalChart, type YearPillar } from "./annual.ts";
export type { HiddenStem, NamedPillar, Pillar } from "./pillar-view.ts";
export type { GradedStrength, Root, StrengthBand } from "./strength.ts";
export { ELEMENT_EN, ELEMENT_ZH, ELEMENTS_ZH, TEN_GODS, type Element, type ElementZh } from "./tables.ts";
export { elementOfTenGod, elementsOfGanzhi } from "./relations.ts";
export { type ZodiacMatch, zodiacMatch, type ZodiacVerdict } from "./zodiac-match.ts";
export type { ChartWarning, FourPillarNames } from "./warnings.ts";
export { type ValidateBirthResult, type ValidationDetail, validateBirth } from "./validate-birth.ts";
