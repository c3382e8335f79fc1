/**
 * Stored records without their constant blocks (src/db/record-fragments.ts): whatever
 * the record holds, reading it back gives exactly the text that was stored, and a
 * reference to a block the store does not know is an error, never a silent gap.
 */
import { expect, test } from "bun:test";
import fc from "fast-check";
import { MissingRecordFragment, recordFragment, RecordFragments } from "../../../src/db/record-fragments.ts";
import { CONVENTIONS_JSON } from "../../../src/bazi/index.ts";

const conventions = recordFragment(CONVENTIONS_JSON);

test("a fragment's id is the first 16 hex digits of its SHA-256", () => {
  expect(conventions.id).toMatch(/^[0-9a-f]{16}$/);
  expect(recordFragment(CONVENTIONS_JSON)).toEqual(conventions);
  expect(recordFragment(CONVENTIONS_JSON + " ").id).not.toBe(conventions.id);
});

test("a chart is stored with a 18-character reference in place of its conventions and read back whole", () => {
  const fragments = new RecordFragments();
  fragments.use(conventions);
  const text = JSON.stringify({ id: "bzc_1", pillars: { day: "甲子" }, conventions: JSON.parse(CONVENTIONS_JSON), warnings: [] });
  const stored = fragments.compact(text);
  expect(stored).toBe(`{"id":"bzc_1","pillars":{"day":"甲子"},"conventions":\u0001${conventions.id}\u0001,"warnings":[]}`);
  expect(fragments.expand(stored)).toBe(text);
});

test("records without the block, and rows stored before fragments existed, pass through unchanged", () => {
  const fragments = new RecordFragments();
  fragments.use(conventions);
  const text = JSON.stringify({ id: "lyc_1", conventions: { other: "text" } });
  expect(fragments.compact(text)).toBe(text);
  expect(fragments.expand(text)).toBe(text);
  expect(fragments.unknownIn(text)).toEqual([]);
});

test("any JSON record round-trips, whatever its strings hold (U+0001 included: JSON escapes it)", () => {
  const fragments = new RecordFragments();
  fragments.use(conventions);
  const block = JSON.parse(CONVENTIONS_JSON);
  fc.assert(
    fc.property(fc.jsonValue(), fc.string({ unit: "binary" }), fc.boolean(), (value, text, withBlock) => {
      const record = JSON.stringify({ value, text: `${text}\u0001${conventions.id}\u0001`, ...(withBlock ? { conventions: block } : {}) });
      const stored = fragments.compact(record);
      expect(stored.length).toBe(withBlock ? record.length - CONVENTIONS_JSON.length + 18 : record.length);
      expect(fragments.expand(stored)).toBe(record);
    }),
    { numRuns: 300 },
  );
});

test("a reference the store has not read yet is listed, and expanding it unread is an error", () => {
  const writer = new RecordFragments();
  writer.use(conventions);
  const stored = writer.compact(`{"conventions":${CONVENTIONS_JSON}}`);
  const reader = new RecordFragments();
  expect(reader.unknownIn(stored)).toEqual([conventions.id]);
  expect(() => reader.expand(stored)).toThrow(MissingRecordFragment);
  // What a store does after reading the row from record_fragments:
  reader.remember(conventions);
  expect(reader.unknownIn(stored)).toEqual([]);
  expect(reader.expand(stored)).toBe(`{"conventions":${CONVENTIONS_JSON}}`);
});
