/**
 * Canonical JSON and SHA-256, the two pieces that make Plans auditable: the same input
 * always hashes the same, whatever key order or runtime produced it.
 */
import { createHash } from "node:crypto";

/**
 * JSON with object keys sorted by code point at every depth and `undefined` members left
 * out (as JSON.stringify does); array order is kept because it can carry meaning.
 * @example canonicalJson({ b: 1, a: [2, 1] }) // '{"a":[2,1],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  const sorted: Record<string, unknown> = {};
  // Plain `<` comparison: locale-independent, unlike localeCompare.
  for (const key of Object.keys(value).sort()) {
    const inner = (value as Record<string, unknown>)[key];
    if (inner !== undefined) sorted[key] = sortKeys(inner);
  }
  return sorted;
}

/**
 * Lower-case hex SHA-256 of a UTF-8 string. Deterministic and I/O-free, so fine in a pure core.
 * @example sha256Hex("") // "e3b0c442…b855"
 */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
