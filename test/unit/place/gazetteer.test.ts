import { describe, expect, test } from "bun:test";
import { resolvePlace } from "../../../src/place/gazetteer.ts";
import { instantsOf, offsetMinutes, standardOffsetMinutes, wallAt } from "../../../src/place/zone.ts";
import fc from "fast-check";

describe("birthplaces as people write them", () => {
  test.each([
    ["杭州", "杭州市", "CN", "Asia/Shanghai"],
    ["浙江省杭州市", "杭州市", "CN", "Asia/Shanghai"],
    ["浙江杭州西湖区", "西湖区", "CN", "Asia/Shanghai"], // a district inside its city
    ["廣州", "广州市", "CN", "Asia/Shanghai"], // Traditional, folded
    ["Hangzhou", "杭州市", "CN", "Asia/Shanghai"], // pinyin
    ["乌鲁木齐", "乌鲁木齐市", "CN", "Asia/Shanghai"], // Beijing time, not Asia/Urumqi
    ["黔东南", "黔东南苗族侗族自治州", "CN", "Asia/Shanghai"],
    ["北京市朝阳区", "朝阳区", "CN", "Asia/Shanghai"],
    ["朝阳", "朝阳市", "CN", "Asia/Shanghai"], // the prefecture before the districts of that name
    ["香港", "香港", "HK", "Asia/Hong_Kong"],
    ["澳門", "澳门", "MO", "Asia/Macau"],
    ["臺北", "Taipei", "TW", "Asia/Taipei"],
    ["三藩市", "San Francisco", "US", "America/Los_Angeles"],
    ["温哥华", "Vancouver", "CA", "America/Vancouver"],
    ["Vancouver, WA", "Vancouver", "US", "America/Los_Angeles"],
    ["New York, NY, USA", "New York", "US", "America/New_York"],
    ["吉隆坡", "Kuala Lumpur", "MY", "Asia/Kuala_Lumpur"],
    ["London, UK", "London", "GB", "Europe/London"],
  ] as const)("%s → %s (%s, %s)", (text, name, country, zone) => {
    expect(resolvePlace(text)).toMatchObject({ name, country, time_zone: zone });
  });

  test("a district without its own coordinates takes its city's, marked approximate; unknown text is null", () => {
    expect(resolvePlace("北京市朝阳区")).toMatchObject({ approximate: true, longitude: resolvePlace("北京")!.longitude });
    expect(resolvePlace("杭州")!.approximate).toBe(false);
    expect(resolvePlace("火星")).toBeNull();
    expect(resolvePlace("浙江省")).toBeNull(); // a province alone: its capital is not assumed
    expect(resolvePlace("   ")).toBeNull();
  });
});

describe("zone history through ICU", () => {
  test("New York 1990: 02:30 on 1 April never happened; 01:30 on 28 October happened twice; standard offset −5 h", () => {
    expect(instantsOf("America/New_York", { year: 1990, month: 4, day: 1, hour: 2, minute: 30 })).toEqual([]);
    expect(instantsOf("America/New_York", { year: 1990, month: 10, day: 28, hour: 1, minute: 30 })).toEqual([Date.UTC(1990, 9, 28, 5, 30), Date.UTC(1990, 9, 28, 6, 30)]);
    expect(standardOffsetMinutes("America/New_York", 1990)).toBe(-300);
    expect(offsetMinutes("America/New_York", Date.UTC(1990, 6, 1, 12))).toBe(-240);
    expect(standardOffsetMinutes("Australia/Sydney", 1990)).toBe(600); // southern summer in January
  });

  test("every instant's wall clock names that instant again (1900–2100, eight zones)", () => {
    const zones = ["America/New_York", "Europe/London", "Asia/Taipei", "Asia/Hong_Kong", "Australia/Sydney", "America/Los_Angeles", "Asia/Kolkata", "America/Sao_Paulo"];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 2) / 60_000, max: Date.UTC(2100, 0, 1) / 60_000 }), fc.constantFrom(...zones), (minute, zone) => {
        const ms = minute * 60_000;
        expect(instantsOf(zone, wallAt(ms, offsetMinutes(zone, ms)))).toContain(ms);
      }),
      { numRuns: 1000, seed: 20261125 },
    );
  });
});

test("the committed gazetteer is exactly what scripts/generate-gazetteer.ts builds from its sources", async () => {
  const { buildGazetteer } = await import("../../../scripts/generate-gazetteer.ts");
  const committed = (await import("../../../src/place/data/gazetteer.json", { with: { type: "json" } })).default;
  expect(JSON.parse(JSON.stringify(buildGazetteer()))).toEqual(committed);
});

test("every place has a name, a two-letter country code and a time zone the runtime knows (Somaliland's cities are SO, Kosovo's XK)", async () => {
  const { rows } = (await import("../../../src/place/data/gazetteer.json", { with: { type: "json" } })).default as { rows: unknown[][] };
  const zones = new Set(Intl.supportedValuesOf("timeZone"));
  const wrong = rows.filter(([names, , country, , , zone]) => !String(names).split("|")[0] || !/^[A-Z]{2}$/.test(String(country)) || !(zones.has(String(zone)) || new Intl.DateTimeFormat("en", { timeZone: String(zone) }).resolvedOptions().timeZone));
  expect(wrong).toEqual([]);
  expect(resolvePlace("Pristina")).toMatchObject({ country: "XK", time_zone: "Europe/Belgrade" });
  expect(resolvePlace("Hargeysa")).toMatchObject({ country: "SO", province: null });
});
