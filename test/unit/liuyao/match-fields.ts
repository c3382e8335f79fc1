/**
 * Compares every field an expected (golden) value gives against our value, renaming
 * golden keys to ours through `aliases`. Returns a list of mismatches so a failing test
 * shows all of them at once; a key missing on our side is a mismatch, never a skip.
 */
export function fieldMismatches(
  actual: unknown,
  expected: unknown,
  aliases: Readonly<Record<string, string>> = {},
  path = "$",
): string[] {
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (actual.length !== expected.length) {
      return [`${path}: expected ${expected.length} items ${JSON.stringify(expected)}, got ${actual.length} ${JSON.stringify(actual)}`];
    }
    return expected.flatMap((e, i) => fieldMismatches(actual[i], e, aliases, `${path}[${i}]`));
  }
  if (expected !== null && typeof expected === "object") {
    if (actual === null || typeof actual !== "object") return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([k, v]) => {
      const ours = aliases[k] ?? k;
      if (!(ours in actual)) return [`${path}.${ours}: missing (golden ${k} = ${JSON.stringify(v)})`];
      return fieldMismatches((actual as Record<string, unknown>)[ours], v, aliases, `${path}.${ours}`);
    });
  }
  return Object.is(actual, expected) ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}
