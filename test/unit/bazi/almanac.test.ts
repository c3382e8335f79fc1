/**
 * The precomputed term / lunar-month table: structural rules it must obey (which the O(1)
 * lookups rely on), agreement with lunar-typescript itself, and well-known dates typed by hand.
 */
import { describe, expect, test } from "bun:test";
import { Lunar, LunarYear, Solar } from "lunar-typescript";
import { fileURLToPath } from "node:url";
import { almanac, almanacToData, extractAlmanac, FIRST_JDN, jieEntry, LAST_JDN, LAST_LUNAR_JDN, lunarMonthIndexAt } from "../../../src/bazi/almanac.ts";
import committed from "../../../src/bazi/data/almanac.json" with { type: "json" };
import { DAY_SECONDS, formatInstant, formatJdn, jdnFromYmd, ymdFromJdn } from "../../../src/bazi/civil-date.ts";
import { JIE_NAMES } from "../../../src/bazi/tables.ts";

const a = almanac();

test("the committed data/almanac.json is exactly what the installed lunar-typescript computes (else run npm run generate:almanac)", () => {
  expect(committed).toEqual(almanacToData(extractAlmanac()));
  expect(almanacToData(a)).toEqual(committed);
});

test("prepareAlmanac builds the tables there and then: almanac() afterwards no longer reads data/almanac.json", () => {
  // In a fresh process (this one has built them already): emptying the imported data after
  // prepareAlmanac() must leave almanac()'s 节 table whole.
  const url = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));
  const script = [
    `import data from ${url("../../../src/bazi/data/almanac.json")} with { type: "json" };`,
    `import { almanac, prepareAlmanac } from ${url("../../../src/bazi/almanac.ts")};`,
    "prepareAlmanac();",
    "data.jie = [];",
    "console.log(almanac().jie.length);",
  ].join("\n");
  const run = Bun.spawnSync([process.execPath, "-e", script]);
  expect(run.stderr.toString()).toBe("");
  expect(Number(run.stdout.toString())).toBe(committed.jie.length);
});

describe("节 table", () => {
  test("covers 大雪 1899 … 小寒 2102 (lunar 2100 ends in 2101), strictly increasing, 29–32 days apart", () => {
    expect(a.jie.length).toBe(jieEntry(2102, 0) + 1);
    for (let e = 1; e < a.jie.length; e++) {
      const gap = (a.jie[e] - a.jie[e - 1]) / DAY_SECONDS;
      if (gap < 29 || gap > 32) throw new Error(`gap ${gap} before entry ${e}`);
    }
    expect(a.jie[0]).toBeLessThan(FIRST_JDN * DAY_SECONDS);
    expect(a.jie[a.jie.length - 1]).toBeGreaterThan((LAST_LUNAR_JDN + 1) * DAY_SECONDS);
  });

  test("节 k of every year falls on day 3–9 of Gregorian month k+1 (what jieIndexAt relies on)", () => {
    for (let y = 1900; y <= 2100; y++) {
      for (let k = 0; k < 12; k++) {
        const d = ymdFromJdn(Math.floor(a.jie[jieEntry(y, k)] / DAY_SECONDS));
        if (d.year !== y || d.month !== k + 1 || d.day < 3 || d.day > 9) throw new Error(`${JIE_NAMES[k]} ${y}: ${JSON.stringify(d)}`);
      }
    }
  });

  test("equals lunar-typescript's own term instants (to the second) for sampled years", () => {
    for (const y of [1900, 1949, 1984, 2000, 2024, 2100]) {
      const table = Lunar.fromYmd(y, 6, 1).getJieQiTable();
      for (let k = 0; k < 12; k++) {
        expect(formatInstant(a.jie[jieEntry(y, k)])).toBe(table[JIE_NAMES[k]].toYmdHms());
      }
    }
  });

  test("立春 dates typed from a printed almanac (万年历)", () => {
    // 1949-02-04, 1984-02-04 (23:19 — the famous late 立春), 2000-02-04, 2021-02-03, 2024-02-04.
    const lichun = (y: number) => formatInstant(a.jie[jieEntry(y, 1)]).slice(0, 16);
    expect(lichun(1984)).toBe("1984-02-04 23:18");
    expect(lichun(1949).slice(0, 10)).toBe("1949-02-04");
    expect(lichun(2000).slice(0, 10)).toBe("2000-02-04");
    expect(lichun(2021).slice(0, 10)).toBe("2021-02-03");
    expect(lichun(2024).slice(0, 10)).toBe("2024-02-04");
  });
});

describe("lunar month table", () => {
  test("months last 29 or 30 days and are contiguous over the whole range", () => {
    for (let i = 1; i < a.monthStart.length; i++) {
      const len = a.monthStart[i] - a.monthStart[i - 1];
      if (len !== 29 && len !== 30) throw new Error(`month ${i - 1} has ${len} days`);
    }
    expect(a.monthStart[lunarMonthIndexAt(a, FIRST_JDN)]).toBeLessThanOrEqual(FIRST_JDN);
    expect(a.monthStart[a.monthStart.length - 1]).toBeGreaterThan(LAST_JDN);
  });

  test("every lunar year 1900–2100 has months 1…12 in order plus at most one leap month after its namesake", () => {
    for (let y = 1900; y <= 2100; y++) {
      const first = a.yearFirstMonth[y - 1900];
      const leap = a.yearLeapMonth[y - 1900];
      const count = leap ? 13 : 12;
      const seq: string[] = [];
      for (let i = first; i < first + count; i++) {
        expect(a.monthYear[i]).toBe(y);
        seq.push((a.monthLeap[i] ? "L" : "") + a.monthNumber[i]);
      }
      const expected = Array.from({ length: 12 }, (_, k) => String(k + 1));
      if (leap) expected.splice(leap, 0, "L" + leap);
      expect(seq).toEqual(expected);
      expect(a.monthYear[first + count]).toBe(y + 1);
    }
  });

  test("leap months and new-year days typed from published calendars", () => {
    const leap = (y: number) => a.yearLeapMonth[y - 1900];
    // 2020 闰四月, 2023 闰二月, 2025 闰六月, 1900 闰八月, 1984 闰十月; 2024 and 2021 none.
    expect([2020, 2023, 2025, 1900, 1984, 2024, 2021].map(leap)).toEqual([4, 2, 6, 8, 10, 0, 0]);
    const newYear = (y: number) => formatJdn(a.monthStart[a.yearFirstMonth[y - 1900]]);
    // 春节: 1900-01-31, 1949-01-29, 1984-02-02, 2000-02-05, 2024-02-10, 2025-01-29.
    expect([1900, 1949, 1984, 2000, 2024, 2025].map(newYear)).toEqual([
      "1900-01-31", "1949-01-29", "1984-02-02", "2000-02-05", "2024-02-10", "2025-01-29",
    ]);
  });

  test("matches lunar-typescript's months for sampled years", () => {
    for (const y of [1906, 1922, 1987, 2033, 2100]) {
      for (const m of LunarYear.fromYear(y).getMonths()) {
        const i = lunarMonthIndexAt(a, m.getFirstJulianDay());
        expect([a.monthStart[i], a.monthYear[i], a.monthLeap[i] ? -a.monthNumber[i] : a.monthNumber[i]]).toEqual([
          m.getFirstJulianDay(),
          m.getYear(),
          m.getMonth(),
        ]);
        expect(formatJdn(a.monthStart[i])).toBe(Solar.fromJulianDay(m.getFirstJulianDay()).toYmd());
      }
    }
    // The library's month "first Julian day" is the JD at noon, i.e. our JDN.
    expect(jdnFromYmd(2000, 1, 1)).toBe(Solar.fromYmdHms(2000, 1, 1, 12, 0, 0).getJulianDay());
  });
});
