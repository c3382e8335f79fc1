/**
 * The routes that are not business endpoints — /health, /ready, /openapi.json, /docs and the public
 * audio asset — each declared with its OpenAPI path item, and none through the request pipeline (no
 * key, no limits): createApp registers them as they are listed here.
 */
import { ApiError, errorResponse } from "./platform/errors.ts";
import type { Storage } from "./db/storage.ts";
import type { Config } from "./config.ts";
import type { Endpoint } from "./platform/endpoint.ts";
import { API_ANSWER_HEADER_REFS, buildOpenApiDocument, errorResponseObject } from "./docs/openapi.ts";
import { renderDocsPage } from "./docs/pages.ts";
import { BUILD_ID, VERSION } from "./version.ts";
import {
  ASSET_ALLOWED_METHODS, ASSET_ALLOWED_REQUEST_HEADERS, ASSET_CACHE_CONTROL, ASSET_EXPOSED_HEADERS, ASSET_PREFLIGHT_MAX_AGE_SECONDS, HEALING_AUDIO_PATH,
  createHealingAudioHandler, type AssetHandler,
} from "./assets/audio.ts";
import { describeModel } from "./responses/choose-interpreter.ts";
import type { Metrics } from "./platform/metrics.ts";
import { timingSafeEqual } from "node:crypto";

export interface OperationalRoute {
  /** GET, or ALL for a route that answers every method itself (the asset: GET, HEAD, OPTIONS, else 405). */
  method: "GET" | "ALL";
  path: string;
  /** Its OpenAPI path item, in /openapi.json beside the business endpoints; the documents have none. */
  openApi?: Record<string, unknown>;
  answer(request: Request, requestId: string): Response | Promise<Response>;
}

export interface OperationalDeps {
  config: Config;
  store: Storage;
  /** The business endpoints, for the documents. */
  endpoints: Endpoint[];
  /** True from the moment the instance is asked to shut down. */
  isDraining(): boolean;
  /** What GET /metrics serves; the route exists only with config.metricsToken. */
  metrics?: Metrics | null;
}

const JSON_TYPE = { "content-type": "application/json; charset=utf-8" };

const METRICS_TOKEN_SCHEME = { type: "http", scheme: "bearer", description: "The operator's METRICS_TOKEN (not an API key): `Authorization: Bearer <METRICS_TOKEN>`." };

/** Whether `authorization` is "Bearer <token>", compared in constant time. */
function bearerMatches(authorization: string | null, token: string): boolean {
  const sent = Buffer.from(authorization ?? "");
  const wanted = Buffer.from(`Bearer ${token}`);
  return sent.length === wanted.length && timingSafeEqual(sent, wanted);
}

/** GET /metrics: the Prometheus text, for the holder of METRICS_TOKEN. */
function metricsRoute(metrics: Metrics, token: string, pathItem: Record<string, unknown> | undefined): OperationalRoute {
  return {
    method: "GET",
    path: "/metrics",
    openApi: pathItem,
    async answer(request, requestId) {
      if (!bearerMatches(request.headers.get("authorization"), token)) {
        return errorResponse(new ApiError("INVALID_API_KEY", "Send the metrics token as: Authorization: Bearer <METRICS_TOKEN>. API keys do not open /metrics."), requestId);
      }
      return new Response(await metrics.text(), { headers: { "content-type": metrics.contentType } });
    },
  };
}

export function operationalRoutes({ config, store, endpoints, isDraining, metrics = null }: OperationalDeps): OperationalRoute[] {
  const health = JSON.stringify({ status: "ok", version: VERSION, build: BUILD_ID, model: describeModel(config) });
  const pathItems = operationalPathItems();
  // The documents name the address they were fetched from (PUBLIC_BASE_URL, else the request's origin),
  // built once per address; the Host header is the client's, so only a few addresses are kept.
  const documents = new Map<string, { openApi: string; docs?: string }>();
  const documentsFor = (request: Request) => {
    const origin = config.publicBaseUrl ?? new URL(request.url).origin;
    let built = documents.get(origin);
    if (!built) {
      if (documents.size >= 16) documents.clear();
      const extraPaths = Object.fromEntries(routes.flatMap((route) => (route.openApi ? [[route.path, route.openApi]] : [])));
      const extraSecuritySchemes: Record<string, Record<string, unknown>> = extraPaths["/metrics"] ? { metricsToken: METRICS_TOKEN_SCHEME } : {};
      built = { openApi: JSON.stringify(buildOpenApiDocument(endpoints, { publicBaseUrl: origin, extraPaths, extraSecuritySchemes })) };
      documents.set(origin, built);
    }
    return { origin, built };
  };
  let audio: Promise<AssetHandler> | null = null;
  const routes: OperationalRoute[] = [
    {
      method: "ALL",
      path: HEALING_AUDIO_PATH,
      openApi: pathItems[HEALING_AUDIO_PATH],
      answer: async (request, requestId) => (await (audio ??= createHealingAudioHandler()))(request, requestId),
    },
    // The model is reported, never probed: a model outage must not take the instance out of a load balancer.
    { method: "GET", path: "/health", openApi: pathItems["/health"], answer: () => new Response(health, { headers: JSON_TYPE }) },
    {
      method: "GET",
      path: "/ready",
      openApi: pathItems["/ready"],
      async answer(_request, requestId) {
        // Draining is checked again after the probe: SIGTERM may arrive while it waits for the database.
        if (!isDraining() && (await store.isReady()) && !isDraining()) {
          const body = { status: "ready", database: store.backend, migrations: (await store.appliedMigrations()).length };
          return new Response(JSON.stringify(body), { headers: JSON_TYPE });
        }
        const message = isDraining()
          ? "This instance is draining: it is shutting down, finishing the requests it has; send new requests to another instance."
          : "The database is not answering or migrations are not applied.";
        return errorResponse(new ApiError("SERVICE_UNAVAILABLE", message, { retryAfterMs: 1000 }), requestId);
      },
    },
    { method: "GET", path: "/openapi.json", answer: (request) => new Response(documentsFor(request).built.openApi, { headers: JSON_TYPE }) },
    {
      method: "GET",
      path: "/docs",
      answer(request) {
        const { origin, built } = documentsFor(request);
        return new Response((built.docs ??= renderDocsPage(JSON.parse(built.openApi), origin)), { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    },
    // Off unless METRICS_TOKEN is set: then in the documents too, as this instance serves it.
    ...(metrics && config.metricsToken ? [metricsRoute(metrics, config.metricsToken, pathItems["/metrics"])] : []),
  ];
  return routes;
}

const nullableString = (description: string) => ({ type: ["string", "null"], description });

/** The body of GET /health. */
const HEALTH_SCHEMA = {
  type: "object",
  required: ["status", "version", "build", "model"],
  properties: {
    status: { const: "ok" },
    version: { type: "string" },
    build: { type: "string", description: "The build: version+commit of the executable (`+source` when run from source); the same in `--version`, the `listening` log line and /openapi.json's `info.x-build`." },
    model: {
      type: "object",
      description: "Which interpreter answers Responses (configuration only; the model is not called).",
      required: ["interpreter", "model", "profile", "effort", "retires"],
      properties: {
        interpreter: { type: "string", enum: ["anthropic", "local"], description: "`anthropic` when ANTHROPIC_API_KEY is set, else the deterministic `local` interpreter." },
        model: { type: "string", description: "LINGSHU_MODEL, or `lingshu-local-1`." },
        profile: nullableString("The request profile used for this model (`conservative` for an id the service does not know); null for the local interpreter."),
        effort: { type: ["string", "null"], enum: ["low", "medium", "high", "xhigh", "max", null], description: "The effort sent with each request; null: none is sent." },
        retires: nullableString("The model's announced retirement date (YYYY-MM-DD), if any."),
      },
    },
  },
};

/** The OpenAPI path items of the operational routes, by path (built once). */
function operationalPathItems(): Record<string, Record<string, unknown>> {
  const plain = (summary: string, description: string, responses: Record<string, unknown>) => ({
    get: { operationId: summary.replace(/\W+/g, "_").toLowerCase(), summary, description, tags: ["Operations"], security: [], responses },
  });
  // Operational answers carry what every API answer does: X-Request-Id, nosniff and no-store.
  const requestIdHeader = { "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" }, ...API_ANSWER_HEADER_REFS };
  const fixed = (description: string, value: string) => ({ description, schema: { type: "string", enum: [value] } });
  const corsHeaders = {
    "Access-Control-Allow-Origin": fixed("Any origin may play the file.", "*"),
    "Access-Control-Expose-Headers": fixed("The response headers a browser script may read.", ASSET_EXPOSED_HEADERS),
  };
  const contentRange = { description: "`bytes first-last/length`, or `bytes */length` on 416.", schema: { type: "string", pattern: "^bytes (\\d+-\\d+|\\*)/\\d+$" } };
  const assetHeaders = {
    "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
    ...corsHeaders,
    ETag: { description: "Strong validator of the immutable file.", schema: { type: "string" } },
    "Last-Modified": { description: "The release date of this version of the file (an HTTP-date).", schema: { type: "string" } },
    "Accept-Ranges": fixed("Single byte ranges are served.", "bytes"),
    "Cache-Control": fixed("The versioned file never changes.", ASSET_CACHE_CONTROL),
    "X-Content-Type-Options": fixed("Browsers must not sniff another type.", "nosniff"),
  };
  const errorHeaders = { ...requestIdHeader, ...corsHeaders };
  const audio = { "audio/mpeg": { schema: { type: "string", format: "binary" } } };
  const assetResponses = {
    "200": { description: "The complete MP3.", headers: assetHeaders, content: audio },
    "206": { description: "The requested byte range, with `Content-Range`.", headers: { ...assetHeaders, "Content-Range": contentRange }, content: audio },
    "304": { description: "Not modified (`If-None-Match` or `If-Modified-Since` matched).", headers: assetHeaders },
    "412": { ...errorResponseObject(412, ["PRECONDITION_FAILED"]), headers: errorHeaders },
    "416": {
      ...errorResponseObject(416, ["RANGE_NOT_SATISFIABLE"]),
      headers: { ...errorHeaders, "Accept-Ranges": fixed("Single byte ranges are served.", "bytes"), "Content-Range": contentRange },
    },
  };
  const withoutContent = (responses: Record<string, Record<string, unknown>>) =>
    Object.fromEntries(Object.entries(responses).map(([status, { content: _content, ...rest }]) => [status, rest]));
  const asset = { tags: ["Healing"], security: [] };
  const assetGet = {
    operationId: "get_healing_audio",
    summary: "The music_breath_10 audio track",
    description: "Public (no key), immutable, cross-origin. Supports a single `Range`, `If-None-Match`, `If-Modified-Since`, `If-Range`, `If-Match` and `If-Unmodified-Since`; HEAD and an OPTIONS preflight are answered, any other method 405.",
    ...asset,
    responses: assetResponses,
  };
  const assetHead = {
    operationId: "head_healing_audio",
    summary: "The audio track's headers",
    description: "The answer GET would give, without its body.",
    ...asset,
    responses: withoutContent(assetResponses),
  };
  const assetOptions = {
    operationId: "preflight_healing_audio",
    summary: "CORS preflight for the audio track",
    description: "Lets a browser on any origin send GET and HEAD with the range and validator headers.",
    ...asset,
    responses: {
      "204": {
        description: "The methods and headers a cross-origin request may use.",
        headers: {
          ...requestIdHeader,
          ...corsHeaders,
          Allow: { $ref: "#/components/headers/Allow" },
          "Access-Control-Allow-Methods": fixed("The methods a cross-origin request may use.", ASSET_ALLOWED_METHODS),
          "Access-Control-Allow-Headers": fixed("The request headers a cross-origin request may send.", ASSET_ALLOWED_REQUEST_HEADERS),
          "Access-Control-Max-Age": { description: "Seconds a browser may cache this preflight.", schema: { type: "integer", enum: [ASSET_PREFLIGHT_MAX_AGE_SECONDS] } },
        },
      },
    },
  };
  const metricsItem = plain("Prometheus metrics", "The Prometheus text exposition: requests by route template, method and status, their latency, requests in flight, limit refusals, safety escalations, model calls and failures, SQLite write batches and checkpoints, and the build. Served only when METRICS_TOKEN is set (otherwise 404), to `Authorization: Bearer <METRICS_TOKEN>`; API keys do not open it.", {
    "200": { description: "The metrics.", headers: requestIdHeader, content: { "text/plain": { schema: { type: "string" } } } },
    "401": { description: "`INVALID_API_KEY`: the metrics token is missing or wrong.", headers: requestIdHeader, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
  });
  (metricsItem.get as Record<string, unknown>).security = [{ metricsToken: [] }];
  return {
    "/metrics": metricsItem,
    [HEALING_AUDIO_PATH]: { get: assetGet, head: assetHead, options: assetOptions },
    "/health": plain("Service health", "200 whenever the process runs, with the version and which interpreter answers Responses. The model is reported, never called: a model outage does not change `/health` or `/ready`. No authentication.", {
      "200": {
        description: "The process runs.",
        headers: requestIdHeader,
        content: { "application/json": { schema: HEALTH_SCHEMA } },
      },
    }),
    "/ready": plain("Database readiness", "200 when the database answers, a write commits and every migration is applied, else 503; also 503 from the moment the instance is asked to shut down (SIGTERM), while it finishes its requests and `/health` stays 200. Names the database in use (`sqlite` or `postgresql`). No authentication.", {
      "200": {
        description: "Ready to serve.",
        headers: requestIdHeader,
        content: {
          "application/json": {
            schema: {
              type: "object",
              required: ["status", "database"],
              properties: {
                status: { const: "ready" },
                database: { type: "string", enum: ["sqlite", "postgresql"], description: "The database this instance uses: embedded SQLite, or PostgreSQL (DATABASE_URL)." },
                migrations: { type: "integer", description: "How many migrations are applied." },
              },
            },
          },
        },
      },
      "503": {
        description: "`SERVICE_UNAVAILABLE`: the database is not answering or migrations are not applied, or the instance is draining (shutting down; the message says so).",
        headers: { ...requestIdHeader, "Retry-After": { $ref: "#/components/headers/Retry-After" } },
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    }),
  };
}
