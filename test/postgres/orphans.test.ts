/**
 * A write that hangs on a record (a Response on its Subject, feedback on its
 * Response) is refused with DeletedMeanwhile when that record was deleted after
 * the request read it: nothing is stored or billed, so no orphan outlives a
 * hard delete. The same checks on SQLite and on PostgreSQL.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { describePostgres, onFreshSqliteStore, storesOnFreshDatabase } from "./helpers.ts";
import { DeletedMeanwhile } from "../../src/db/types.ts";
import type { Storage } from "../../src/db/storage.ts";
import { newId } from "../../src/ids.ts";
import { toApiError } from "../../src/platform/pipeline.ts";
import { createLogger } from "../../src/platform/request-log.ts";

const MONTH = "2026-04";
const T0 = Date.UTC(2026, 3, 10);

async function refusesOrphans(store: Storage, appId: string): Promise<void> {
  const chartId = newId("chart");
  await store.subjects.chart.insert({ id: chartId, appId, endUserId: null, createdAt: T0, record: "{}" });
  const responseId = newId("response");
  const row = { id: responseId, appId, capability: "bazi" as const, subjectId: chartId, previousResponseId: null, createdAt: T0, summary: "s", record: "{}" };
  await store.responses.insert(row, { month: MONTH, units: 1 });
  expect(await store.subjects.chart.delete(appId, chartId)).toBe(true);

  // The Subject is gone: a Response about it is refused, unbilled.
  const late = { ...row, id: newId("response") };
  await expect(store.responses.insert(late, { month: MONTH, units: 1 })).rejects.toBeInstanceOf(DeletedMeanwhile);
  expect(await store.responses.get(appId, late.id)).toBeNull();
  expect((await store.usage.get(appId, MONTH)).billingUnits).toBe(1);
  // Its first Response went with it: feedback on that is refused too.
  await expect(store.responses.insertFeedback({ id: newId("feedback"), appId, responseId, createdAt: T0, record: "{}" })).rejects.toBeInstanceOf(DeletedMeanwhile);
  // Another App's Subject reads as missing as well.
  const foreign = newId("chart");
  await store.subjects.chart.insert({ id: foreign, appId: `${appId}_other`, endUserId: null, createdAt: T0, record: "{}" });
  await expect(store.responses.insert({ ...row, id: newId("response"), subjectId: foreign }, { month: MONTH, units: 1 })).rejects.toBeInstanceOf(DeletedMeanwhile);
}

test("DeletedMeanwhile answers 404 RESOURCE_NOT_FOUND naming the deleted record", () => {
  const error = toApiError(new DeletedMeanwhile("bzc_gone"), createLogger("silent"), "req_x", T0);
  expect(error.status).toBe(404);
  expect(error.code).toBe("RESOURCE_NOT_FOUND");
  expect(error.message).toContain("bzc_gone");
});

test("SQLite: no Response on a deleted Subject, no feedback on a deleted Response", async () => {
  await onFreshSqliteStore("orphans", (store) => refusesOrphans(store, "app_sqlite"));
});

describePostgres("PostgreSQL orphans", () => {
  let env: Awaited<ReturnType<typeof storesOnFreshDatabase>>;
  beforeAll(async () => {
    env = await storesOnFreshDatabase("orphans");
  });
  afterAll(() => env?.close());

  test("no Response on a deleted Subject, no feedback on a deleted Response", async () => {
    await refusesOrphans(env.stores[0]!, "app_pg");
  });
});
