/**
 * Draining on SIGTERM with SQLite: a real `bun src/main.ts serve` process (the scenario is
 * test/helpers/draining.ts; test/postgres/draining.test.ts runs it on PostgreSQL).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expectDrainingOnSigterm } from "../helpers/draining.ts";
import { loadConfig } from "../../src/config.ts";

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "lingshu-drain-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("SIGTERM: /ready says draining at once, /health stays 200, the in-flight request finishes, exit 0", async () => {
  await expectDrainingOnSigterm({ DATABASE_PATH: join(dir, "drain.sqlite"), KEY_PEPPER: "drain-test-pepper-0123456789" });
}, 30_000);

test("SHUTDOWN_DELAY_MS: 0 (stop listening at once) unless set, at most 120000", () => {
  expect(loadConfig({}).shutdownDelayMs).toBe(0);
  expect(loadConfig({ SHUTDOWN_DELAY_MS: "10000" }).shutdownDelayMs).toBe(10_000);
  for (const bad of ["-1", "10s", "120001"]) expect(() => loadConfig({ SHUTDOWN_DELAY_MS: bad })).toThrow(/SHUTDOWN_DELAY_MS must be a whole number from 0 to 120000/);
});
