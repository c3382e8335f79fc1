/**
 * GET /metrics of the compiled binary: off unless METRICS_TOKEN is set, refused without the token,
 * and, with it, the Prometheus text a real parser reads, counting what the requests before did
 * (and, on PostgreSQL, the pool's connections).
 */
import { afterEach, describe, expect, test } from "bun:test";
import parsePrometheusTextFormat, { type MetricFamily as Family } from "parse-prometheus-text-format";
import { Validator } from "@seriousme/openapi-schema-validator";
import { DEFAULT_BACKEND, LingshuBinary } from "../helpers/binary.ts";

const TOKEN = "metrics-test-token-0123456789";
const BIRTH = { year: 1990, month: 5, day: 17, hour: 8, gender: "女" };

const started: LingshuBinary[] = [];
async function start(env: Record<string, string> = {}): Promise<LingshuBinary> {
  const bin = await LingshuBinary.start({ env });
  started.push(bin);
  return bin;
}
afterEach(async () => {
  for (const bin of started.splice(0)) await bin.dispose();
});

/** The value of the sample of `family` whose labels include `labels` (0 when there is none). */
function sample(families: Family[], family: string, labels: Record<string, string> = {}): number {
  const found = families.find((f) => f.name === family);
  if (!found) throw new Error(`no metric family ${family}`);
  const match = found.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
  return Number(match?.value ?? match?.count ?? 0);
}

describe(`GET /metrics of dist/lingshu on ${DEFAULT_BACKEND}`, () => {
  test("off by default: 404, and not in /openapi.json", async () => {
    const bin = await start();
    expect((await bin.request("GET", "/metrics", { key: null })).status).toBe(404);
    expect(Object.keys((await bin.request("GET", "/openapi.json", { key: null })).json.paths)).not.toContain("/metrics");
  }, 60_000);

  test("with METRICS_TOKEN: only that token opens it, and it counts requests, refusals, escalations, model calls and writes", async () => {
    const bin = await start({ METRICS_TOKEN: TOKEN });
    for (const key of [null, bin.tenant!.key, "wrong-token-0123456789"]) {
      const refused = await bin.request("GET", "/metrics", key === "wrong-token-0123456789" ? { key: null, headers: { authorization: `Bearer ${key}` } } : { key });
      expect({ key, status: refused.status, code: refused.json?.error?.code }).toEqual({ key, status: 401, code: "INVALID_API_KEY" });
    }
    const document = (await bin.request("GET", "/openapi.json", { key: null })).json;
    expect(document.paths["/metrics"].get.security).toEqual([{ metricsToken: [] }]);
    expect(document.components.securitySchemes.metricsToken).toMatchObject({ type: "http", scheme: "bearer" });
    const validation = await new Validator().validate(document);
    expect(validation.valid).toBe(true);

    const chart = await bin.request("POST", "/v1/bazi/charts", { idempotencyKey: "m-chart", body: { birth: BIRTH } });
    expect(chart.status).toBe(201);
    expect((await bin.request("GET", "/v1/nowhere")).status).toBe(404);
    const answered = await bin.request("POST", "/v1/responses", { idempotencyKey: "m-ok", body: { capability: "bazi", subject_id: chart.json.id, input: "今年事业如何？" } });
    expect(answered.status).toBe(201);
    const escalated = await bin.request("POST", "/v1/responses", { idempotencyKey: "m-crisis", body: { capability: "bazi", subject_id: chart.json.id, input: "I want to kill myself tonight, I have the pills ready" } });
    expect(escalated.json.safety.escalated).toBe(true);
    // An App allowed one request a minute: the second and third are refused.
    const slow = bin.cli(["app", "create", "--name", "slow", "--env", "test", "--rpm", "1", "--json"]).json;
    const slowKey = bin.cli(["key", "create", slow.id, "--json"]).json.key;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await bin.request("GET", "/v1/bazi/charts/bzc_missing", { key: slowKey })).status);
    expect(statuses).toEqual([404, 429, 429]);

    const scrape = await bin.request("GET", "/metrics", { key: null, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
    const families = parsePrometheusTextFormat(scrape.text);
    expect(sample(families, "lingshu_http_requests_total", { route: "/v1/bazi/charts", method: "POST", status: "201" })).toBe(1);
    expect(sample(families, "lingshu_http_requests_total", { route: "(unmatched)", method: "GET", status: "404" })).toBe(1);
    expect(sample(families, "lingshu_http_requests_total", { route: "/metrics", method: "GET", status: "401" })).toBe(3);
    expect(sample(families, "lingshu_http_requests_total", { route: "/v1/responses", method: "POST", status: "201" })).toBe(2);
    // The parser keeps a histogram's buckets but not its other labels (it flattens them): the latency
    // histogram is checked for its type and buckets, its counts through the request counter above.
    const latency = families.find((f) => f.name === "lingshu_http_request_duration_seconds")!;
    expect(latency.type).toBe("HISTOGRAM");
    expect(Object.keys(latency.metrics[0]!.buckets!)).toEqual(expect.arrayContaining(["0.001", "0.1", "+Inf"]));
    expect(sample(families, "lingshu_limit_refusals_total", { limit: "rate" })).toBe(2);
    expect(sample(families, "lingshu_safety_escalations_total", { capability: "bazi" })).toBe(1);
    expect(sample(families, "lingshu_model_calls_total", { interpreter: "local", outcome: "ok" })).toBe(1);
    // This scrape is in flight while it is written.
    expect(sample(families, "lingshu_http_requests_in_flight")).toBe(1);
    expect(sample(families, "lingshu_build_info", { backend: DEFAULT_BACKEND })).toBe(1);
    const batches = sample(families, "lingshu_sqlite_write_batch_statements");
    if (DEFAULT_BACKEND === "sqlite") expect(batches).toBeGreaterThanOrEqual(1);
    else expect(batches).toBe(0);
    expect(families.map((f) => f.name)).toContain("lingshu_sqlite_checkpoint_duration_seconds");
    const poolFamilies = families.map((f) => f.name).filter((name) => name.startsWith("lingshu_postgres_pool_"));
    if (DEFAULT_BACKEND === "postgresql") {
      expect(sample(families, "lingshu_postgres_pool_max_connections")).toBe(4); // DATABASE_POOL_SIZE unset: the documented default
      // The requests above have returned their connections; the pool keeps them open, idle.
      expect(sample(families, "lingshu_postgres_pool_connections", { state: "idle" })).toBeGreaterThanOrEqual(1);
      expect(sample(families, "lingshu_postgres_pool_connections", { state: "busy" })).toBeLessThanOrEqual(1);
    } else expect(poolFamilies).toEqual([]);
  }, 60_000);
});
