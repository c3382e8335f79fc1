/**
 * The examples in /openapi.json are real. Every request example (src/docs/examples.json
 * `requests`) is sent to the service on a fixed clock, in the order an integrator would, and every
 * resource example (`resources`, shown on the named component of each answer) must be exactly what
 * the service answers now — ids aside, which are mapped — and conform to the document. When the
 * engines' answers change on purpose, `UPDATE_EXAMPLES=1 bun test test/http/openapi-examples.test.ts`
 * rewrites the resources from a fresh walk (and the request ids that point at them).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startServer, uniqueKey, type TestResponse, type TestServer } from "../helpers/server.ts";
import { OpenApiConformance } from "../helpers/openapi-conformance.ts";

const FILE = join(import.meta.dir, "../../src/docs/examples.json");
const UPDATE = process.env.UPDATE_EXAMPLES === "1";
interface ExamplesFile {
  requests: Record<string, Record<string, unknown>>;
  resources: Record<string, Record<string, unknown> & { id?: string }>;
}
const file: ExamplesFile = JSON.parse(readFileSync(FILE, "utf8"));

/** The server's clock: fixed, moved a second before each request so created_at values are stable. */
let now = Date.parse("2026-03-01T08:00:00Z");
let s: TestServer;
let doc: any;
let conformance: OpenApiConformance;
/** A request's reference ("{create_bazi_chart}" or the example's id) → the id made by this walk. */
const freshId = new Map<string, string>();
/** What this walk answered, as the resource examples name it. */
const answers: Record<string, Record<string, unknown>> = {};
const problems: string[] = [];

/** A request example (or all of them) with its references replaced by this walk's ids. */
function withFreshIds<T>(value: T): T {
  const text = JSON.stringify(value);
  return JSON.parse(text.replace(/"(\{[a-z_]+\}|[a-z]+_[0-9A-Za-z]{10,})"/g, (m, ref: string) => (freshId.has(ref) ? JSON.stringify(freshId.get(ref)) : m)));
}
const request = (operationId: string) => withFreshIds(file.requests[operationId]!);

async function send(method: string, path: string, body?: unknown): Promise<TestResponse> {
  now += 1000;
  const res = await s.request(method, path, { body, idempotencyKey: method === "GET" ? undefined : uniqueKey("example") });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.text.slice(0, 300)}`);
  problems.push(...conformance.problems(method, path, res));
  return res;
}

/** Creates one resource from its request example and records its id under both references. */
async function create(operationId: string, path: string, resource: string): Promise<Record<string, any>> {
  const answer = (await send("POST", path, request(operationId))).json;
  freshId.set(`{${operationId}}`, answer.id);
  const exampleId = file.resources[resource]?.id;
  if (exampleId) freshId.set(exampleId, answer.id);
  answers[resource] = answer;
  return answer;
}

beforeAll(async () => {
  // A public base address, as production has: the Plan's asset_url (and its snapshot's digest) are then stable.
  s = await startServer({ clock: () => now, env: { PUBLIC_BASE_URL: "https://lingshu.example.com" } });
  doc = (await s.request("GET", "/openapi.json", { key: null })).json;
  conformance = new OpenApiConformance(doc);
  await create("create_bazi_chart", "/v1/bazi/charts", "BaziChart");
  await create("create_liuyao_cast", "/v1/liuyao/casts", "LiuyaoCast");
  await create("create_healing_plan", "/v1/healing/plans", "HealingPlan");
  const session = await create("create_healing_session", "/v1/healing/sessions", "HealingSession");
  await send("PATCH", `/v1/healing/sessions/${session.id}`, request("update_healing_session"));
  // Completed by the client's player, then the checkout: the Session example shows the whole run.
  await send("PATCH", `/v1/healing/sessions/${session.id}`, { client_event_id: "evt-2", event_type: "completed", elapsed_seconds: 600, occurred_at: new Date(now + 600_000).toISOString() });
  answers.HealingCheckout = (await send("POST", `/v1/healing/sessions/${session.id}/checkout`, request("submit_healing_checkout"))).json;
  answers.HealingSession = (await send("GET", `/v1/healing/sessions/${session.id}`)).json;
  answers.HealingSessionEvent = (answers.HealingSession as { events: Record<string, unknown>[] }).events[0]!;
  await create("create_response", "/v1/responses", "Response");
  await create("create_feedback", "/v1/feedback", "Feedback");
  if (UPDATE) {
    // Requests point at the examples' own ids, so the document reads as one consistent story.
    writeFileSync(FILE, `${JSON.stringify({ requests: withFreshIds(file.requests), resources: answers }, null, 2)}\n`);
  }
});
afterAll(() => s.stop());

/** An answer with this walk's ids written as the examples' ids. */
function asExample(value: unknown): unknown {
  let text = JSON.stringify(value);
  for (const [ref, id] of freshId) if (!ref.startsWith("{")) text = text.replaceAll(id, ref);
  return JSON.parse(text);
}

describe("the examples of /openapi.json", () => {
  test("every request example is accepted, and every answer to them conforms to the document", () => {
    expect(problems).toEqual([]);
  });

  test.each(["BaziChart", "LiuyaoCast", "HealingPlan", "HealingSession", "HealingSessionEvent", "HealingCheckout", "Response", "Feedback"])("%s: the example is what the service answers now", (name) => {
    expect(file.resources[name]).toBeDefined();
    expect(asExample(answers[name])).toEqual(file.resources[name]!);
  });

  test("every business operation's JSON request and answer carries an example", () => {
    const resolve = (schema: any) => (schema?.$ref ? doc.components.schemas[schema.$ref.split("/").pop()] : schema);
    const missing: string[] = [];
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (!path.startsWith("/v1/")) continue;
      for (const [method, op] of Object.entries<any>(item)) {
        const body = op.requestBody?.content?.["application/json"];
        if (body && body.example === undefined) missing.push(`${method.toUpperCase()} ${path} request`);
        const success = Object.entries<any>(op.responses).find(([status]) => status.startsWith("2"))?.[1]?.content?.["application/json"]?.schema;
        if (!success) continue;
        const answer = resolve(success);
        const item = answer.properties?.object?.const === "list" ? resolve(answer.properties.data.items) : answer;
        if (!item.examples?.length) missing.push(`${method.toUpperCase()} ${path} answer`);
      }
    }
    expect(missing).toEqual([]);
  });
});
