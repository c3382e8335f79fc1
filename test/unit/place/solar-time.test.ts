/**
 * True solar time against astronomy-engine (used only here): the sun's hour angle at the longitude,
 * plus 12 hours, is local apparent solar time; ours is UTC + longitude × 4 min + the equation of time.
 */
import { expect, test } from "bun:test";
import { Body, HourAngle, Observer } from "astronomy-engine";
import fc from "fast-check";
import { equationOfTimeMinutes, solarTimeCorrection } from "../../../src/place/solar-time.ts";

/** Minutes between two clock readings, the short way round the day. */
const clockDiff = (a: number, b: number) => ((((a - b) % 1440) + 2160) % 1440) - 720;

test("local apparent solar time agrees with astronomy-engine's sun within 20 seconds, 1900–2100, any longitude", () => {
  fc.assert(
    fc.property(fc.integer({ min: Date.UTC(1900, 0, 1) / 60_000, max: Date.UTC(2100, 11, 31) / 60_000 }), fc.double({ min: -179, max: 179, noNaN: true }), (minute, longitude) => {
      const ms = minute * 60_000;
      const theirs = ((HourAngle(Body.Sun, new Date(ms), new Observer(30, longitude, 0)) + 12) % 24) * 60;
      const utcMinutes = (ms / 60_000) % 1440;
      const ours = utcMinutes + longitude * 4 + equationOfTimeMinutes(ms);
      expect(Math.abs(clockDiff(ours, theirs))).toBeLessThan(20 / 60);
    }),
    { numRuns: 2000, seed: 20261125 },
  );
});

test("the equation of time's known extremes: about −14.2 min in mid-February, +16.4 min in early November", () => {
  expect(equationOfTimeMinutes(Date.UTC(2026, 1, 11, 12))).toBeCloseTo(-14.2, 0);
  expect(equationOfTimeMinutes(Date.UTC(2026, 10, 3, 12))).toBeCloseTo(16.4, 0);
});

test("Ürümqi (87.6° E) on Beijing time is over two hours behind the sun's clock; New York (74.0° W) on EST about 4 minutes", () => {
  const at = Date.UTC(1990, 4, 17, 0);
  const urumqi = solarTimeCorrection(at, 87.6, 480);
  expect(urumqi.longitude_minutes).toBeCloseTo(-129.6, 1);
  expect(urumqi.correction_minutes).toBeCloseTo(urumqi.longitude_minutes + urumqi.equation_of_time_minutes, 0);
  expect(solarTimeCorrection(at, -74.0, -300).longitude_minutes).toBeCloseTo(4, 1);
});
