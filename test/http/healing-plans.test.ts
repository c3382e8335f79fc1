/**
 * Healing Plans over HTTP: recommended and blocked Plans, 422 validation, the BaZi chart at
 * exactly 5%, byte-identical Plans, the absolute audio URL that really plays, reading,
 * tenancy and the `healing` capability.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, expectErrorShape, uniqueKey, type TestServer } from "../helpers/server.ts";
import { blockedPlan, calmPlan, healingClient } from "../helpers/healing.ts";
import { SAFETY_ACTION } from "../../src/healing/safety.ts";
import { HEALING_AUDIO_PATH } from "../../src/assets/audio.ts";
import { PROTOCOL_IDS } from "../../src/healing/catalog/index.ts";

let s: TestServer;
let h: ReturnType<typeof healingClient>;
beforeAll(async () => {
  s = await startServer({ clock: () => Date.parse("2026-01-02T03:04:05Z") });
  h = healingClient(s);
});
afterAll(() => s.stop());

/** The calm check-in, asking for music_breath_10's strengths: the audio protocol wins. */
const musicPlan = () => calmPlan({ check_in: { ...calmPlan().check_in, available_minutes: 10 }, preferences: { excluded_protocol_ids: ["extended_exhale_3"] } });
const chart = async (key?: string) =>
  (await s.request("POST", "/v1/bazi/charts", { key, idempotencyKey: uniqueKey("chart"), body: { birth: { year: 1990, month: 5, day: 17, hour: 8, gender: "女" } } })).json;

describe("creation", () => {
  test("a calm check-in → 201 recommended with the complete protocol snapshot and the binding fields", async () => {
    const plan = await h.plan(calmPlan({ end_user_id: "u-1", metadata: { k: "v" } }));
    expect(plan.id).toMatch(/^hpl_/);
    expect(plan).toMatchObject({
      object: "healing.plan", status: "recommended", block: null, bazi_chart_id: null, end_user_id: "u-1", metadata: { k: "v" },
      policy_version: "1.0.0", catalog_version: "1.0.0", created_at: "2026-01-02T03:04:05.000Z", selection: { mode: "scored" },
    });
    expect(plan.input_sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.protocol.script.steps.length).toBeGreaterThan(0);
    expect(plan.protocol.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(plan.selection.candidates[0]).toEqual({ protocol_id: plan.protocol.id, ...plan.protocol.scoring });
  });

  test("a red line → 201 blocked: every reason in priority order, the fixed safety text, no protocol", async () => {
    const plan = await h.plan(blockedPlan());
    expect(plan).toMatchObject({
      status: "blocked", protocol: null, selection: null, applied_constraints: [], support_notice: null,
      block: { primary_reason: "IMMEDIATE_DANGER", reason_codes: ["IMMEDIATE_DANGER", "MEDICAL_CHEST_PAIN"], safety_action: SAFETY_ACTION },
    });
    expect(plan.block.safety_action.text.en).toContain("emergency");
    expect(plan.block.safety_action.text["zh-Hans"]).toContain("紧急");
  });

  test("driving alone blocks, whatever else the request asks for", async () => {
    const p = calmPlan({ preferences: { voice_preference: "guided" } });
    p.safety.driving_or_operating = true;
    expect((await h.plan(p)).block.reason_codes).toEqual(["DRIVING_OR_OPERATING"]);
  });

  test("nothing survives the filters → recommended fallback grounding_orient_1", async () => {
    const p = calmPlan({ preferences: { excluded_protocol_ids: ["grounding_orient_1"] } });
    p.check_in.available_minutes = 1;
    const plan = await h.plan(p);
    expect(plan).toMatchObject({ status: "recommended", protocol: { id: "grounding_orient_1" }, selection: { mode: "fallback", reason: "NO_PROTOCOL_PASSED_FILTERS", candidates: [] } });
  });

  test("identical input → byte-identical Plans apart from id and created_at", async () => {
    const body = calmPlan({ preferences: { spiritual_language: "cultural" }, metadata: { b: "2", a: "1" } });
    const [a, b] = [await h.postPlan(body), await h.postPlan(structuredClone(body))];
    const strip = (text: string) => text.replace(/"id":"hpl_[^"]+"/, "").replace(/"created_at":"[^"]+"/, "");
    expect(a.json.id).not.toBe(b.json.id);
    expect(strip(a.text)).toBe(strip(b.text));
  });
});

describe("validation → 422 VALIDATION_ERROR with details; nothing is stored", () => {
  const bad = (mutate: (p: Record<string, any>) => void) => {
    const p = calmPlan();
    mutate(p);
    return p;
  };
  test.each([
    ["unknown top-level property", bad((p) => (p.mood = "ok")), "mood", "is not an allowed property"],
    ["unknown nested property", bad((p) => (p.safety.pets = true)), "safety.pets", "is not an allowed property"],
    ["wrong type", bad((p) => (p.check_in.intensity = "5")), "check_in.intensity", "must be an integer"],
    ["out of range", bad((p) => (p.check_in.available_minutes = 121)), "check_in.available_minutes", "must be at most 120"],
    ["bad enum", bad((p) => (p.check_in.goal = "happiness")), "check_in.goal", 'must be one of "calm", "self_compassion", "release", "grounding", "rest"'],
    ["bad array enum", bad((p) => (p.safety.crisis_flags = ["panic"])), "safety.crisis_flags[0]", undefined],
    ["too many emotion tags", bad((p) => (p.check_in.emotion_tags = ["anxiety", "sadness", "guilt", "regret", "anger", "stuck"])), "check_in.emotion_tags", "must have at most 5 items"],
    ["missing safety", bad((p) => delete p.safety), "safety", "is required"],
    ["repeated item", bad((p) => (p.check_in.emotion_tags = ["anger", "sadness", "anger"])), "check_in.emotion_tags[2]", 'duplicate item "anger" (first at index 0)'],
    ["chart id pattern", bad((p) => (p.bazi_chart_id = "chart-1")), "bazi_chart_id", "must match the pattern ^bzc_"],
  ])("%s", async (_name, body, path, message) => {
    const before = await s.db.count("plans");
    const error = expectErrorShape(await h.postPlan(body), 422, "VALIDATION_ERROR");
    const detail = error.details.find((d: { path: string }) => d.path === path);
    expect(detail).toBeDefined();
    if (message) expect(detail.message).toBe(message);
    expect(await s.db.count("plans")).toBe(before);
  });

  test("a chart id that names no chart, or another App's chart → 422 BAZI_CHART_NOT_FOUND", async () => {
    const missing = expectErrorShape(await h.postPlan(calmPlan({ bazi_chart_id: "bzc_doesnotexist" })), 422, "BAZI_CHART_NOT_FOUND");
    expect(missing.bazi_chart_id).toBe("bzc_doesnotexist");
    const other = await s.newTenant();
    const theirs = await chart(other.key);
    expectErrorShape(await h.postPlan(calmPlan({ bazi_chart_id: theirs.id })), 422, "BAZI_CHART_NOT_FOUND");
  });
  test("that 422 is stored for its key: the same request replays it, byte for byte, with the first request id", async () => {
    const idem = uniqueKey("plan-422");
    const body = calmPlan({ bazi_chart_id: "bzc_doesnotexist" });
    const first = await h.postPlan(body, undefined, idem);
    const firstError = expectErrorShape(first, 422, "BAZI_CHART_NOT_FOUND");
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await h.postPlan(body, undefined, idem);
    expect(again.status).toBe(422);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("x-request-id")).toBe(firstError.request_id);
    expect(again.text).toBe(first.text);
  });
});

describe("the BaZi chart weighs exactly 5%", () => {
  test("with a real chart: its own elements are used, the filters and blocks are untouched", async () => {
    const c = await chart();
    const [without, withChart] = [await h.plan(calmPlan()), await h.plan(calmPlan({ bazi_chart_id: c.id }))];
    expect(withChart.bazi_chart_id).toBe(c.id);
    expect(withChart.selection.bazi).toEqual({ favorable_elements: c.five_elements.favorable_elements, unfavorable_elements: c.five_elements.unfavorable_elements });
    expect(withChart.selection.rejected).toEqual(without.selection.rejected);
    const blocked = await h.plan({ ...blockedPlan(), bazi_chart_id: c.id });
    expect(blocked.status).toBe("blocked");
    expect(blocked.block).toEqual((await h.plan(blockedPlan())).block);
    // The chart is read, never changed.
    expect((await s.request("GET", `/v1/bazi/charts/${c.id}`)).json).toEqual(c);
  });

  test("every protocol's total moves by exactly 5 × (bazi − 50), so at most 250, and the status never", async () => {
    const c = await chart();
    const moved: number[] = [];
    for (const id of PROTOCOL_IDS) {
      // Excluding every other protocol makes this one the Plan's protocol whenever it survives.
      const only = calmPlan({ preferences: { excluded_protocol_ids: PROTOCOL_IDS.filter((x) => x !== id) } });
      const [without, withChart] = [await h.plan(only), await h.plan({ ...only, bazi_chart_id: c.id })];
      expect(withChart.status).toBe(without.status);
      expect(withChart.protocol.id).toBe(without.protocol.id);
      expect(without.protocol.scoring.components.bazi).toBe(50);
      const delta = withChart.protocol.scoring.total - without.protocol.scoring.total;
      expect(delta).toBe(5 * (withChart.protocol.scoring.components.bazi - 50));
      expect(Math.abs(delta)).toBeLessThanOrEqual(250);
      moved.push(delta);
    }
    // The chart really spoke: some totals rose, some fell (favourable metal/water, unfavourable wood/fire/earth).
    expect(moved.some((d) => d === 250)).toBe(true);
    expect(moved.some((d) => d === -250)).toBe(true);
  });
});

describe("audio: music_breath_10 plays directly, everything else is script only", () => {
  test("asset_url is absolute under the request's own origin, and fetching it returns the MP3", async () => {
    const plan = await h.plan(musicPlan());
    expect(plan.protocol).toMatchObject({ id: "music_breath_10", availability: "available", license_status: "authorized", asset_url: `${s.base}${HEALING_AUDIO_PATH}` });
    const audio = await fetch(plan.protocol.asset_url);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/mpeg");
    const served = new Uint8Array(await audio.arrayBuffer());
    const shipped = new Uint8Array(await Bun.file(new URL(`../../assets${HEALING_AUDIO_PATH.slice("/assets".length)}`, import.meta.url)).arrayBuffer());
    expect(served.length).toBeGreaterThan(1000);
    expect(Buffer.compare(served, shipped)).toBe(0);
  });

  test("every other protocol: availability script_only, asset_url null", async () => {
    const plan = await h.plan(calmPlan({ preferences: { excluded_protocol_ids: ["music_breath_10"] } }));
    expect(plan.protocol).toMatchObject({ availability: "script_only", asset_url: null });
    expect(plan.protocol.id).not.toBe("music_breath_10");
  });

  test("with PUBLIC_BASE_URL the asset_url is built on it", async () => {
    const proxied = await startServer({ env: { PUBLIC_BASE_URL: "https://lingshu.example.com/api/" } });
    try {
      const plan = await healingClient(proxied).plan(musicPlan());
      expect(plan.protocol.asset_url).toBe(`https://lingshu.example.com/api${HEALING_AUDIO_PATH}`);
    } finally {
      await proxied.stop();
    }
  });
});

describe("reading, tenancy and capability", () => {
  test("GET returns the Plan byte for byte; another App's id and a malformed id read 404", async () => {
    const created = await h.postPlan(calmPlan());
    const read = await s.request("GET", `/v1/healing/plans/${created.json.id}`);
    expect(read.status).toBe(200);
    expect(read.text).toBe(created.text);
    const other = await s.newTenant();
    expectErrorShape(await s.request("GET", `/v1/healing/plans/${created.json.id}`, { key: other.key }), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("DELETE", `/v1/healing/plans/${created.json.id}`, { key: other.key, idempotencyKey: uniqueKey() }), 404, "RESOURCE_NOT_FOUND");
    expectErrorShape(await s.request("GET", "/v1/healing/plans/plan_1"), 404, "RESOURCE_NOT_FOUND");
    expect((await s.request("GET", `/v1/healing/plans/${created.json.id}`)).status).toBe(200);
  });

  test("the healing capability is required on every Healing endpoint (403 CAPABILITY_NOT_GRANTED)", async () => {
    const plan = await h.plan();
    const session = await h.session(plan.id);
    const t = await s.newTenant({ capabilities: ["bazi", "liuyao"] });
    const calls: [string, string, unknown][] = [
      ["POST", "/v1/healing/plans", calmPlan()],
      ["GET", `/v1/healing/plans/${plan.id}`, undefined],
      ["DELETE", `/v1/healing/plans/${plan.id}`, undefined],
      ["POST", "/v1/healing/sessions", { plan_id: plan.id, playback_mode: "guided" }],
      ["GET", `/v1/healing/sessions/${session.id}`, undefined],
      ["PATCH", `/v1/healing/sessions/${session.id}`, { client_event_id: "x", event_type: "started", elapsed_seconds: 0, occurred_at: "2026-01-02T03:04:05Z" }],
      ["POST", `/v1/healing/sessions/${session.id}/checkout`, {}],
    ];
    for (const [method, path, body] of calls) {
      expectErrorShape(await s.request(method, path, { key: t.key, body, idempotencyKey: uniqueKey() }), 403, "CAPABILITY_NOT_GRANTED");
    }
  });

  test("a replayed creation returns the same Plan without storing another", async () => {
    const idem = uniqueKey("replay");
    const body = calmPlan({ end_user_id: `replay-${idem}` });
    const first = await h.postPlan(body, undefined, idem);
    const again = await h.postPlan(body, undefined, idem);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.text).toBe(first.text);
    expect(await s.db.count("plans", "end_user_id = ?", `replay-${idem}`)).toBe(1);
  });
});
