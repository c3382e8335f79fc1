import { expect, test } from "bun:test";
import { fieldMismatches } from "./match-fields.ts";

test("the golden comparer reports wrong values, missing keys, length and order differences", () => {
  const ours = { position: 1, tags: ["回头克", "化合"], extra: true, nested: { a: 1 } };
  expect(fieldMismatches(ours, { pos: 1, tags: ["回头克", "化合"] }, { pos: "position" })).toEqual([]);
  expect(fieldMismatches(ours, { pos: 2 }, { pos: "position" })).toHaveLength(1);
  expect(fieldMismatches(ours, { missing: 0 })).toHaveLength(1);
  expect(fieldMismatches(ours, { tags: ["化合", "回头克"] })).toHaveLength(2);
  expect(fieldMismatches(ours, { tags: ["回头克"] })).toHaveLength(1);
  expect(fieldMismatches(ours, { nested: { a: "1" } })).toHaveLength(1);
  expect(fieldMismatches(null, { a: 1 })).toHaveLength(1);
});
