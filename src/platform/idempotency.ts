/**
 * Idempotency-Key rules (spec rules 1–2): scope (App, key); fingerprint = method +
 * path + canonical JSON of the body, so key order and whitespace do not matter.
 */
import { createHash } from "node:crypto";
import { ApiError } from "./errors.ts";
import type { IdempotencyRecord } from "../db/types.ts";

export const IDEMPOTENCY_KEY_MAX = 255;
/** While a claimed request runs, identical retries get 409 IDEMPOTENCY_IN_PROGRESS with this hint. */
export const IN_PROGRESS_RETRY_MS = 1000;

/** @throws ApiError IDEMPOTENCY_KEY_REQUIRED / IDEMPOTENCY_KEY_INVALID */
export function requireIdempotencyKey(header: string | null): string {
  if (header === null) {
    throw new ApiError("IDEMPOTENCY_KEY_REQUIRED", "This endpoint needs an Idempotency-Key header: one stable unique key per business write.");
  }
  if (header.length === 0 || header.length > IDEMPOTENCY_KEY_MAX || !/^[\x20-\x7e]+$/.test(header)) {
    throw new ApiError(
      "IDEMPOTENCY_KEY_INVALID",
      `The Idempotency-Key must be 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters.`,
    );
  }
  return header;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.keys(value as Record<string, unknown>)
    .sort()
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
  return `{${entries.join(",")}}`;
}

export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256").update(`${method} ${path}\n${body === undefined ? "" : canonicalJson(body)}`).digest("hex");
}

/** Statuses whose answer is stored and replayed: success and deterministic business outcomes. */
export function isReplayableStatus(status: number, code?: string): boolean {
  if (status >= 200 && status < 300) return true;
  if (code === "VALIDATION_ERROR" || code?.startsWith("IDEMPOTENCY_")) return false;
  return status === 404 || status === 409 || status === 422;
}

/**
 * What to do with an existing record for the same (App, key).
 * @returns "replay" for a finished identical request; otherwise throws the matching 409
 */
export function judgeExisting(record: IdempotencyRecord, requestFingerprint: string, now: number): "replay" {
  if (record.fingerprint !== requestFingerprint) {
    throw new ApiError(
      "IDEMPOTENCY_CONFLICT",
      "This Idempotency-Key was already used with a different request (method, path or body). Use a new key for a new business request.",
    );
  }
  if (record.state === "in_progress") {
    const retryAfterMs = Math.max(1, Math.min(IN_PROGRESS_RETRY_MS, record.lockedUntil - now));
    throw new ApiError("IDEMPOTENCY_IN_PROGRESS", "A request with this Idempotency-Key is still running; retry with the same key and body.", {
      retryAfterMs,
    });
  }
  return "replay";
}
