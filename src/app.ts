/**
 * createApp(deps): the Elysia application with the platform plugins and every
 * route group, without listening. Tests build it on a fresh SQLite file.
 */
import { Elysia } from "elysia";
import { API_ANSWER_HEADERS, errorResponse } from "./platform/errors.ts";
import { newId } from "./ids.ts";
import { Authenticator } from "./platform/auth.ts";
import { LocalLimiter, SharedLimiter } from "./platform/limits.ts";
import { RequestCounter } from "./platform/usage.ts";
import { Pipeline, toApiError } from "./platform/pipeline.ts";
import { logRequest, type Logger } from "./platform/request-log.ts";
import type { Endpoint } from "./platform/endpoint.ts";
import type { Storage } from "./db/storage.ts";
import type { Config } from "./config.ts";
import { RouteShapes } from "./platform/route-shapes.ts";
import type { Metrics } from "./platform/metrics.ts";
import { STORED_RECORD_FRAGMENTS, businessEndpoints } from "./routes.ts";
import { operationalRoutes, type OperationalRoute } from "./operational.ts";

export interface AppDeps {
  config: Config;
  store: Storage;
  logger: Logger;
  clock?: () => number;
  /** Replaces the business endpoints (tests of the platform alone). */
  endpoints?: Endpoint[];
  /** Records what GET /metrics serves (served only with config.metricsToken); null: nothing is recorded. */
  metrics?: Metrics | null;
}

export interface LingshuApp {
  elysia: Elysia;
  /** Handles one request in-process (no socket). */
  handle(request: Request): Promise<Response>;
  counter: RequestCounter;
  endpoints: Endpoint[];
  /** The process is shutting down: /ready answers 503 from now on, everything else is still served. */
  drain(): void;
  /**
   * The last resort for a fault that escaped every handler (Bun.serve's `error`): the error envelope
   * and a request-log line, never the runtime's own error page.
   */
  fault(error: unknown): Response;
}

/** Where a request without a usable Host is served from, when PUBLIC_BASE_URL does not say. */
const ORIGIN_WITHOUT_HOST = "http://localhost";

/**
 * Bun hands over a relative URL ("/v1/…") for a request without a usable Host (HTTP/1.0 without
 * one, an empty or malformed one: `Host: a b`), and a URL `new URL` refuses for some others
 * (`Host: [bad`). Such a request is served like any other, its path kept, at ORIGIN_WITHOUT_HOST.
 */
export function withParsableUrl(request: Request): Request {
  if (URL.canParse(request.url)) return request;
  const raw = request.url;
  const scheme = raw.indexOf("://");
  const pathStart = raw.startsWith("/") ? 0 : scheme === -1 ? -1 : raw.indexOf("/", scheme + 3);
  const path = pathStart === -1 ? "/" : raw.slice(pathStart);
  const url = URL.canParse(ORIGIN_WITHOUT_HOST + path) ? ORIGIN_WITHOUT_HOST + path : `${ORIGIN_WITHOUT_HOST}/`;
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, { method: request.method, headers: request.headers, body: hasBody ? request.body : null, signal: request.signal });
}

/** An operational route with the request id header, the headers of every API answer, and the request log line. */
function operational(route: OperationalRoute, logger: Logger, metrics: Metrics | null) {
  return async ({ request }: { request: Request }) => {
    const started = performance.now();
    const requestId = newId("request");
    let response: Response;
    try {
      response = await route.answer(request, requestId);
    } catch (err) {
      response = errorResponse(toApiError(err, logger, requestId), requestId);
    }
    response.headers.set("x-request-id", requestId);
    for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) if (!response.headers.has(name)) response.headers.set(name, value);
    logRequest(logger, { request_id: requestId, app_id: null, method: request.method, route: route.path, status: response.status, duration_ms: Math.round((performance.now() - started) * 100) / 100 }, metrics);
    return response;
  };
}

export function createApp(deps: AppDeps): LingshuApp {
  const { config, store, logger } = deps;
  const metrics = deps.metrics ?? null;
  const clock = deps.clock ?? Date.now;
  const counter = new RequestCounter(store);
  const pipeline = new Pipeline({
    store,
    auth: new Authenticator(store, config.keyPepper),
    // Several instances on one PostgreSQL database share their limits there; one SQLite process counts alone.
    limiter: store.sharedLimits ? new SharedLimiter(store.sharedLimits) : new LocalLimiter(),
    counter,
    logger,
    clock,
    idempotencyTtlMs: config.idempotencyTtlHours * 3_600_000,
    publicBaseUrl: config.publicBaseUrl,
    metrics,
  });
  const endpoints = deps.endpoints ?? businessEndpoints({ store, config, clock, counter, observer: metrics });
  // Best effort: until a block is registered (or if it cannot be), records are stored whole.
  for (const json of STORED_RECORD_FRAGMENTS) {
    store.registerRecordFragment(json).catch((err) => logger.warn({ err: String(err) }, "record fragment not registered: records are stored whole"));
  }
  pipeline.prepare(endpoints);
  let draining = false;
  const shapes = new RouteShapes();

  // standardHostname: false — Elysia otherwise looks for the path from character 11 on, assuming a
  // host of at least four characters; behind a proxy that forwards `Host: api` every route broke.
  const elysia = new Elysia({ handler: { standardHostname: false } }).onError(({ code, error, request }) => {
    const requestId = newId("request");
    const unmatched = code === "NOT_FOUND" ? shapes.unmatched(request.method, new URL(request.url).pathname) : null;
    const apiError = unmatched?.error ?? toApiError(error, logger, requestId);
    const response = errorResponse(apiError, requestId, unmatched?.headers ?? {});
    logRequest(logger, { request_id: requestId, app_id: null, method: request.method, route: "(unmatched)", status: response.status, duration_ms: 0, error_code: apiError.code }, metrics);
    return response;
  });

  for (const route of operationalRoutes({ config, store, endpoints, metrics, isDraining: () => draining })) {
    const handler = operational(route, logger, metrics);
    if (route.method === "ALL") elysia.all(route.path, handler);
    else {
      elysia.get(route.path, handler);
      shapes.remember(route.method, route.path);
    }
  }
  for (const endpoint of endpoints) {
    elysia.route(endpoint.method, endpoint.path, ({ request, params }: { request: Request; params: Record<string, string> }) => pipeline.run(endpoint, request, params), {
      parse: "none",
    });
    shapes.remember(endpoint.method, endpoint.path);
  }

  return {
    elysia: elysia as unknown as Elysia,
    handle: metrics
      ? async (request) => {
          metrics.started();
          try {
            return await elysia.handle(withParsableUrl(request));
          } finally {
            metrics.finished();
          }
        }
      : (request) => elysia.handle(withParsableUrl(request)),
    counter,
    endpoints,
    drain: () => {
      draining = true;
    },
    fault: (error) => {
      const requestId = newId("request");
      const response = errorResponse(toApiError(error, logger, requestId), requestId);
      logRequest(logger, { request_id: requestId, app_id: null, method: "-", route: "(fault)", status: response.status, duration_ms: 0, error_code: "INTERNAL_ERROR" }, metrics);
      return response;
    },
  };
}

