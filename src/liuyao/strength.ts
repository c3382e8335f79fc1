/**
 * A line's strength against the month and the day (旺衰), and the states derived from it, by the
 * rules of 《增删卜易》 and 《卜筮正宗》 as they are commonly taught:
 *  - month: 旺相休囚死 of the line's element in the month (the month branch's element 旺, the
 *    one it generates 相, the one generating it 休, the one controlling it 囚, the one it controls 死);
 *  - day: the day branch's element against the line's (生, 克, 比, or the line 泄 into it / 耗 on
 *    it) and the branches' own 冲 or 合;
 *  - 日破: a still line the day clashes while the month leaves it weak (休囚死); 暗动: a still line
 *    the day clashes while the month makes it strong (旺相);
 *  - effective void: a void line is not void in effect when it moves (动不为空) or the day clashes
 *    it (冲空则实);
 *  - 入墓: the line's tomb branch (木未, 火戌, 金丑, 水土辰: 水土同墓, the 六爻 convention) is the
 *    day's, the month's, or — for a moving line — its changed line's (化入墓).
 * Pure: branches in, facts out.
 */
import { BRANCH_ELEMENT, type Branch, type Element, branchesClash, branchesCombine, controls, generates } from "./ganzhi.ts";

/** 旺相休囚死: the states of an element in a month. */
export const MONTH_STATES = ["旺", "相", "休", "囚", "死"] as const;
export type MonthState = (typeof MONTH_STATES)[number];
/** How the day branch's element stands to a line's: 生 克 比 泄 耗. */
export const DAY_ELEMENT_RELATIONS = ["生", "克", "比", "泄", "耗"] as const;
export type DayElementRelation = (typeof DAY_ELEMENT_RELATIONS)[number];
/** The day branch clashes (冲) or combines with (合) a line's branch. */
export const DAY_BRANCH_RELATIONS = ["冲", "合"] as const;
export type DayBranchRelation = (typeof DAY_BRANCH_RELATIONS)[number];
/** Where a line can enter its tomb: the day, the month, or its changed line. */
export const TOMB_PLACES = ["day", "month", "changed"] as const;
export type TombPlace = (typeof TOMB_PLACES)[number];

export interface LineStrength {
  /** 旺相休囚死 of the line's element in the month. */
  month: MonthState;
  /** The day branch's element against the line's: 生 (generates it), 克 (controls it), 比 (same), 泄 (the line generates the day's), 耗 (the line controls the day's). */
  day: DayElementRelation;
  /** The day branch clashes (冲) or combines with (合) the line's branch, or neither. */
  day_branch: DayBranchRelation | null;
  /** 日破: still, clashed by the day, weak in the month. */
  day_break: boolean;
  /** 暗动: still, clashed by the day, strong in the month. */
  hidden_moving: boolean;
  /** In the day's void and void in effect (not moving, not clashed by the day). */
  effective_void: boolean;
  /** Where the line enters its tomb (入墓), or null: the day (入日墓), the month (入月墓), its changed line (化入墓). */
  tomb: TombPlace | null;
}

/** Each element's tomb branch (墓库), 水土同墓 as 六爻 counts it. */
export const TOMB: Readonly<Record<Element, Branch>> = { 木: "未", 火: "戌", 土: "辰", 金: "丑", 水: "辰" };

/** The state of `element` in a month ruled by `ruler` (the month branch's element). */
export function monthState(ruler: Element, element: Element): MonthState {
  if (element === ruler) return "旺";
  if (generates(ruler, element)) return "相";
  if (generates(element, ruler)) return "休";
  if (controls(element, ruler)) return "囚";
  return "死";
}

function dayRelation(day: Element, element: Element): DayElementRelation {
  if (day === element) return "比";
  if (generates(day, element)) return "生";
  if (controls(day, element)) return "克";
  return generates(element, day) ? "泄" : "耗";
}

export interface LineAtTime {
  branch: Branch;
  moving: boolean;
  /** The branch is in the day's 旬空. */
  void: boolean;
  /** The changed line's branch, for a moving line. */
  changedBranch: Branch | null;
}

/** A line's strength at a month and day branch. */
export function lineStrength(line: LineAtTime, monthBranch: Branch, dayBranch: Branch): LineStrength {
  const element = BRANCH_ELEMENT[line.branch];
  const month = monthState(BRANCH_ELEMENT[monthBranch], element);
  const clashed = branchesClash(line.branch, dayBranch);
  const strongInMonth = month === "旺" || month === "相";
  const tomb = TOMB[element];
  return {
    month,
    day: dayRelation(BRANCH_ELEMENT[dayBranch], element),
    day_branch: clashed ? "冲" : branchesCombine(line.branch, dayBranch) ? "合" : null,
    day_break: !line.moving && clashed && !strongInMonth,
    hidden_moving: !line.moving && clashed && strongInMonth,
    effective_void: line.void && !line.moving && !clashed,
    tomb: dayBranch === tomb ? "day" : monthBranch === tomb ? "month" : line.changedBranch === tomb ? "changed" : null,
  };
}
