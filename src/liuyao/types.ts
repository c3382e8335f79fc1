import type { LineStrength } from "./strength.ts";
import type { CastCalendar } from "./calendar.ts";
import type { DayanProvenance, LineValue } from "./dayan.ts";
import type { Branch, Element, ElementEn, Relative, Spirit, Stem } from "./ganzhi.ts";
import type { Hexagram, HexagramRef, HiddenSpirit, NajiaLine } from "./hexagrams.ts";
import type { TransformTag } from "./transforms.ts";
import type { NoUsefulGod, UsefulGod } from "./useful-god.ts";

/** The marks a primary line can carry: 世 (the world line) or 应 (the response line). */
export const LINE_MARKS = ["世", "应"] as const;
export type LineMark = (typeof LINE_MARKS)[number];

// A line value is what a draw yields, so dayan.ts defines it (and need not import this file).
export type { LineValue } from "./dayan.ts";

/** How the lines were obtained. */
export type CastMethod = "manual_lines" | "dayan";

/** Input of castReading. */
export interface CastInput {
  /** Exactly six values of 6/7/8/9, bottom line first. */
  readonly lines: readonly number[];
  /** The instant whose month and day govern the reading. */
  readonly castAt: Date;
  /** The offset (minutes from UTC) whose wall clock gives the day: cast_at's own; default UTC+08:00. */
  readonly castAtOffset?: number;
  readonly question: string;
  readonly method: CastMethod;
  /** Required for "dayan" (from drawDayanLines), absent for "manual_lines". */
  readonly provenance?: DayanProvenance;
}

/** A line of the primary hexagram, with its day-dependent states. */
export interface PrimaryLine {
  readonly position: number;
  readonly value: LineValue;
  readonly yang: boolean;
  readonly moving: boolean;
  readonly stem: Stem;
  readonly branch: Branch;
  readonly element: Element;
  /** `element` in English (the shared table, src/bazi/tables.ts). */
  readonly element_en: ElementEn;
  readonly relative: Relative;
  readonly spirit: Spirit;
  /** 世 or 应 mark, or null. */
  readonly mark: LineMark | null;
  /** The branch is in the day's 旬空. */
  readonly void: boolean;
  /** The branch clashes the month branch (月破). */
  readonly month_break: boolean;
  /** The branch clashes the day branch (日冲). */
  readonly day_clash: boolean;
  /** 旺衰 against the month and the day, and what follows from it (strength.ts). */
  readonly strength: LineStrength;
}

/** The facts of a hexagram that a reading repeats from the 64-hexagram table. */
type HexagramFacts = Pick<
  Hexagram,
  "bits" | "name" | "short_name" | "king_wen" | "palace" | "palace_element" | "palace_element_en" | "generation" | "world" | "response" | "liuchong" | "liuhe"
>;

/** The primary (本) hexagram of a reading. */
export interface PrimaryHexagram extends HexagramFacts, Pick<Hexagram, "upper" | "lower"> {
  readonly gua_shen: { readonly branch: Branch; readonly positions: readonly number[] };
  readonly lines: readonly PrimaryLine[];
  readonly hidden: readonly HiddenSpirit[];
}

/**
 * A line of the changed hexagram: its 纳甲 line, except that `relative` is the 六亲 from the
 * ORIGINAL (primary) palace element — the standard rule.
 */
export interface ChangedLine extends NajiaLine {
  /** 六亲 from the changed hexagram's own palace (minority convention, for reference). */
  readonly relative_own_palace: Relative;
}

/** What a moving line turns into. */
export interface LineTransform {
  readonly position: number;
  /** Branch of the moving line. */
  readonly from: Branch;
  /** Branch of the line it changes into. */
  readonly to: Branch;
  readonly from_element: Element;
  /** `from_element` in English. */
  readonly from_element_en: ElementEn;
  readonly to_element: Element;
  /** `to_element` in English. */
  readonly to_element_en: ElementEn;
  readonly tags: readonly TransformTag[];
}

/** The changed (变) hexagram; palace, generation, world and response are its own. */
export interface ChangedHexagram extends HexagramFacts {
  readonly lines: readonly ChangedLine[];
  readonly transforms: readonly LineTransform[];
}

/** A complete, deterministic LiuYao reading. */
export interface Reading {
  readonly question: string;
  readonly method: CastMethod;
  readonly lines: readonly LineValue[];
  readonly cast_at: string;
  readonly calendar: CastCalendar;
  readonly primary: PrimaryHexagram;
  readonly changed: ChangedHexagram | null;
  readonly moving_lines: readonly number[];
  readonly hu: HexagramRef;
  readonly cuo: HexagramRef;
  readonly zong: HexagramRef;
  /** The useful god (用神) of the question, or null with `useful_god_reason` saying why. */
  readonly useful_god: UsefulGod | null;
  readonly useful_god_reason: NoUsefulGod | null;
  readonly dayan?: DayanProvenance;
}
