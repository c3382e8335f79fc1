/**
 * The held-out safety sets through the HTTP API, as an integrator's traffic:
 * each message the `input` of a first Response on a chart (or, for set B's
 * practice comments, the `comment` of a checkout), judged by what the service
 * answered (`safety.level`, `show_safety_text`). These sets were written by
 * four authors who never saw the detector (L after the tuning on A–K, S after
 * all of it); they are reported as figures only (the development sets are for
 * tuning).
 *
 * The goal (recall ≥ 0.95, false alarms ≤ 5%) is met on all four. The test fails
 * below the recall reached on each (FLOOR) or above 5% false alarms, and prints the
 * figures docs/internals.md reports.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, uniqueKey, type TestServer } from "../helpers/server.ts";
import { responsesClient } from "../helpers/responses.ts";
import { checkoutPayload, healingClient } from "../helpers/healing.ts";
import { formatFigures, loadSafetySet, measure, rate, type Judgement, type LabelledMessage, type HeldOutSetName, type SafetySetName } from "../helpers/safety-sets.ts";

const GOAL = { recall: 0.95, falseAlarms: 0.05 };
/** Crisis recall reached on each held-out set (measured, rounded down); raise it as the detector improves. */
const FLOOR: Record<HeldOutSetName, number> = { "set-a-heldout": 0.98, "set-b-heldout": 0.96, "set-l-heldout": 0.99, "set-s-heldout": 0.97 };
/** Sensitive-topic recall reached over all topics on the sets labelled with them (A and B; L's and S's authors did not label topics). */
const TOPIC_FLOOR: Partial<Record<HeldOutSetName, number>> = { "set-a-heldout": 0.7, "set-b-heldout": 0.54 };

let s: TestServer;
let chartId: string;

beforeAll(async () => {
  s = await startServer();
  chartId = (await responsesClient(s).subject("bazi")).id;
});
afterAll(() => s.stop());

async function viaResponse(m: LabelledMessage): Promise<Judgement> {
  const res = await s.request("POST", "/v1/responses", { idempotencyKey: uniqueKey("safety"), body: { capability: "bazi", subject_id: chartId, input: m.text } });
  if (res.status !== 201) throw new Error(`${m.id}: ${res.status} ${res.text.slice(0, 200)}`);
  return { level: res.json.safety.level, categories: res.json.safety.categories, topics: res.json.safety.topics };
}

async function viaCheckout(m: LabelledMessage): Promise<Judgement> {
  const h = healingClient(s);
  const { id } = await h.session((await h.plan()).id);
  await h.event(id, "started", 0);
  await h.event(id, "completed", 60);
  const res = await h.checkout(id, checkoutPayload({ comment: m.text }));
  if (res.status !== 201) throw new Error(`${m.id}: ${res.status} ${res.text.slice(0, 200)}`);
  const categories = (res.json.safety_reasons as string[]).filter((r) => r.startsWith("COMMENT_")).map((r) => r.slice("COMMENT_".length).toLowerCase());
  return { level: categories.length > 0 ? "crisis" : "none", categories };
}

test.each(Object.entries(FLOOR))("%s through the API: recall at or above the floor, false alarms at most 5%", async (name, floor) => {
  const messages = loadSafetySet(name as SafetySetName);
  const judged = new Map<string, Judgement>();
  for (const m of messages) judged.set(m.id, await (m.context === "checkout" ? viaCheckout(m) : viaResponse(m)));
  const figures = measure(messages, (m) => judged.get(m.id)!);
  console.log(formatFigures(`${name} (goal: recall ${GOAL.recall}, false alarms ≤ ${GOAL.falseAlarms})`, figures));
  expect(rate(figures.crisisRecall)).toBeGreaterThanOrEqual(floor);
  expect(rate(figures.falseAlarms)).toBeLessThanOrEqual(GOAL.falseAlarms);
  const topicFloor = TOPIC_FLOOR[name as HeldOutSetName];
  if (topicFloor !== undefined) {
    const all = Object.values(figures.topicRecall).reduce((a, x) => ({ hit: a.hit + x.hit, of: a.of + x.of }), { hit: 0, of: 0 });
    expect(rate(all)).toBeGreaterThanOrEqual(topicFloor);
  }
}, 60_000);
