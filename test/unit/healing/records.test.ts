/**
 * The documented Plan record holds the spec's promises about its values, not only its
 * shape: an absolute asset_url, a chart id that is a chart's, and the fallback's reason
 * exactly as docs/healing.md gives it.
 */
import { describe, expect, test } from "bun:test";
import { createPlanBody } from "../../../src/healing/recommend.ts";
import { HealingPlanRecord } from "../../../src/healing/records.ts";
import { compile } from "../../../src/platform/validation.ts";
import type { PlanInput } from "../../../src/healing/types.ts";
import { DEPS, input } from "./fixtures.ts";

const planShape = compile(HealingPlanRecord);

/** The Plan as the route stores and answers it. */
const record = (payload: PlanInput) => ({
  id: "hpl_01JZ0000000000000000000000",
  object: "healing.plan",
  ...createPlanBody(payload, DEPS),
  end_user_id: payload.end_user_id ?? null,
  metadata: payload.metadata ?? null,
  created_at: "2026-03-01T08:00:00.000Z",
});

const paths = (value: unknown) => planShape.check(value).map((d) => d.path);

/** A calm check-in that gets the music-paced breathing practice, the one protocol with audio. */
const withAudio = () => {
  const plan = record(input({ check_in: { available_minutes: 10, posture_available: "seated" } }));
  if (plan.protocol?.asset_url == null) throw new Error(`expected a protocol with audio, got ${plan.protocol?.id}`);
  return plan;
};

describe("protocol.asset_url", () => {
  test("an absolute URL is documented as valid", () => {
    expect(planShape.check(withAudio())).toEqual([]);
  });

  test("a relative URL is not: the spec promises an absolute asset_url that plays directly", () => {
    const plan = withAudio();
    const relative = { ...plan, protocol: { ...plan.protocol!, asset_url: "/assets/healing/music_breath_10/1.0.0/track.mp3" } };
    // The only change from a valid Plan; the nullable protocol reports it at `protocol`.
    expect(paths(relative)).toEqual(["protocol"]);
  });
});

describe("bazi_chart_id", () => {
  test("a chart id (bzc_…) or null is valid", () => {
    expect(planShape.check(record(input({ bazi_chart_id: "bzc_01JZ0000000000000000000000" })))).toEqual([]);
    expect(planShape.check(record(input()))).toEqual([]);
  });

  test("an id of another kind is not", () => {
    expect(paths({ ...record(input()), bazi_chart_id: "lyc_01JZ0000000000000000000000" })).toEqual(["bazi_chart_id"]);
  });
});

describe("selection.reason", () => {
  test("a Plan that falls back gives the documented reason NO_PROTOCOL_PASSED_FILTERS, and validates", () => {
    // Nothing fits one minute once the one-minute orienting practice is excluded.
    const plan = record(input({ check_in: { available_minutes: 1 }, preferences: { excluded_protocol_ids: ["grounding_orient_1"] } }));
    expect(plan.selection).toMatchObject({ mode: "fallback", reason: "NO_PROTOCOL_PASSED_FILTERS" });
    expect(planShape.check(plan)).toEqual([]);
  });

  test("any other reason is not documented", () => {
    const plan = record(input({ check_in: { available_minutes: 1 }, preferences: { excluded_protocol_ids: ["grounding_orient_1"] } }));
    expect(paths({ ...plan, selection: { ...plan.selection!, reason: "NOTHING_FITS" } })).toEqual(["selection"]);
  });
});
