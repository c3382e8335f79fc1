/**
 * Checkout rules over HTTP (once, immutable, only after the end, the adverse-tag rule, when
 * the safety text shows) and the hard deletion of a Plan with everything downstream,
 * checked row by row in the database file; idempotent replays of checkout and DELETE.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { checkoutPayload, healingClient, rows } from "../helpers/healing.ts";
import { SAFETY_ACTION } from "../../src/healing/safety.ts";
import { SAFETY_ACTIONS } from "../../src/safety/index.ts";

let s: TestServer;
let h: ReturnType<typeof healingClient>;
beforeAll(async () => {
  s = await startServer({ clock: () => Date.parse("2026-01-02T03:04:05Z") });
  h = healingClient(s);
});
afterAll(() => s.stop());

/** A Session of a fresh Plan brought to `end` (completed, stopped or abandoned). */
async function finished(end = "completed"): Promise<{ planId: string; sessionId: string }> {
  const plan = await h.plan();
  const { id } = await h.session(plan.id);
  if (end !== "abandoned") await h.event(id, "started", 0);
  expect((await h.event(id, end, 60)).status).toBe(200);
  return { planId: plan.id, sessionId: id };
}

describe("checkout", () => {
  test("201 once after the Session ended: the record, no safety text for a good outcome; the Session shows it", async () => {
    const { sessionId } = await finished();
    const res = await h.checkout(sessionId, checkoutPayload({ comment: "calmer" }));
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      object: "healing.checkout", session_id: sessionId, ...checkoutPayload({ comment: "calmer" }),
      intensity_change: -3, show_safety_text: false, safety_reasons: [], safety_action: null, created_at: "2026-01-02T03:04:05.000Z",
    });
    expect((await h.getSession(sessionId)).json.checkout).toEqual(res.json);
    const again = expectErrorShape(await h.checkout(sessionId, checkoutPayload({ after_intensity: 9 })), 409, "CHECKOUT_ALREADY_SUBMITTED");
    expect(again.state).toBe("completed");
    expect((await h.getSession(sessionId)).json.checkout).toEqual(res.json);
  });

  test.each(["completed", "stopped", "abandoned"])("accepted after %s", async (end) => {
    expect((await h.checkout((await finished(end)).sessionId)).status).toBe(201);
  });

  test.each([["ready", []], ["active", ["started"]], ["paused", ["started", "paused"]]] as const)("409 SESSION_NOT_FINISHED while %s", async (state, path) => {
    const { id } = await h.session((await h.plan()).id);
    for (const type of path) await h.event(id, type, 0);
    expect(expectErrorShape(await h.checkout(id), 409, "SESSION_NOT_FINISHED").state).toBe(state);
    expect(await rows(s, "checkouts", "session_id", id)).toBe(0);
  });

  test.each([
    ["after_intensity ≥ 9", { after_intensity: 9, before_intensity: 8 }, ["AFTER_INTENSITY_HIGH"]],
    ["a rise of 3", { before_intensity: 2, after_intensity: 5 }, ["INTENSITY_ROSE"]],
    ["panic_increase", { adverse_experience: true, adverse_tags: ["panic_increase", "dizziness"] }, ["ADVERSE_PANIC_INCREASE"]],
    ["dissociation", { adverse_experience: true, adverse_tags: ["dissociation"] }, ["ADVERSE_DISSOCIATION"]],
    ["emotional_overwhelm", { adverse_experience: true, adverse_tags: ["emotional_overwhelm"] }, ["ADVERSE_EMOTIONAL_OVERWHELM"]],
  ])("%s → show_safety_text with the fixed safety action", async (_name, overrides, reasons) => {
    const res = await h.checkout((await finished()).sessionId, checkoutPayload(overrides));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ show_safety_text: true, safety_reasons: reasons, safety_action: SAFETY_ACTION });
  });

  test.each([
    ["a medical emergency", "during the breathing my chest tightened and now I can't breathe, my lips are turning blue", ["COMMENT_MEDICAL_EMERGENCY"], "medical_emergency"],
    ["suicidal words", "練完還是覺得活著沒有意義，想結束自己", ["COMMENT_SUICIDE"], "suicide"],
  ] as const)("a comment with %s → show_safety_text with that category's text", async (_name, comment, reasons, category) => {
    const res = await h.checkout((await finished()).sessionId, checkoutPayload({ comment }));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ show_safety_text: true, safety_reasons: reasons, safety_action: SAFETY_ACTIONS[category] });
  });

  test("a comment in everyday words does not", async () => {
    const res = await h.checkout((await finished()).sessionId, checkoutPayload({ comment: "累死了 but calmer, will repeat tomorrow" }));
    expect(res.json).toMatchObject({ show_safety_text: false, safety_reasons: [], safety_action: null });
  });

  test("a rise of 2 or mild adverse tags alone do not show the safety text", async () => {
    const res = await h.checkout((await finished()).sessionId, checkoutPayload({ before_intensity: 3, after_intensity: 5, adverse_experience: true, adverse_tags: ["dizziness"] }));
    expect(res.json).toMatchObject({ show_safety_text: false, safety_action: null, intensity_change: 2 });
  });

  test.each([
    ["adverse experience without tags", { adverse_experience: true, adverse_tags: [] }, "adverse_tags", "must list at least one tag when adverse_experience is true"],
    ["tags without an adverse experience", { adverse_tags: ["pain"] }, "adverse_tags", "must be empty when adverse_experience is false"],
    ["a repeated tag", { adverse_experience: true, adverse_tags: ["pain", "pain"] }, "adverse_tags[1]", 'duplicate item "pain" (first at index 0)'],
    ["a bad enum", { body_state: "calm" }, "body_state", undefined],
    ["an unknown property", { mood: "ok" }, "mood", "is not an allowed property"],
  ])("%s → 400 VALIDATION_ERROR; nothing stored", async (_name, overrides, path, message) => {
    const { sessionId } = await finished();
    const error = expectErrorShape(await h.checkout(sessionId, checkoutPayload(overrides)), 400, "VALIDATION_ERROR");
    expect(error.details[0].path).toBe(path);
    if (message) expect(error.details[0].message).toBe(message);
    expect(await rows(s, "checkouts", "session_id", sessionId)).toBe(0);
  });

  test("replayed with the same Idempotency-Key: the stored 201, no second checkout", async () => {
    const { sessionId } = await finished();
    const idem = uniqueKey("checkout");
    const first = await h.checkout(sessionId, checkoutPayload(), idem);
    const again = await h.checkout(sessionId, checkoutPayload(), idem);
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await rows(s, "checkouts", "session_id", sessionId)).toBe(1);
  });

  test("a missing Session → 404", async () => {
    expectErrorShape(await h.checkout("hsn_missing"), 404, "RESOURCE_NOT_FOUND");
  });
});

describe("hard deletion of a Plan", () => {
  test("the Plan, its Sessions, events, checkouts, Responses and feedback all read 404 and leave no row; other Plans are untouched", async () => {
    const { planId, sessionId } = await finished();
    expect((await h.checkout(sessionId)).status).toBe(201);
    const second = (await h.session(planId)).id;
    await h.event(second, "started", 0);
    const kept = await finished();
    const response = (await s.request("POST", "/v1/responses", { idempotencyKey: uniqueKey("resp"), body: { capability: "healing", subject_id: planId, input: "What is this practice?" } })).json;
    const followUp = (await s.request("POST", "/v1/responses", { idempotencyKey: uniqueKey("resp"), body: { previous_response_id: response.id, input: "How long is it?" } })).json;
    expect((await s.request("POST", "/v1/feedback", { body: { response_id: followUp.id, rating: "positive" } })).status).toBe(201);
    expect(await rows(s, "responses", "subject_id", planId)).toBe(2);

    expect(await rows(s, "sessions", "plan_id", planId)).toBe(2);
    const res = await s.request("DELETE", `/v1/healing/plans/${planId}`, { idempotencyKey: uniqueKey("delete") });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");

    expectErrorShape(await s.request("GET", `/v1/healing/plans/${planId}`), 404, "RESOURCE_NOT_FOUND");
    for (const id of [sessionId, second]) {
      expectErrorShape(await h.getSession(id), 404, "RESOURCE_NOT_FOUND");
      expectErrorShape(await h.event(id, "abandoned", 100), 404, "RESOURCE_NOT_FOUND");
      expectErrorShape(await h.checkout(id), 404, "RESOURCE_NOT_FOUND");
      expect(await rows(s, "session_events", "session_id", id)).toBe(0);
      expect(await rows(s, "checkouts", "session_id", id)).toBe(0);
    }
    expect(await rows(s, "plans", "id", planId)).toBe(0);
    expect(await rows(s, "sessions", "plan_id", planId)).toBe(0);
    for (const r of [response, followUp]) {
      expectErrorShape(await s.request("GET", `/v1/responses/${r.id}`), 404, "RESOURCE_NOT_FOUND");
      expect(await rows(s, "feedback", "response_id", r.id)).toBe(0);
    }
    expect(await rows(s, "responses", "subject_id", planId)).toBe(0);
    expectErrorShape(await h.postSession({ plan_id: planId, playback_mode: "guided" }), 404, "RESOURCE_NOT_FOUND");

    expect((await h.getSession(kept.sessionId)).json.events).toHaveLength(2);
    expect(await rows(s, "plans", "id", kept.planId)).toBe(1);
  });

  test("no stored idempotent answer outlives the deleted Sessions: each key replays a 404 saying its resource was deleted, and nothing is created", async () => {
    const plan = await h.plan();
    const [createKey, eventKey, checkoutKey] = [uniqueKey("create"), uniqueKey("event"), uniqueKey("checkout")];
    const body = { plan_id: plan.id, playback_mode: "guided" };
    const session = (await h.postSession(body, undefined, createKey)).json;
    await h.event(session.id, "abandoned", 0, { client_event_id: "gone" }, eventKey);
    await h.checkout(session.id, checkoutPayload({ comment: "private words" }), checkoutKey);
    // The session id inside a stored body; LIKE's wildcards cannot occur in an id.
    const copies = () => s.db.count("idempotency_records", "body LIKE ?", `%${session.id}%`);
    expect(await copies()).toBe(3);
    expect((await s.request("DELETE", `/v1/healing/plans/${plan.id}`, { idempotencyKey: uniqueKey("delete") })).status).toBe(204);
    expect(await copies()).toBe(0);
    expectErrorShape(await h.postSession(body, undefined, createKey), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await h.event(session.id, "abandoned", 0, { client_event_id: "gone" }, eventKey), 404, "RESOURCE_NOT_FOUND");
    const replay = await h.checkout(session.id, checkoutPayload({ comment: "private words" }), checkoutKey);
    expect(expectErrorShape(replay, 404, "RESOURCE_NOT_FOUND").message).toContain("has been deleted");
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await s.db.count("idempotency_records", "body LIKE ?", "%private words%")).toBe(0);
    expect(await s.db.count("sessions", "plan_id = ?", plan.id)).toBe(0);
  });

  test("DELETE needs an Idempotency-Key; a replay answers the stored 204, a new key then 404", async () => {
    const plan = await h.plan();
    expectErrorShape(await s.request("DELETE", `/v1/healing/plans/${plan.id}`), 400, "IDEMPOTENCY_KEY_REQUIRED");
    expect(await rows(s, "plans", "id", plan.id)).toBe(1);
    const idem = uniqueKey("delete");
    expect((await s.request("DELETE", `/v1/healing/plans/${plan.id}`, { idempotencyKey: idem })).status).toBe(204);
    const again = await s.request("DELETE", `/v1/healing/plans/${plan.id}`, { idempotencyKey: idem });
    expect(again.status).toBe(204);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expectErrorShape(await s.request("DELETE", `/v1/healing/plans/${plan.id}`, { idempotencyKey: uniqueKey("delete") }), 404, "RESOURCE_NOT_FOUND");
  });
});
