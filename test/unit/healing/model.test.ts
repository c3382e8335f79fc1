/**
 * The Healing request schemas as the OpenAPI document shows them: the spec's preference
 * defaults, and every set-like array documented as `uniqueItems` (the handler, not the
 * validator, refuses a repeat, so that it can name the repeated item).
 */
import { describe, expect, test } from "bun:test";
import type { TSchema } from "@sinclair/typebox";
import { jsonSchema } from "../../../src/docs/openapi.ts";
import { CheckInPayload, CheckoutPayload, PlanPayload, PreferencesPayload, SafetyPayload } from "../../../src/healing/model.ts";
import { DOCUMENTED_UNIQUE_ITEMS } from "../../../src/platform/schemas.ts";
import { compile } from "../../../src/platform/validation.ts";
import { input } from "./fixtures.ts";

type Documented = { properties: Record<string, Record<string, unknown>> };
const documented = (schema: TSchema) => jsonSchema(schema) as unknown as Documented;

describe("preferences", () => {
  test("each preference documents the spec's default", () => {
    // interface-spec.md, `preferences` table.
    const props = documented(PreferencesPayload).properties;
    expect(props.preferred_intensity!.default).toBe("gentle");
    expect(props.eyes_closed_preference!.default).toBe("no_preference");
    expect(props.voice_preference!.default).toBe("guided");
    expect(props.movement_preference!.default).toBe("okay");
    expect(props.spiritual_language!.default).toBe("neutral");
  });
});

describe("set-like arrays", () => {
  const arrays: [string, TSchema, string][] = [
    ["check_in.emotion_tags", CheckInPayload, "emotion_tags"],
    ["safety.crisis_flags", SafetyPayload, "crisis_flags"],
    ["safety.physical_constraints", SafetyPayload, "physical_constraints"],
    ["preferences.excluded_protocol_ids", PreferencesPayload, "excluded_protocol_ids"],
    ["adverse_tags", CheckoutPayload, "adverse_tags"],
  ];

  for (const [path, schema, name] of arrays) {
    test(`${path} is documented with uniqueItems: true, marked as unique in the schema`, () => {
      expect(documented(schema).properties[name]!.uniqueItems).toBe(true);
      expect((schema as unknown as Documented).properties[name]![DOCUMENTED_UNIQUE_ITEMS]).toBe(true);
    });
  }

  test("the request validator itself lets a repeat through, for the handler to name it", () => {
    const repeated = input({ check_in: { emotion_tags: ["anger", "anger"] } });
    expect(compile(PlanPayload).check(repeated)).toEqual([]);
  });
});
