/**
 * The service's Prometheus metrics (prom-client), served at GET /metrics when METRICS_TOKEN is set
 * (operational.ts). Recorded where the facts are already known, so a request pays a few counter
 * increments: the request-log line (route, status, duration, error code), the request wrapper
 * (in flight), the Response turn (escalations), the interpreter (model calls) and the SQLite
 * storage (write batches, checkpoints); the PostgreSQL pool's use is read when scraped. One Metrics
 * per process; tests make their own.
 */
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { RequestLogLine } from "./request-log.ts";
import type { PoolUse, StorageObserver } from "../db/storage.ts";

/** The limits whose refusals are counted, by their error code. */
const REFUSALS: Readonly<Record<string, string>> = { RATE_LIMITED: "rate", CONCURRENCY_LIMITED: "concurrency", MONTHLY_QUOTA_EXCEEDED: "monthly_quota" };
/** Methods as labels; any other (a client may send any token) counts as "other", so a client cannot grow the series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export interface MetricsInfo {
  version: string;
  build: string;
  backend: "sqlite" | "postgresql";
}

export class Metrics implements StorageObserver {
  readonly registry = new Registry();
  private readonly requests = new Counter({ name: "lingshu_http_requests_total", help: "Answered requests by route template, method and status.", labelNames: ["route", "method", "status"] as const, registers: [this.registry] });
  private readonly latency = new Histogram({ name: "lingshu_http_request_duration_seconds", help: "Time from a request's arrival to its answer, by route template and method.", labelNames: ["route", "method"] as const, buckets: LATENCY_BUCKETS, registers: [this.registry] });
  private readonly inFlight = new Gauge({ name: "lingshu_http_requests_in_flight", help: "Requests being served now.", registers: [this.registry] });
  private readonly refusals = new Counter({ name: "lingshu_limit_refusals_total", help: "Requests refused by an App's limits: rate (per minute), concurrency, monthly_quota.", labelNames: ["limit"] as const, registers: [this.registry] });
  private readonly escalations = new Counter({ name: "lingshu_safety_escalations_total", help: "Responses answered with the fixed safety-action text instead of an interpretation, by capability.", labelNames: ["capability"] as const, registers: [this.registry] });
  private readonly modelCalls = new Counter({ name: "lingshu_model_calls_total", help: "Interpretations asked of the interpreter, by interpreter and outcome (ok, timeout, unavailable, refused, error).", labelNames: ["interpreter", "outcome"] as const, registers: [this.registry] });
  private readonly modelLatency = new Histogram({ name: "lingshu_model_call_duration_seconds", help: "Time of one interpretation, retries included, by interpreter.", labelNames: ["interpreter"] as const, buckets: LATENCY_BUCKETS, registers: [this.registry] });
  private readonly batches = new Histogram({ name: "lingshu_sqlite_write_batch_statements", help: "Writes committed together in one SQLite transaction.", buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256], registers: [this.registry] });
  private readonly checkpoints = new Histogram({ name: "lingshu_sqlite_checkpoint_duration_seconds", help: "Time of one WAL checkpoint, by mode.", labelNames: ["mode"] as const, buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 5], registers: [this.registry] });

  constructor(info: MetricsInfo) {
    const build = new Gauge({ name: "lingshu_build_info", help: "Always 1; the labels name the running build and its database.", labelNames: ["version", "build", "backend"] as const, registers: [this.registry] });
    build.set({ version: info.version, build: info.build, backend: info.backend }, 1);
  }

  /** A request's answer, from its log line. */
  request(line: RequestLogLine): void {
    const method = METHODS.has(line.method) ? line.method : "other";
    this.requests.inc({ route: line.route, method, status: String(line.status) });
    this.latency.observe({ route: line.route, method }, line.duration_ms / 1000);
    const limit = line.error_code === undefined ? undefined : REFUSALS[line.error_code];
    if (limit) this.refusals.inc({ limit });
  }

  started(): void {
    this.inFlight.inc();
  }

  finished(): void {
    this.inFlight.dec();
  }

  escalation(capability: string): void {
    this.escalations.inc({ capability });
  }

  modelCall(interpreter: string, outcome: string, seconds: number): void {
    this.modelCalls.inc({ interpreter, outcome });
    this.modelLatency.observe({ interpreter }, seconds);
  }

  writeBatch(statements: number): void {
    this.batches.observe(statements);
  }

  checkpoint(seconds: number, mode: string): void {
    this.checkpoints.observe({ mode }, seconds);
  }

  /**
   * Gauges of the PostgreSQL pool, read by `read` at each scrape. When the reading fails (the
   * database is down) the connection gauge is left empty and the scrape still answers.
   */
  poolUse(max: number, read: () => Promise<PoolUse>): void {
    new Gauge({ name: "lingshu_postgres_pool_max_connections", help: "The PostgreSQL pool's size (DATABASE_POOL_SIZE).", registers: [this.registry] }).set(max);
    new Gauge({
      name: "lingshu_postgres_pool_connections",
      help: "This instance's PostgreSQL connections by state (busy: running a statement or inside a transaction; idle), as pg_stat_activity shows them at the scrape.",
      labelNames: ["state"] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const use = await read().catch(() => null);
        if (!use) return;
        this.set({ state: "busy" }, use.busy);
        this.set({ state: "idle" }, use.idle);
      },
    });
  }

  /** The Prometheus text exposition. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
