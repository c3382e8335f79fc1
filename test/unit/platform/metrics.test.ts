/**
 * The service's Prometheus metrics (src/platform/metrics.ts), read back from their text exposition.
 * Expected values come from docs/deploy.md ("Metrics (Prometheus)": each series, its type and its
 * labels; methods outside the standard ones count as `other`; the pool gauge is left without samples
 * when the database cannot be read) and from the Prometheus conventions (durations in seconds,
 * histograms as cumulative `le` buckets with `_sum` and `_count`).
 */
import { describe, expect, test } from "bun:test";
import { Metrics } from "../../../src/platform/metrics.ts";
import type { RequestLogLine } from "../../../src/platform/request-log.ts";
import type { PoolUse } from "../../../src/db/storage.ts";

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE_LINE = /^([A-Za-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/;
const LABEL = /(\w+)="((?:[^"\\]|\\.)*)"/g;

/** Every sample line of a text exposition (comments left out). */
function samplesOf(text: string): Sample[] {
  return text
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [, name, labels = "", value] = SAMPLE_LINE.exec(line) ?? [];
      if (!name || !value) throw new Error(`not a sample line: ${line}`);
      return { name, labels: Object.fromEntries([...labels.matchAll(LABEL)].map(([, k, v]) => [k!, v!])), value: Number(value) };
    });
}

/** The samples named `name` whose labels include `labels`. */
function series(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
}

/** The value of the one sample named `name` with `labels` (undefined when there is none). */
function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = series(samples, name, labels);
  if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return found[0]?.value;
}

/** The upper bounds of a histogram's buckets, in order (+Inf last). */
function bucketBounds(samples: Sample[], histogram: string, labels: Record<string, string> = {}): number[] {
  return series(samples, `${histogram}_bucket`, labels).map((s) => (s.labels.le === "+Inf" ? Infinity : Number(s.labels.le)));
}

const newMetrics = () => new Metrics({ version: "1.2.3", build: "abc123", backend: "sqlite" });
const scrape = async (metrics: Metrics) => samplesOf(await metrics.text());

const requestLine = (fields: Partial<RequestLogLine> = {}): RequestLogLine => ({
  request_id: "req_metrics",
  app_id: "app_metrics",
  method: "GET",
  route: "/v1/bazi/charts/:chart_id",
  status: 200,
  duration_ms: 20,
  ...fields,
});

describe("the series of the metrics table", () => {
  const TABLE: Array<[string, "counter" | "gauge" | "histogram"]> = [
    ["lingshu_http_requests_total", "counter"],
    ["lingshu_http_request_duration_seconds", "histogram"],
    ["lingshu_http_requests_in_flight", "gauge"],
    ["lingshu_limit_refusals_total", "counter"],
    ["lingshu_safety_escalations_total", "counter"],
    ["lingshu_model_calls_total", "counter"],
    ["lingshu_model_call_duration_seconds", "histogram"],
    ["lingshu_sqlite_write_batch_statements", "histogram"],
    ["lingshu_sqlite_checkpoint_duration_seconds", "histogram"],
    ["lingshu_postgres_pool_connections", "gauge"],
    ["lingshu_postgres_pool_max_connections", "gauge"],
    ["lingshu_build_info", "gauge"],
  ];

  test("once each is recorded, every one is exposed with its type and a help text", async () => {
    const metrics = newMetrics();
    metrics.request(requestLine({ status: 429, error_code: "RATE_LIMITED" }));
    metrics.started();
    metrics.escalation("bazi");
    metrics.modelCall("local", "ok", 0.2);
    metrics.writeBatch(3);
    metrics.checkpoint(0.002, "passive");
    metrics.poolUse(10, async () => ({ busy: 1, idle: 2 }));
    const text = await metrics.text();
    for (const [name, type] of TABLE) {
      const exposed = {
        name,
        typed: new RegExp(`^# TYPE ${name} ${type}$`, "m").test(text),
        described: new RegExp(`^# HELP ${name} \\S`, "m").test(text),
        sampled: samplesOf(text).some((s) => s.name === name || s.name === `${name}_count`),
      };
      expect(exposed).toEqual({ name, typed: true, described: true, sampled: true });
    }
  });

  test("the build info is 1, labelled with the version, build and backend", async () => {
    expect(valueOf(await scrape(newMetrics()), "lingshu_build_info", { version: "1.2.3", build: "abc123", backend: "sqlite" })).toBe(1);
  });

  test("requests in flight go up when one starts and down when it finishes", async () => {
    const metrics = newMetrics();
    metrics.started();
    metrics.started();
    metrics.finished();
    expect(valueOf(await scrape(metrics), "lingshu_http_requests_in_flight")).toBe(1);
  });
});

describe("requests", () => {
  test("counted by route, method and status; the duration observed in seconds by route and method", async () => {
    const metrics = newMetrics();
    metrics.request(requestLine({ method: "POST", status: 201, duration_ms: 250 }));
    metrics.request(requestLine({ method: "POST", status: 201, duration_ms: 30 }));
    const samples = await scrape(metrics);
    const route = "/v1/bazi/charts/:chart_id";
    expect(valueOf(samples, "lingshu_http_requests_total", { route, method: "POST", status: "201" })).toBe(2);
    const labels = { route, method: "POST" };
    expect(valueOf(samples, "lingshu_http_request_duration_seconds_count", labels)).toBe(2);
    expect(valueOf(samples, "lingshu_http_request_duration_seconds_sum", labels)).toBeCloseTo(0.28, 9);
    // 30 ms is within 0.05 s, 250 ms is not but within 0.25 s.
    expect(valueOf(samples, "lingshu_http_request_duration_seconds_bucket", { ...labels, le: "0.05" })).toBe(1);
    expect(valueOf(samples, "lingshu_http_request_duration_seconds_bucket", { ...labels, le: "0.25" })).toBe(2);
  });

  const STANDARD_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

  test.each(STANDARD_METHODS)("%s is its own method label", async (method) => {
    const metrics = newMetrics();
    metrics.request(requestLine({ method }));
    const samples = await scrape(metrics);
    expect(series(samples, "lingshu_http_requests_total").map((s) => s.labels.method)).toEqual([method]);
    expect(valueOf(samples, "lingshu_http_request_duration_seconds_count", { method })).toBe(1);
  });

  test("a method outside the standard ones counts as other", async () => {
    const metrics = newMetrics();
    for (const method of ["PROPFIND", "BREW", "PROPFIND"]) metrics.request(requestLine({ method }));
    const samples = await scrape(metrics);
    expect(series(samples, "lingshu_http_requests_total").map((s) => [s.labels.method, s.value])).toEqual([["other", 3]]);
    expect(valueOf(samples, "lingshu_http_request_duration_seconds_count", { method: "other" })).toBe(3);
  });
});

describe("limit refusals", () => {
  test("counted by the limit that refused: rate, concurrency, monthly_quota", async () => {
    const metrics = newMetrics();
    metrics.request(requestLine({ status: 429, error_code: "RATE_LIMITED" }));
    metrics.request(requestLine({ status: 429, error_code: "RATE_LIMITED" }));
    metrics.request(requestLine({ status: 429, error_code: "CONCURRENCY_LIMITED" }));
    metrics.request(requestLine({ status: 429, error_code: "MONTHLY_QUOTA_EXCEEDED" }));
    const refusals = series(await scrape(metrics), "lingshu_limit_refusals_total");
    expect(Object.fromEntries(refusals.map((s) => [s.labels.limit, s.value]))).toEqual({ rate: 2, concurrency: 1, monthly_quota: 1 });
  });

  test("answers without an error code, or with one that is not a limit, are not refusals", async () => {
    const metrics = newMetrics();
    metrics.request(requestLine());
    metrics.request(requestLine({ status: 400, error_code: "VALIDATION_ERROR" }));
    metrics.request(requestLine({ status: 503, error_code: "SERVICE_UNAVAILABLE" }));
    expect(series(await scrape(metrics), "lingshu_limit_refusals_total")).toEqual([]);
  });
});

describe("model calls and storage work", () => {
  test("model calls counted by interpreter and outcome, their time observed by interpreter", async () => {
    const metrics = newMetrics();
    metrics.modelCall("local", "ok", 0.5);
    metrics.modelCall("local", "ok", 1.5);
    metrics.modelCall("anthropic", "timeout", 30);
    const samples = await scrape(metrics);
    expect(valueOf(samples, "lingshu_model_calls_total", { interpreter: "local", outcome: "ok" })).toBe(2);
    expect(valueOf(samples, "lingshu_model_calls_total", { interpreter: "anthropic", outcome: "timeout" })).toBe(1);
    expect(valueOf(samples, "lingshu_model_call_duration_seconds_count", { interpreter: "local" })).toBe(2);
    expect(valueOf(samples, "lingshu_model_call_duration_seconds_sum", { interpreter: "local" })).toBe(2);
    expect(valueOf(samples, "lingshu_model_call_duration_seconds_sum", { interpreter: "anthropic" })).toBe(30);
  });

  test("write batches are counted in statements: whole-number buckets doubling from 1 to 256", async () => {
    const metrics = newMetrics();
    metrics.writeBatch(3);
    metrics.writeBatch(200);
    const samples = await scrape(metrics);
    const doubling = Array.from({ length: 9 }, (_, i) => 2 ** i);
    expect(bucketBounds(samples, "lingshu_sqlite_write_batch_statements")).toEqual([...doubling, Infinity]);
    expect(valueOf(samples, "lingshu_sqlite_write_batch_statements_bucket", { le: "2" })).toBe(0);
    expect(valueOf(samples, "lingshu_sqlite_write_batch_statements_bucket", { le: "4" })).toBe(1);
    expect(valueOf(samples, "lingshu_sqlite_write_batch_statements_bucket", { le: "256" })).toBe(2);
    expect(valueOf(samples, "lingshu_sqlite_write_batch_statements_sum")).toBe(203);
  });

  test("checkpoints are observed by mode, with buckets that tell sub-millisecond ones apart", async () => {
    const metrics = newMetrics();
    metrics.checkpoint(0.0007, "passive");
    metrics.checkpoint(0.2, "restart");
    const samples = await scrape(metrics);
    const passive = { mode: "passive" };
    expect(Math.min(...bucketBounds(samples, "lingshu_sqlite_checkpoint_duration_seconds", passive))).toBeLessThan(0.0007);
    expect(valueOf(samples, "lingshu_sqlite_checkpoint_duration_seconds_bucket", { ...passive, le: "0.001" })).toBe(1);
    expect(valueOf(samples, "lingshu_sqlite_checkpoint_duration_seconds_count", passive)).toBe(1);
    expect(valueOf(samples, "lingshu_sqlite_checkpoint_duration_seconds_sum", { mode: "restart" })).toBe(0.2);
  });
});

describe("the PostgreSQL pool", () => {
  /** Metrics watching a pool of `max` whose use `read` gives at each scrape. */
  function watchingPool(max: number, read: () => Promise<PoolUse>): Metrics {
    const metrics = newMetrics();
    metrics.poolUse(max, read);
    return metrics;
  }
  const connections = (samples: Sample[]) => Object.fromEntries(series(samples, "lingshu_postgres_pool_connections").map((s) => [s.labels.state, s.value]));

  test("the pool's size is a gauge of its own, described as DATABASE_POOL_SIZE", async () => {
    const metrics = watchingPool(12, async () => ({ busy: 0, idle: 0 }));
    const text = await metrics.text();
    expect(valueOf(samplesOf(text), "lingshu_postgres_pool_max_connections")).toBe(12);
    expect(text).toMatch(/^# HELP lingshu_postgres_pool_max_connections .*DATABASE_POOL_SIZE/m);
  });

  test("the connections by state, busy and idle, read again at each scrape", async () => {
    const readings: PoolUse[] = [
      { busy: 3, idle: 5 },
      { busy: 0, idle: 7 },
    ];
    const metrics = watchingPool(10, async () => readings.shift()!);
    expect(connections(await scrape(metrics))).toEqual({ busy: 3, idle: 5 });
    expect(connections(await scrape(metrics))).toEqual({ busy: 0, idle: 7 });
  });

  test("when the use cannot be read, the scrape still answers, without connection samples", async () => {
    let up = true;
    const metrics = watchingPool(10, async () => {
      if (!up) throw new Error("connection refused");
      return { busy: 1, idle: 1 };
    });
    expect(connections(await scrape(metrics))).toEqual({ busy: 1, idle: 1 });
    up = false;
    const samples = await scrape(metrics);
    expect(connections(samples)).toEqual({});
    expect(valueOf(samples, "lingshu_postgres_pool_max_connections")).toBe(10);
  });
});
