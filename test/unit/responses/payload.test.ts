import { describe, expect, test } from "bun:test";
import { payloadShape } from "../../../src/responses/model.ts";

describe("payloadShape", () => {
  test("the two shapes", () => {
    expect(payloadShape({ capability: "bazi", subject_id: "bzc_1", input: "hi" })).toEqual({ ok: true, shape: { kind: "first", capability: "bazi", subjectId: "bzc_1" } });
    expect(payloadShape({ previous_response_id: "resp_1", input: "hi", end_user_id: "u" })).toEqual({ ok: true, shape: { kind: "follow_up", previousResponseId: "resp_1" } });
  });

  test("a mix names every field that does not belong", () => {
    const r = payloadShape({ previous_response_id: "resp_1", capability: "bazi", subject_id: "bzc_1", input: "hi" });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.details.map((d) => d.path)).toEqual(["capability", "subject_id"]);
  });
});
