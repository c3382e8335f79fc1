import { expect, test } from "bun:test";
import { timingCandidate } from "../../../src/liuyao/timing.ts";

test.each([
  // line, cast date, day branch → branch, rule, next day
  [{ branch: "午", moving: false, void: false, monthBreak: false }, "2026-03-10", "未", "子", "逢冲", "2026-03-15"], // 静而逢冲: 午 waits for 子
  [{ branch: "午", moving: true, void: false, monthBreak: false }, "2026-03-10", "未", "未", "逢合", "2026-03-10"], // 动而逢合: 午未合, today
  [{ branch: "申", moving: false, void: true, monthBreak: false }, "2026-03-10", "未", "申", "填实", "2026-03-11"], // 旬空 filled by its own day
  [{ branch: "酉", moving: false, void: false, monthBreak: true }, "2026-03-10", "未", "酉", "填实", "2026-03-12"], // 月破 filled
  [{ branch: "子", moving: false, void: false, monthBreak: false }, "2026-12-30", "亥", "午", "逢冲", "2027-01-06"], // across the year end
] as const)("%o on %s (a %s day) → %s by %s, first on %s", (line, date, dayBranch, branch, rule, next) => {
  // `today` exactly when the first such day is the cast's own.
  expect(timingCandidate(line, date, dayBranch)).toEqual({ branch, rule, next_day: next, today: next === date });
});
