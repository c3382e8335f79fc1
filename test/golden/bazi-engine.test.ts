/**
 * Runs EVERY line of the shared BaZi golden files against the engine. Expected values come only
 * from the golden files (independent implementations), never from our own code.
 *
 * - golden.jsonl: four pillars (`expect`), the 23:00 day-change school (`expect_sect1`, compared
 *   with our ZI_HOUR_DAY_BOUNDARY warning), `expect_sect2` (= our convention), the solar and lunar
 *   dates (`calendar`), the governing term instants (`meta`, to within 60 s — the file keeps
 *   boundary cases ≥ 60 s from a term), and `alternatives`: the same lunar-date birth under
 *   another lunar-calendar computation (`rd`: Calendrical Calculations with Beijing local time
 *   before 1929, `utc8`: pure UTC+08:00), which must match our LUNAR_MONTH_START_DISPUTED warning.
 * - invalid.jsonl: every input must be rejected by validateBirth.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { almanac, jieEntry } from "../../src/bazi/almanac.ts";
import { formatInstant } from "../../src/bazi/civil-date.ts";
import { type ChartBody, validateBirth } from "../../src/bazi/index.ts";
import { LICHUN } from "../../src/bazi/tables.ts";
import { chartOf, warningOf as warning } from "../unit/bazi/chart-helpers.ts";
import { referencePath } from "../helpers/reference.ts";

type Rec = Record<string, any>;
const read = (name: string): Rec[] =>
  readFileSync(referencePath("golden", "bazi", name), "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
const golden = read("golden.jsonl");
const invalid = read("invalid.jsonl");

const label = (r: Rec) => JSON.stringify(r.input);
const names = (c: ChartBody) => ({
  year: c.pillars.year.ganzhi,
  month: c.pillars.month.ganzhi,
  day: c.pillars.day.ganzhi,
  hour: c.pillars.hour.ganzhi,
});
/** "YYYY-MM-DD HH:MM:SS" in UTC+08:00 → epoch seconds. */
const instant = (s: string) => Date.parse(s.replace(" ", "T") + "+08:00") / 1000;
const JIE = new Set(["小寒", "立春", "惊蛰", "清明", "立夏", "芒种", "小暑", "立秋", "白露", "寒露", "立冬", "大雪"]);

test("the golden files have the size and format this test was written for", () => {
  expect(golden.length).toBe(757);
  expect(invalid.length).toBe(35);
  for (const r of golden) expect(Object.keys(r.expect).sort()).toEqual(["day", "hour", "month", "year"]);
});

const charts = new Map<Rec, ChartBody>(golden.map((r) => [r, chartOf(r.input)]));

describe("golden.jsonl", () => {
  test("four pillars of every case", () => {
    for (const r of golden) expect({ case: label(r), ...names(charts.get(r)!) }).toEqual({ case: label(r), ...r.expect });
  });

  test("expect_sect2 is our convention and expect_sect1 is the 23:00 day-change alternative", () => {
    const withSect = golden.filter((r) => r.expect_sect1);
    expect(withSect.length).toBe(181);
    for (const r of withSect) {
      const c = charts.get(r)!;
      const zi = warning(c, "ZI_HOUR_DAY_BOUNDARY");
      expect({ case: label(r), ...names(c) }).toEqual({ case: label(r), ...r.expect_sect2 });
      const sect1 = { ...names(c), day: zi ? zi.sect1_day_pillar : c.pillars.day.ganzhi };
      expect({ case: label(r), ...sect1 }).toEqual({ case: label(r), ...r.expect_sect1 });
      // The warning appears exactly when the schools disagree (births at 23:xx).
      expect({ case: label(r), warned: !!zi }).toEqual({ case: label(r), warned: r.expect_sect1.day !== r.expect.day });
    }
  });

  test("solar and lunar dates of every case", () => {
    for (const r of golden) {
      const c = charts.get(r)!;
      const cal = r.calendar;
      expect({ case: label(r), date: c.solar.date, lunar: c.lunar }).toEqual({
        case: label(r),
        date: cal.solar_date,
        lunar: expect.objectContaining({
          year: cal.lunar_date.year,
          month: cal.lunar_date.month,
          day: cal.lunar_date.day,
          is_leap_month: cal.lunar_date.is_leap_month,
        }),
      });
    }
  });

  test("governing 节 and 立春 instants agree with the file to within 60 s", () => {
    let worst = 0;
    for (const r of golden) {
      const c = charts.get(r)!;
      const [name, day, time] = r.meta.month_jie.split(" ");
      expect({ case: label(r), term: c.solar.month_term.name }).toEqual({ case: label(r), term: name });
      worst = Math.max(worst, Math.abs(instant(c.solar.month_term.time) - instant(`${day} ${time}`)));
      const lichun = formatInstant(almanac().jie[jieEntry(Number(c.solar.date.slice(0, 4)), LICHUN)]);
      worst = Math.max(worst, Math.abs(instant(lichun) - instant(r.meta.lichun)));
    }
    expect(worst).toBeLessThan(60);
  });

  test("a birth within two hours of a 节 warns with that term, its time and the other side's pillars", () => {
    const near = golden.filter((r) => JIE.has(r.meta.term) && Math.abs(r.meta.margin_s) <= 7200 - 60);
    expect(near.length).toBeGreaterThan(200);
    for (const r of near) {
      const w = warning(charts.get(r)!, "NEAR_SOLAR_TERM");
      expect({ case: label(r), term: w?.term }).toEqual({ case: label(r), term: r.meta.term });
      expect(Math.abs(instant(w!.term_time) - instant(r.meta.term_cst))).toBeLessThan(60);
      expect(Math.sign(w!.seconds_from_term)).toBe(Math.sign(r.meta.margin_s));
      expect(w!.other_side.month).not.toBe(r.expect.month);
      if (r.meta.term === "立春") expect(w!.other_side.year).not.toBe(r.expect.year);
      else expect(w!.other_side.year).toBe(r.expect.year);
    }
    // Far from any 节 (and 中气 boundaries, which change no pillar): no such warning.
    const far = golden.filter((r) => r.meta.term && (!JIE.has(r.meta.term) || Math.abs(r.meta.margin_s) > 7200 + 60));
    const farWarned = far.filter((r) => {
      const w = warning(charts.get(r)!, "NEAR_SOLAR_TERM");
      return w && w.term === r.meta.term;
    });
    expect(farWarned.map(label)).toEqual([]);
  });

  test("alternatives: the same lunar date under another calendar computation", () => {
    const withAlt = golden.filter((r) => r.alternatives);
    expect(withAlt.length).toBe(4);
    for (const r of withAlt) {
      const c = charts.get(r)!;
      const w = warning(c, "LUNAR_MONTH_START_DISPUTED");
      for (const alt of Object.values<Rec>(r.alternatives)) {
        expect({ case: label(r), alternative: w?.alternative }).toEqual({
          case: label(r),
          alternative: { solar_date: alt.solar_date, pillars: alt.expect },
        });
        // Independently: a solar-date chart for the alternative date gives the alternative pillars.
        const [year, month, day] = alt.solar_date.split("-").map(Number);
        const solar = chartOf({ ...r.input, calendar_type: "solar", is_leap_month: false, year, month, day });
        expect(names(solar)).toEqual(alt.expect);
      }
    }
  });

  test("lunar inputs in months opening on a near-midnight new moon carry the dispute warning", () => {
    const probes = golden.filter(
      (r) => r.input.calendar_type === "lunar" && (r.tags.includes("near_midnight_new_moon") || r.tags.includes("lunar_calendar_disputed")),
    );
    expect(probes.length).toBeGreaterThanOrEqual(8);
    for (const r of probes) expect({ case: label(r), code: warning(charts.get(r)!, "LUNAR_MONTH_START_DISPUTED")?.code }).toEqual({
      case: label(r),
      code: "LUNAR_MONTH_START_DISPUTED",
    });
  });
});

describe("invalid.jsonl", () => {
  test("every input is rejected with at least one located message", () => {
    for (const r of invalid) {
      const v = validateBirth(r.input);
      expect({ case: `${r.category}: ${r.reason}`, ok: v.ok }).toEqual({ case: `${r.category}: ${r.reason}`, ok: false });
      if (!v.ok) for (const d of v.details) expect(d.path).toMatch(/^birth(\.|$)/);
    }
  });

  test("calendar problems name the day count or leap month the file names", () => {
    for (const r of invalid.filter((x) => x.category === "lunar_day30_in_29day_month" || x.category.startsWith("solar_"))) {
      const v = validateBirth(r.input);
      expect(v.ok).toBe(false);
      if (!v.ok) expect({ case: r.reason, message: v.details[0].message }).toEqual({ case: r.reason, message: expect.stringMatching(/has (28|29|30) days$/) });
    }
  });
});
