/**
 * The normalized Plan input: the spec's preference defaults, a copy that shares nothing with
 * the payload, absent members left absent (they change the input hash), and the
 * duplicate-item rule.
 */
import { describe, expect, test } from "bun:test";
import { duplicateItemDetails, findDuplicateItems, inputSha256, normalizePlanInput } from "../../../src/healing/input.ts";
import { input } from "./fixtures.ts";

describe("normalizePlanInput", () => {
  test("omitted preferences take the spec's defaults", () => {
    // interface-spec.md, `preferences` table: gentle, no_preference, guided, okay, neutral, none.
    expect(normalizePlanInput(input()).preferences).toEqual({
      preferred_intensity: "gentle",
      eyes_closed_preference: "no_preference",
      voice_preference: "guided",
      movement_preference: "okay",
      spiritual_language: "neutral",
      excluded_protocol_ids: [],
    });
  });

  test("a preference that was sent is kept over its default", () => {
    expect(normalizePlanInput(input({ preferences: { movement_preference: "avoid" } })).preferences.movement_preference).toBe("avoid");
  });

  test("metadata is copied as sent, into a new object", () => {
    const sent = input({ metadata: { source: "app", campaign: "spring" } });
    const normalized = normalizePlanInput(sent);
    expect(normalized.metadata).toEqual({ source: "app", campaign: "spring" });
    expect(normalized.metadata).not.toBe(sent.metadata);
  });

  test("absent metadata stays absent, not an empty object", () => {
    const normalized = normalizePlanInput(input());
    expect(normalized.metadata).toBeUndefined();
    // The Plan records no metadata as null and `{}` as `{}`: two different inputs, two hashes.
    expect(inputSha256(normalized)).not.toBe(inputSha256(normalizePlanInput(input({ metadata: {} }))));
  });

  test("different metadata gives a different input hash", () => {
    const a = inputSha256(normalizePlanInput(input({ metadata: { source: "app" } })));
    const b = inputSha256(normalizePlanInput(input({ metadata: { source: "web" } })));
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).not.toBe(b);
  });
});

describe("duplicate items", () => {
  test("each repeat is reported at its own index, naming the first occurrence", () => {
    expect(duplicateItemDetails("tags", ["x", "y", "x", "x"])).toEqual([
      { path: "tags[2]", message: 'duplicate item "x" (first at index 0)' },
      { path: "tags[3]", message: 'duplicate item "x" (first at index 0)' },
    ]);
  });

  test("an absent list has no duplicates", () => {
    expect(duplicateItemDetails("tags", undefined)).toEqual([]);
    expect(findDuplicateItems(input())).toEqual([]);
  });

  test("a Plan payload is checked in every set-like array, with the full path", () => {
    const details = findDuplicateItems(input({
      check_in: { emotion_tags: ["anger", "anger"] },
      preferences: { excluded_protocol_ids: ["jingzuo_10", "jingzuo_10"] },
    }));
    expect(details.map((d) => d.path)).toEqual(["check_in.emotion_tags[1]", "preferences.excluded_protocol_ids[1]"]);
  });
});
