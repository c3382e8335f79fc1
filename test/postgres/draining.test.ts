/**
 * Draining on SIGTERM with PostgreSQL: the scenario of test/helpers/draining.ts (also run on
 * SQLite by test/http/draining.test.ts) on a real `serve` process with DATABASE_URL.
 */
import { afterAll, beforeAll, test } from "bun:test";
import { createTestDatabase, describePostgres, type TestDatabase } from "./helpers.ts";
import { expectDrainingOnSigterm } from "../helpers/draining.ts";

describePostgres("draining on PostgreSQL", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase("drain");
  });
  afterAll(() => db?.drop());

  test("SIGTERM: /ready says draining at once, /health stays 200, the in-flight request finishes, exit 0", async () => {
    await expectDrainingOnSigterm({ DATABASE_URL: db.url, KEY_PEPPER: "drain-test-pepper-0123456789" });
  }, 30_000);
});
