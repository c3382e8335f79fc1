/**
 * createApp(deps): the Elysia application with the platform plugins and every
 * route group, without listening. Tests build it on a fresh SQLite file.
 */
import { Elysia } from "elysia";
import { API_ANSWER_HEADERS, ApiError, errorResponse } from "./platform/errors.ts";
import { newId } from "./ids.ts";
import { Authenticator } from "./platform/auth.ts";
import { LocalLimiter, SharedLimiter } from "./platform/limits.ts";
import { RequestCounter } from "./platform/usage.ts";
import { Pipeline, toApiError } from "./platform/pipeline.ts";
import { logRequest, type Logger } from "./platform/request-log.ts";
import type { Endpoint } from "./platform/endpoint.ts";
import type { Storage } from "./db/storage.ts";
import type { Config } from "./config.ts";
import { buildOpenApiDocument } from "./docs/openapi.ts";
import { operationalPaths, renderDocsPage } from "./docs/pages.ts";
import { BUILD_ID, VERSION } from "./version.ts";
import { HEALING_AUDIO_PATH, createHealingAudioHandler, type AssetHandler } from "./assets/audio.ts";
import { STORED_RECORD_FRAGMENTS, businessEndpoints } from "./routes.ts";
import { describeModel } from "./responses/choose-interpreter.ts";

export interface AppDeps {
  config: Config;
  store: Storage;
  logger: Logger;
  clock?: () => number;
  /** Replaces the business endpoints (tests of the platform alone). */
  endpoints?: Endpoint[];
}

export interface LingshuApp {
  elysia: Elysia;
  /** Handles one request in-process (no socket). */
  handle(request: Request): Promise<Response>;
  counter: RequestCounter;
  endpoints: Endpoint[];
  /** The process is shutting down: /ready answers 503 from now on, everything else is still served. */
  drain(): void;
}

interface RouteShape {
  pattern: RegExp;
  methods: Set<string>;
}

function routeShape(path: string): RegExp {
  return new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z_]+/g, "[^/]+")}$`);
}

const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

export function createApp(deps: AppDeps): LingshuApp {
  const { config, store, logger } = deps;
  const clock = deps.clock ?? Date.now;
  const health = JSON.stringify({ status: "ok", version: VERSION, build: BUILD_ID, model: describeModel(config) });
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
  });
  const endpoints = deps.endpoints ?? businessEndpoints({ store, config, clock, counter });
  // Best effort: until a block is registered (or if it cannot be), records are stored whole.
  for (const json of STORED_RECORD_FRAGMENTS) {
    store.registerRecordFragment(json).catch((err) => logger.warn({ err: String(err) }, "record fragment not registered: records are stored whole"));
  }
  pipeline.prepare(endpoints);
  let draining = false;

  const shapes: RouteShape[] = [];
  const remember = (method: string, path: string) => {
    const found = shapes.find((s) => s.pattern.source === routeShape(path).source);
    if (found) found.methods.add(method);
    else shapes.push({ pattern: routeShape(path), methods: new Set([method]) });
  };

  /** Wraps an operational route with the request id header and the request log line. */
  const operational = (route: string, fn: (request: Request, requestId: string) => Response | Promise<Response>) => async ({ request }: { request: Request }) => {
    const started = performance.now();
    const requestId = newId("request");
    let response: Response;
    try {
      response = await fn(request, requestId);
    } catch (err) {
      response = errorResponse(toApiError(err, logger, requestId), requestId);
    }
    response.headers.set("x-request-id", requestId);
    for (const [name, value] of Object.entries(API_ANSWER_HEADERS)) if (!response.headers.has(name)) response.headers.set(name, value);
    logRequest(logger, { request_id: requestId, app_id: null, method: request.method, route, status: response.status, duration_ms: Math.round((performance.now() - started) * 100) / 100 });
    return response;
  };

  // The documents name the address they were fetched from (PUBLIC_BASE_URL, else the request's origin),
  // built once per address; the Host header is the client's, so only a few addresses are kept.
  const documents = new Map<string, { openApi: string; docs?: string }>();
  const documentsFor = (request: Request) => {
    const origin = config.publicBaseUrl ?? new URL(request.url).origin;
    let built = documents.get(origin);
    if (!built) {
      if (documents.size >= 16) documents.clear();
      built = { openApi: JSON.stringify(buildOpenApiDocument(endpoints, { publicBaseUrl: origin, extraPaths: operationalPaths() })) };
      documents.set(origin, built);
    }
    return { origin, built };
  };

  // standardHostname: false — Elysia otherwise looks for the path from character 11 on, assuming a
  // host of at least four characters; behind a proxy that forwards `Host: api` every route broke.
  const elysia = new Elysia({ handler: { standardHostname: false } })
    .onError(({ code, error, request }) => {
      const requestId = newId("request");
      let apiError: ApiError;
      const extraHeaders: Record<string, string> = {};
      if (code === "NOT_FOUND") {
        const path = new URL(request.url).pathname;
        const shape = shapes.find((s) => s.pattern.test(path));
        if (shape) {
          const allow = [...shape.methods].sort().join(", ");
          extraHeaders.allow = allow;
          apiError = new ApiError("METHOD_NOT_ALLOWED", `${request.method} is not allowed on ${path}; use ${allow}.`);
        } else {
          apiError = new ApiError("ROUTE_NOT_FOUND", `No endpoint ${request.method} ${path}. See /docs and /openapi.json.`);
        }
      } else {
        apiError = toApiError(error, logger, requestId);
      }
      const response = errorResponse(apiError, requestId, extraHeaders);
      logRequest(logger, { request_id: requestId, app_id: null, method: request.method, route: "(unmatched)", status: response.status, duration_ms: 0, error_code: apiError.code });
      return response;
    })
    .get(
      "/health",
      // The model is reported, never probed: a model outage must not take the instance out of a load balancer.
      operational("/health", () => new Response(health, { headers: JSON_TYPE })),
    )
    .get(
      "/ready",
      operational("/ready", async (_request, requestId) => {
        // Draining is checked again after the probe: SIGTERM may arrive while it waits for the database.
        if (!draining && (await store.isReady()) && !draining) {
          const body = { status: "ready", database: store.backend, migrations: (await store.appliedMigrations()).length };
          return new Response(JSON.stringify(body), { headers: JSON_TYPE });
        }
        const message = draining
          ? "This instance is draining: it is shutting down, finishing the requests it has; send new requests to another instance."
          : "The database is not answering or migrations are not applied.";
        return errorResponse(new ApiError("SERVICE_UNAVAILABLE", message, { retryAfterMs: 1000 }), requestId);
      }),
    )
    .get("/openapi.json", operational("/openapi.json", (request) => new Response(documentsFor(request).built.openApi, { headers: JSON_TYPE })))
    .get(
      "/docs",
      operational("/docs", (request) => {
        const { origin, built } = documentsFor(request);
        return new Response((built.docs ??= renderDocsPage(JSON.parse(built.openApi), origin)), { headers: { "content-type": "text/html; charset=utf-8" } });
      }),
    );
  for (const path of ["/health", "/ready", "/openapi.json", "/docs"]) remember("GET", path);

  // The public audio asset answers every method itself (GET, HEAD, OPTIONS; 405 otherwise), with CORS.
  let audio: Promise<AssetHandler> | null = null;
  elysia.all(
    HEALING_AUDIO_PATH,
    operational(HEALING_AUDIO_PATH, async (request, requestId) => (await (audio ??= createHealingAudioHandler()))(request, requestId)),
  );

  for (const endpoint of endpoints) {
    elysia.route(endpoint.method, endpoint.path, ({ request, params }: { request: Request; params: Record<string, string> }) => pipeline.run(endpoint, request, params), {
      parse: "none",
    });
    remember(endpoint.method, endpoint.path);
  }

  return {
    elysia: elysia as unknown as Elysia,
    handle: (request) => elysia.handle(request),
    counter,
    endpoints,
    drain: () => {
      draining = true;
    },
  };
}

