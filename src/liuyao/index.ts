/**
 * The pure LiuYao cast engine: no I/O, no clock, no ambient randomness.
 * castReading turns six line values and an instant into a reading; drawDayanLines
 * draws the lines from a random source the caller supplies.
 */
export { castReading } from "./reading.ts";
export {
  drawDayanLines,
  randomIntFromBytes,
  yarrowChange,
  yarrowLine,
  DAYAN_LINE_ODDS,
  DAYAN_STALKS,
  type RandomInt,
  type DayanChange,
  type DayanLineDraw,
  type DayanProvenance,
} from "./dayan.ts";
export { castCalendar, offsetOf, toOffsetIso, CAST_YEAR_RANGE, NEAR_JIE_MS, type CastCalendar, type CalendarConventions, type ConventionFlag, type JieInstant } from "./calendar.ts";
export { HEXAGRAMS, hexagramByBits, type Hexagram, type HexagramRef, type HiddenSpirit, type NajiaLine } from "./hexagrams.ts";
export { TRIGRAMS, TRIGRAM_NAMES, type Trigram, type TrigramName } from "./trigrams.ts";
export { GENERATIONS, type Generation } from "./palaces.ts";
export { transformTags, type TransformTag } from "./transforms.ts";
export { usefulGod, NO_USEFUL_GOD_CODES, type NoUsefulGod, type QuestionFrame, type RelativeLines, type UsefulGod } from "./useful-god.ts";
export { timingCandidate, type TimingCandidate, type TimingRule } from "./timing.ts";
export type { LineStrength } from "./strength.ts";
export type { Branch, Element, ElementEn, Relative, Spirit, Stem } from "./ganzhi.ts";
export type {
  CastInput,
  CastMethod,
  ChangedHexagram,
  ChangedLine,
  LineTransform,
  LineValue,
  PrimaryHexagram,
  PrimaryLine,
  Reading,
} from "./types.ts";
