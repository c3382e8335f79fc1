/**
 * Usage by App and UTC month (src/platform/usage.ts): the month of an instant, the time to the next,
 * and the request counter that buffers counts in memory and writes them in one flush, on a real
 * SQLite file. What it promises (its header): counting adds no write per request, and a count is not
 * lost — not when a flush fails, not when the month turns.
 */
import { describe, expect, test } from "bun:test";
import { msUntilNextMonth, RequestCounter, utcMonth } from "../../../src/platform/usage.ts";
import { temporaryStores } from "../../helpers/platform-unit.ts";

const freshStore = temporaryStores("usage");
const NOV = Date.UTC(2026, 10, 28, 9, 0);
const DEC = Date.UTC(2026, 11, 1, 0, 0, 0, 5);

test("the UTC month of an instant, and the milliseconds to the next one", () => {
  expect([utcMonth(NOV), utcMonth(DEC - 6), utcMonth(DEC)]).toEqual(["2026-11", "2026-11", "2026-12"]);
  expect(msUntilNextMonth(DEC - 6)).toBe(1);
  expect(msUntilNextMonth(Date.UTC(2026, 11, 31, 23, 0))).toBe(3_600_000); // into 2027-01
});

describe("the request counter", () => {
  test("counts in memory per App, writes nothing until a flush, then writes the sums once", async () => {
    const store = freshStore();
    const counter = new RequestCounter(store);
    for (let i = 0; i < 3; i++) counter.count("app_a", NOV + i);
    counter.count("app_b", NOV);
    expect([counter.pendingFor("app_a", "2026-11"), counter.pendingFor("app_b", "2026-11"), counter.pendingFor("app_a", "2026-10")]).toEqual([3, 1, 0]);
    expect((await store.usage.get("app_a", "2026-11")).requests).toBe(0);
    await counter.flush();
    expect([(await store.usage.get("app_a", "2026-11")).requests, (await store.usage.get("app_b", "2026-11")).requests]).toEqual([3, 1]);
    expect(counter.pendingFor("app_a", "2026-11")).toBe(0);
    await counter.flush(); // nothing pending: nothing added
    expect((await store.usage.get("app_a", "2026-11")).requests).toBe(3);
    await store.close();
  });

  test("when the month turns, the old month's counts are written to the old month and the new ones start at zero", async () => {
    const store = freshStore();
    const counter = new RequestCounter(store);
    counter.count("app_a", NOV);
    counter.count("app_a", NOV + 1);
    counter.count("app_a", DEC);
    expect([counter.pendingFor("app_a", "2026-12"), counter.pendingFor("app_a", "2026-11")]).toEqual([1, 0]);
    await counter.flush();
    // The turn's own flush of November runs in the background: wait for it (at most 2 s).
    for (let waited = 0; (await store.usage.get("app_a", "2026-11")).requests === 0 && waited < 2000; waited += 10) await Bun.sleep(10);
    expect([(await store.usage.get("app_a", "2026-11")).requests, (await store.usage.get("app_a", "2026-12")).requests]).toEqual([2, 1]);
    await store.close();
  });

  test("a failed flush keeps its counts for the next one", async () => {
    const store = freshStore();
    const counter = new RequestCounter(store);
    counter.count("app_a", NOV);
    counter.count("app_a", NOV);
    store.sqlite.exec("PRAGMA query_only = ON"); // the database refuses writes, as on a read-only file
    await expect(counter.flush()).rejects.toThrow();
    store.sqlite.exec("PRAGMA query_only = OFF");
    counter.count("app_a", NOV);
    expect(counter.pendingFor("app_a", "2026-11")).toBe(3);
    await counter.flush();
    expect((await store.usage.get("app_a", "2026-11")).requests).toBe(3);
    await store.close();
  });

  test("a failed flush's counts do not move into a month that has turned meanwhile", async () => {
    const store = freshStore();
    const counter = new RequestCounter(store);
    counter.count("app_a", NOV);
    counter.count("app_a", NOV);
    store.sqlite.exec("PRAGMA query_only = ON");
    const flushing = counter.flush();
    counter.count("app_a", DEC); // December's first request arrives while November's write fails
    await expect(flushing).rejects.toThrow();
    store.sqlite.exec("PRAGMA query_only = OFF");
    expect([counter.pendingFor("app_a", "2026-12"), counter.pendingFor("app_a", "2026-11")]).toEqual([1, 0]);
    await store.close();
  });
});
