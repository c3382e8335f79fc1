/**
 * What the platform's unit tests share: a fresh SQLite file per test (removed after the file's
 * tests), and the ApiError a call throws or a promise rejects with.
 */
import { afterAll, expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSqliteStore, type SqliteStore } from "../../src/db/sqlite/store.ts";
import { ApiError } from "../../src/platform/errors.ts";

/** Opens a store on a new temporary file each call; every file is removed when the test file ends. */
export function temporaryStores(name: string): () => SqliteStore {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `lingshu-${name}-`));
    dirs.push(dir);
    return openSqliteStore(join(dir, `${name}.sqlite`));
  };
}

/** The ApiError `promise` rejects with; the test fails if it resolves or rejects with something else. */
export async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

/** What a caller acts on in the ApiError `run` throws (code, status, retry hint, headers), or null if it returns. */
export function refusalOf(run: () => unknown): { code: string; status: number; retryAfterMs?: number; headers?: Record<string, string> } | null {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return { code: err.code, status: err.status, retryAfterMs: err.extras.retryAfterMs, headers: err.extras.headers };
    throw err;
  }
  return null;
}
