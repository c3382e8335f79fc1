/**
 * The OpenAPI 3.1 document, generated from the endpoint declarations and the one
 * closed set of error codes — never written by hand, so it cannot drift from behaviour.
 */
import { BUILD_ID } from "../version.ts";
import type { TSchema } from "@sinclair/typebox";
import { ERROR_CATALOG, type ErrorCode } from "../platform/errors.ts";
import { endpointErrorCodes, type Endpoint } from "../platform/endpoint.ts";
import { isReplayableStatus } from "../platform/idempotency.ts";
import { DOCUMENTED_UNIQUE_ITEMS } from "../platform/schemas.ts";
import EXAMPLES from "./examples.json" with { type: "json" };

/**
 * Real examples (test/http/openapi-examples.test.ts keeps them equal to what the service answers):
 * request bodies by operation, and resources by the component that documents them.
 */
const REQUEST_EXAMPLES: Record<string, unknown> = EXAMPLES.requests;
const RESOURCE_EXAMPLES: Record<string, unknown> = EXAMPLES.resources;

export const API_VERSION = "1.0.0";

/** The named schemas of a document (`components.schemas`), by name. */
export type SchemaComponents = Map<string, unknown>;

/** A TypeBox `$id` that names a component: `LiuyaoLine`, `HexagramRef`. */
const COMPONENT_NAME = /^[A-Z][A-Za-z0-9]*$/;

/**
 * Plain JSON Schema: TypeBox's symbol keys dropped, documented-only keywords spelled out. A
 * schema declared with a component name as its `$id` is written once into `components` and
 * referred to by `$ref` wherever it is used (generated clients get a named type); without
 * `components` it stays inline. Two different schemas under one name are a programming error.
 */
export function jsonSchema(schema: TSchema, components?: SchemaComponents): Record<string, unknown> {
  return JSON.parse(JSON.stringify(schema), function (key, value) {
    if (key === DOCUMENTED_UNIQUE_ITEMS) {
      (this as Record<string, unknown>).uniqueItems = true;
      return undefined;
    }
    // The reviver runs innermost first, so a component's own named parts are already references.
    if (value !== null && typeof value === "object" && typeof value.$id === "string" && COMPONENT_NAME.test(value.$id)) {
      const { $id: name, ...body } = value as { $id: string; examples?: unknown[] };
      if (body.examples === undefined && RESOURCE_EXAMPLES[name] !== undefined) body.examples = [RESOURCE_EXAMPLES[name]];
      if (!components) return body;
      const known = components.get(name);
      if (known !== undefined && JSON.stringify(known) !== JSON.stringify(body)) throw new Error(`two different schemas are named ${name}`);
      components.set(name, body);
      return { $ref: `#/components/schemas/${name}` };
    }
    return value;
  });
}

const HEADER_REFS = {
  requestId: { $ref: "#/components/headers/X-Request-Id" },
  rateLimit: { $ref: "#/components/headers/RateLimit" },
  rateLimitPolicy: { $ref: "#/components/headers/RateLimit-Policy" },
  replayed: { $ref: "#/components/headers/Idempotent-Replayed" },
  retryAfter: { $ref: "#/components/headers/Retry-After" },
  allow: { $ref: "#/components/headers/Allow" },
  noSniff: { $ref: "#/components/headers/X-Content-Type-Options" },
  noStore: { $ref: "#/components/headers/Cache-Control" },
};

/** Headers every API answer carries, success or error (platform/errors.ts API_ANSWER_HEADERS). */
export const API_ANSWER_HEADER_REFS = { "X-Content-Type-Options": HEADER_REFS.noSniff, "Cache-Control": HEADER_REFS.noStore };

function errorSchema(codes: ErrorCode[]): Record<string, unknown> {
  return {
    allOf: [{ $ref: "#/components/schemas/Error" }],
    properties: { error: { type: "object", properties: { code: { type: "string", enum: codes } } } },
  };
}

/**
 * A response object for the given error codes sharing one status. `idempotent`: the
 * endpoint stores and replays this answer (platform/idempotency.ts isReplayableStatus), and
 * a replay carries the success headers: RateLimit, RateLimit-Policy and Idempotent-Replayed.
 */
export function errorResponseObject(status: number, codes: ErrorCode[], idempotent = false): Record<string, unknown> {
  const headers: Record<string, unknown> = { "X-Request-Id": HEADER_REFS.requestId, ...API_ANSWER_HEADER_REFS };
  if (status === 429 || status === 503 || codes.includes("IDEMPOTENCY_IN_PROGRESS")) headers["Retry-After"] = HEADER_REFS.retryAfter;
  if (status === 405) headers.Allow = HEADER_REFS.allow;
  // Every answer after authentication carries the App's allowance (RATE_LIMITED: the spent one);
  // an unauthenticated one (401, a route that needs no key) does not.
  Object.assign(headers, { RateLimit: HEADER_REFS.rateLimit, "RateLimit-Policy": HEADER_REFS.rateLimitPolicy });
  const replayed = idempotent && codes.some((c) => isReplayableStatus(status, c));
  if (replayed) headers["Idempotent-Replayed"] = HEADER_REFS.replayed;
  return {
    description: codes.map((c) => `\`${c}\`: ${ERROR_CATALOG[c].description}`).join("\n\n"),
    headers,
    content: { "application/json": { schema: errorSchema(codes) } },
  };
}

function errorResponses(endpoint: Endpoint): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of endpointErrorCodes(endpoint)) {
    const status = code === "VALIDATION_ERROR" ? (endpoint.validationStatus ?? 400) : ERROR_CATALOG[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort((a, b) => a[0] - b[0])) out[String(status)] = errorResponseObject(status, codes, endpoint.idempotent !== false);
  return out;
}

/** The OpenAPI operation object of one endpoint; its named schemas go into `components`. */
export function operationFor(endpoint: Endpoint, components?: SchemaComponents): Record<string, unknown> {
  const parameters: unknown[] = (endpoint.params ?? []).map((p) => ({
    name: p.name,
    in: "path",
    required: true,
    description: p.description,
    schema: { type: "string", pattern: p.pattern.source },
  }));
  const required = new Set<string>(endpoint.query?.required ?? []);
  for (const [name, schema] of Object.entries(endpoint.query?.properties ?? {})) {
    const { description, ...rest } = jsonSchema(schema, components) as { description?: string; type?: string };
    const list = rest.type === "array";
    parameters.push({ name, in: "query", required: required.has(name), ...(description ? { description } : {}), schema: rest, ...(list ? { style: "form", explode: false } : {}) });
  }
  if (endpoint.idempotent) parameters.push({ $ref: endpoint.idempotent === true ? "#/components/parameters/IdempotencyKey" : "#/components/parameters/OptionalIdempotencyKey" });
  const successHeaders: Record<string, unknown> = {
    "X-Request-Id": HEADER_REFS.requestId,
    ...API_ANSWER_HEADER_REFS,
    RateLimit: HEADER_REFS.rateLimit,
    "RateLimit-Policy": HEADER_REFS.rateLimitPolicy,
  };
  if (endpoint.idempotent) successHeaders["Idempotent-Replayed"] = HEADER_REFS.replayed;
  const success: Record<string, unknown> = { description: endpoint.success.description, headers: successHeaders };
  if (endpoint.success.schema) success.content = { "application/json": { schema: jsonSchema(endpoint.success.schema, components) } };
  const operation: Record<string, unknown> = {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    description: endpoint.description,
    tags: [endpoint.tag],
    security: [{ bearerAuth: [] }],
    responses: { [String(endpoint.success.status)]: success, ...errorResponses(endpoint) },
  };
  if (parameters.length) operation.parameters = parameters;
  if (endpoint.body) {
    const example = REQUEST_EXAMPLES[endpoint.operationId];
    operation.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(endpoint.body, components), ...(example === undefined ? {} : { example }) } } };
  }
  return operation;
}

export const ERROR_ENVELOPE_SCHEMA = {
  type: "object",
  additionalProperties: false,
  required: ["error"],
  properties: {
    error: {
      type: "object",
      description: "What went wrong: a code for programs, a message for people, this request's id, and the members its code carries.",
      // Closed: every member any code carries is listed below, so a typed client's error type is complete.
      additionalProperties: false,
      required: ["code", "message", "request_id"],
      properties: {
        code: { type: "string", enum: Object.keys(ERROR_CATALOG), description: "What went wrong, for programs: one of the closed set of codes." },
        message: { type: "string", description: "What went wrong and what to do, for people." },
        request_id: { type: "string", pattern: "^req_", description: "This request's id, equal to the X-Request-Id header: quote it to the operator." },
        retryable: { type: "boolean", description: "Whether the same request may succeed if sent again (after retry_after_ms when given)." },
        retry_after_ms: { type: "integer", minimum: 0, description: "How long to wait before retrying; the Retry-After header gives it in whole seconds." },
        details: {
          type: "array",
          description: "VALIDATION_ERROR: every problem found.",
          items: {
            type: "object",
            additionalProperties: false,
            required: ["path", "message"],
            properties: { path: { type: "string", description: "Where the problem is: `birth.year`, `lines[2]`, `(body)` for the whole body." }, message: { type: "string", description: "What is wrong there." } },
          },
        },
        capability: { type: "string", description: "CAPABILITY_NOT_GRANTED: the capability that is missing." },
        safety_action: {
          type: "object",
          additionalProperties: false,
          description: "HEALING_PLAN_BLOCKED: the fixed safety-action text to show at once.",
          required: ["text_id", "text"],
          properties: {
            text_id: { type: "string", description: "Which fixed text it is." },
            text: {
              type: "object",
              additionalProperties: false,
              required: ["en", "zh-Hans"],
              description: "The text in English and Simplified Chinese.",
              properties: { en: { type: "string", description: "In English." }, "zh-Hans": { type: "string", description: "In Simplified Chinese." } },
            },
          },
        },
        bazi_chart_id: { type: "string", description: "BAZI_CHART_NOT_FOUND: the id that names no chart of your App." },
        plan_id: { type: "string", description: "Session creation: the Plan that cannot start a Session (HEALING_PLAN_BLOCKED, PLAYBACK_MODE_UNSUPPORTED), or the body's plan_id that names no Plan of your App (RESOURCE_NOT_FOUND)." },
        subject_id: { type: "string", description: "SUBJECT_NOT_FOUND: the body's subject_id that names no Subject of your App." },
        previous_response_id: { type: "string", description: "PREVIOUS_RESPONSE_NOT_FOUND: the body's previous_response_id that names no Response of your App." },
        response_id: { type: "string", description: "RESOURCE_NOT_FOUND on feedback: the body's response_id that names no Response of your App." },
        playback_mode: { type: "string", description: "PLAYBACK_MODE_UNSUPPORTED: the mode the protocol cannot serve." },
        state: { type: "string", description: "Session conflicts: the Session's current state." },
        last_elapsed_seconds: { type: "integer", minimum: 0, description: "SESSION_STATE_CONFLICT: the last accepted progress, to resend from." },
        allowed_events: { type: "array", items: { type: "string" }, description: "SESSION_STATE_CONFLICT: the event types the Session accepts now." },
        reason: { type: "string", description: "SESSION_STATE_CONFLICT: why the event was refused TRANSITION_NOT_ALLOWED, SESSION_FINISHED, ELAPSED_WENT_BACKWARDS, EVENT_LIMIT_REACHED or CONCURRENT_UPDATE." },
        client_event_id: { type: "string", description: "IDEMPOTENCY_CONFLICT on a Session event: the reused client_event_id." },
      },
    },
  },
} as const;

const COMPONENTS = {
  securitySchemes: {
    bearerAuth: {
      type: "http",
      scheme: "bearer",
      description: "An App's API key: `Authorization: Bearer ap_test_…` or `ap_live_…`. Keys belong on servers only.",
    },
  },
  parameters: {
    IdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: true,
      description: "One stable unique key per business write (1–255 printable ASCII characters). A retry reuses the same key and body.",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
    },
    OptionalIdempotencyKey: {
      name: "Idempotency-Key",
      in: "header",
      required: false,
      description: "Optional here: when sent, the first answer is stored under it and a retry with the same key and body replays it (1–255 printable ASCII characters); without it each call records anew.",
      schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x20-\\x7E]+$" },
    },
  },
  headers: {
    "X-Request-Id": { description: "The request's id; equal to `error.request_id` in error bodies.", schema: { type: "string" } },
    RateLimit: { description: 'Remaining requests in the window (IETF draft), e.g. `"rpm";r=599;t=1`.', schema: { type: "string" } },
    "RateLimit-Policy": { description: 'The App\'s requests-per-minute policy (IETF draft), e.g. `"rpm";q=600;w=60`.', schema: { type: "string" } },
    "Idempotent-Replayed": { description: "`true` when this answer is the stored answer of an earlier identical request.", schema: { type: "string", enum: ["true"] } },
    "Retry-After": { description: "Seconds to wait (rounded up from `retry_after_ms`).", schema: { type: "integer" } },
    Allow: { description: "Methods the path supports.", schema: { type: "string" } },
    "X-Content-Type-Options": { description: "`nosniff`: browsers must not read the answer as another type.", schema: { type: "string", enum: ["nosniff"] } },
    "Cache-Control": { description: "`no-store`: API answers are never cached by browsers or proxies.", schema: { type: "string", enum: ["no-store"] } },
  },
  schemas: { Error: ERROR_ENVELOPE_SCHEMA },
};

export interface DocumentOptions {
  publicBaseUrl: string | null;
  /** Extra paths (operational endpoints, the asset) documented by their modules. */
  extraPaths: Record<string, Record<string, unknown>>;
  /** Security schemes those paths use besides the API key's (GET /metrics: its token). */
  extraSecuritySchemes?: Record<string, Record<string, unknown>>;
}

/** @returns the complete OpenAPI 3.1 document */
export function buildOpenApiDocument(endpoints: Endpoint[], options: DocumentOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const named: SchemaComponents = new Map();
  for (const e of endpoints) {
    const path = e.path.replace(/:([A-Za-z_]+)/g, "{$1}");
    paths[path] = { ...paths[path], [e.method.toLowerCase()]: operationFor(e, named) };
  }
  for (const [path, item] of Object.entries(options.extraPaths)) paths[path] = { ...paths[path], ...item };
  return {
    openapi: "3.1.0",
    info: {
      title: "Lingshu (灵枢) Divination and Healing Interface",
      version: API_VERSION,
      "x-build": BUILD_ID,
      summary: "OpenAPI v1, release R1",
      description:
        "Deterministic BaZi charts and LiuYao casts, safety-first Healing Plans with Sessions and checkouts, and grounded AI interpretations with follow-ups. The human integration guide is at /docs.",
    },
    servers: [
      {
        url: "{base_url}",
        description: "The service base address",
        variables: { base_url: { default: options.publicBaseUrl ?? "http://localhost:3000" } },
      },
      { url: "/", description: "The current environment" },
    ],
    tags: [
      { name: "BaZi", description: "Deterministic BaZi (八字) charts" },
      { name: "LiuYao", description: "Deterministic LiuYao (六爻) casts" },
      { name: "Healing", description: "Safety-first Healing Plans, Sessions and checkouts" },
      { name: "Responses", description: "AI interpretations, follow-ups and feedback" },
      { name: "Usage", description: "The calling App's usage and limits" },
      { name: "End users", description: "Erasing an end user's data" },
      { name: "Operations", description: "Health, readiness and documents" },
    ],
    paths,
    components: { ...COMPONENTS, securitySchemes: { ...COMPONENTS.securitySchemes, ...options.extraSecuritySchemes }, schemas: { ...COMPONENTS.schemas, ...Object.fromEntries([...named].sort(([a], [b]) => a.localeCompare(b))) } },
  };
}
