/**
 * Timing (应期) from the useful god's line, by the common rules (《增删卜易》·应期章): a void line comes
 * when its own branch fills it (填实); a month-broken line when its branch's day or month comes (填实);
 * a moving line when the day combines it (动而逢合); a still line when the day clashes it (静而逢冲).
 * Pure: the line's state and the cast's local date and day branch are arguments.
 */
import { BRANCHES, type Branch, branchesCombine, clashOf } from "./ganzhi.ts";

export type TimingRule = "填实" | "逢合" | "逢冲";

export interface TimingCandidate {
  /** The branch whose day (or month) the rule points to. */
  branch: Branch;
  rule: TimingRule;
  /** The first such day on or after the cast's date ("YYYY-MM-DD"). */
  next_day: string;
  /** The cast's own day is such a day. */
  today: boolean;
}

/**
 * @example timingCandidate({ branch: "午", moving: false, void: false, monthBreak: false }, "2026-03-10", "未").branch // "子" (静而逢冲)
 */
export function timingCandidate(line: { branch: Branch; moving: boolean; void: boolean; monthBreak: boolean }, castDate: string, dayBranch: Branch): TimingCandidate {
  const rule: TimingRule = line.void || line.monthBreak ? "填实" : line.moving ? "逢合" : "逢冲";
  const branch = rule === "填实" ? line.branch : rule === "逢合" ? BRANCHES.find((b) => branchesCombine(b, line.branch))! : clashOf(line.branch);
  const days = (BRANCHES.indexOf(branch) - BRANCHES.indexOf(dayBranch) + 12) % 12;
  const date = new Date(`${castDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return { branch, rule, next_day: date.toISOString().slice(0, 10), today: days === 0 };
}
