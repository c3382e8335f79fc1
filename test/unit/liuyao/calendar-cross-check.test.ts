/**
 * The cast calendar (read from the chart's 节 tables) against lunar-typescript computed the slow way,
 * as the calendar once was: for thousands of random instants and offsets, and one second either side
 * of sampled 节 instants, the month (exact and by day), the day (00:00 and 23:00 rules) and both
 * neighbouring 节 agree.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { Solar } from "lunar-typescript";
import { castCalendar } from "../../../src/liuyao/calendar.ts";

const fields = (ms: number, offsetMinutes: number) => {
  const d = new Date(ms + offsetMinutes * 60_000);
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()] as const;
};
const lunarAt = (ms: number, offsetMinutes: number) => Solar.fromYmdHms(...fields(ms, offsetMinutes)).getLunar();
const jieMs = (s: Solar) => Date.UTC(s.getYear(), s.getMonth() - 1, s.getDay(), s.getHour(), s.getMinute(), s.getSecond()) - 8 * 3_600_000;

function library(ms: number, offsetMinutes: number) {
  const beijing = lunarAt(ms, 480);
  const local = lunarAt(ms, offsetMinutes);
  return {
    month: beijing.getMonthInGanZhiExact(),
    byDay: beijing.getMonthInGanZhi(),
    day: local.getDayInGanZhi(),
    day23: local.getDayInGanZhiExact(),
    prev: [beijing.getPrevJie().getName(), jieMs(beijing.getPrevJie().getSolar())],
    next: [beijing.getNextJie().getName(), jieMs(beijing.getNextJie().getSolar())],
  };
}

function ours(ms: number, offsetMinutes: number) {
  const c = castCalendar(new Date(ms), offsetMinutes);
  return {
    month: c.month_pillar,
    byDay: c.month_pillar_by_day,
    day: c.day_pillar,
    day23: c.day_pillar_23h_rule,
    prev: [c.prev_jie.name, Date.parse(c.prev_jie.at)],
    next: [c.next_jie.name, Date.parse(c.next_jie.at)],
  };
}

const OFFSETS = [480, 0, -240, -300, 330, 345, 600, -600, 540, 60];

test("random instants 1901–2099 in ten offsets (fixed seed)", () => {
  fc.assert(
    fc.property(fc.integer({ min: Date.UTC(1901, 0, 1) / 1000, max: Date.UTC(2099, 11, 1) / 1000 }), fc.constantFrom(...OFFSETS), (seconds, offset) => {
      const ms = seconds * 1000;
      expect({ at: new Date(ms).toISOString(), offset, ...ours(ms, offset) }).toEqual({ at: new Date(ms).toISOString(), offset, ...library(ms, offset) });
    }),
    { numRuns: 3000, seed: 20261125 },
  );
});

test("one second either side of every 节 in sampled years", () => {
  for (let year = 1901; year <= 2099; year += 7) {
    let jie = Solar.fromYmdHms(year, 1, 15, 0, 0, 0).getLunar().getNextJie();
    for (let k = 0; k < 12; k++) {
      const at = jieMs(jie.getSolar());
      for (const delta of [-1000, 0, 1000]) expect({ year, k, delta, ...ours(at + delta, 480) }).toEqual({ year, k, delta, ...library(at + delta, 480) });
      jie = Solar.fromYmdHms(...fields(at + 86_400_000, 480)).getLunar().getNextJie();
    }
  }
});
