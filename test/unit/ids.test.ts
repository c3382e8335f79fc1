import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { base62Time, ID_PREFIXES, newId } from "../../src/ids.ts";

describe("newId", () => {
  test("prefix, then 20 base62 characters", () => {
    for (const kind of Object.keys(ID_PREFIXES) as (keyof typeof ID_PREFIXES)[]) {
      expect(newId(kind)).toMatch(new RegExp(`^${ID_PREFIXES[kind]}_[0-9A-Za-z]{20}$`));
    }
  });
  test("ids made in a later millisecond sort after earlier ones (string order)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 62 ** 8 - 2 }), fc.integer({ min: 1, max: 10 ** 12 }), (t, dt) => {
        const later = Math.min(t + dt, 62 ** 8 - 1);
        expect(newId("chart", t) < newId("chart", later)).toBe(true);
      }),
    );
  });
  test("the time part is fixed-width and exact at the edges", () => {
    expect(base62Time(0)).toBe("00000000");
    expect(base62Time(61)).toBe("0000000z");
    expect(base62Time(62)).toBe("00000010");
    expect(base62Time(62 ** 8 - 1)).toBe("zzzzzzzz");
    expect(base62Time(Date.UTC(2026, 10, 23))).toHaveLength(8);
  });
  test("ids of a kind made in the same millisecond sort in the order they were made (the lists page by id)", () => {
    const now = Date.now();
    for (const kind of ["chart", "cast", "plan", "session", "response"] as const) {
      const made = Array.from({ length: 5_000 }, () => newId(kind, now));
      expect([...made].sort()).toEqual(made);
    }
  });
  test("ids made in the same millisecond still differ (12 random characters)", () => {
    const now = Date.now();
    const ids = new Set(Array.from({ length: 10_000 }, () => newId("chart", now)));
    expect(ids.size).toBe(10_000);
    expect(new Set([...ids].map((id) => id.slice(0, 12))).size).toBe(1);
  });
});
