/**
 * An endpoint is declared once — method, path, capability, idempotency, body
 * schema, success and error statuses, handler — and that one declaration drives
 * both the request pipeline (platform/pipeline.ts) and the OpenAPI operation
 * (docs/openapi.ts).
 */
import type { Static, TObject, TSchema } from "@sinclair/typebox";
import type { ErrorCode } from "./errors.ts";
import type { AppRecord, Capability, IdempotencyCompletion } from "../db/types.ts";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";

export interface PathParam {
  name: string;
  /** Ids that do not match answer 404 exactly like missing ones. */
  pattern: RegExp;
  description: string;
}

export interface HandlerContext<Body, Query = Record<string, never>> {
  app: AppRecord;
  requestId: string;
  now: number;
  body: Body;
  params: Record<string, string>;
  /** The query string as the endpoint's `query` schema reads it (validated); {} without one. */
  query: Query;
  /** Absolute origin for URLs in answers: PUBLIC_BASE_URL, else the request's own origin. */
  origin: string;
  /** For endpoints whose capability depends on the body (Responses). @throws ApiError 403 */
  requireCapability(capability: Capability): void;
  /** For `billable: "handler"` endpoints. @throws ApiError 429 MONTHLY_QUOTA_EXCEEDED */
  checkMonthlyQuota(): Promise<void>;
}

/**
 * A body that is already JSON text (a stored record): answered as is, so a read
 * costs neither a parse nor a stringify and returns exactly the stored bytes.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

export interface HandlerResult {
  status: number;
  /** null for 204; a JsonText is sent verbatim, anything else is serialised. */
  body: unknown;
  /**
   * The id of the resource whose stored record is byte for byte this body: the
   * idempotency record then keeps a reference instead of a second copy.
   */
  storedAs?: string;
  /**
   * Writes the business rows together with the stored idempotent answer, in one
   * transaction. Absent when the handler writes nothing.
   */
  commit?: (completion: IdempotencyCompletion | undefined) => Promise<void>;
  /**
   * For an answer that only the write itself can tell (what an erasure deleted): runs the write,
   * which calls `complete` with the answer inside its transaction (the idempotency completion, or
   * undefined without a key), and resolves to that answer. `body` is then ignored.
   */
  commitWith?: (complete: (answer: unknown) => IdempotencyCompletion | undefined) => Promise<unknown>;
}

export interface Endpoint<S extends TSchema | undefined = TSchema | undefined, Q extends TObject | undefined = TObject | undefined> {
  method: HttpMethod;
  /** Router syntax: "/v1/bazi/charts/:chart_id". */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  /** null: any authenticated App; the handler checks the capability itself. */
  capability: Capability | null;
  /** true: an Idempotency-Key is required; "optional": honoured (stored, replayed) when sent. */
  idempotent: boolean | "optional";
  /**
   * Costs billing units on success, so the monthly quota is checked first: by the
   * pipeline before the handler (true), or by the handler itself through
   * ctx.checkMonthlyQuota ("handler"), when some answers must never be refused
   * for quota (a crisis escalation's safety text).
   */
  billable?: boolean | "handler";
  body?: S;
  /** 400 by default; Plan creation declares 422. */
  validationStatus?: 400 | 422;
  params?: PathParam[];
  /**
   * Query parameters, each a property: a string, or an array of strings written
   * `name=a,b` or `name=a&name=b` (OpenAPI form style). Unknown ones are refused (400);
   * endpoints without a `query` ignore the query string, as they always have.
   */
  query?: Q;
  success: { status: number; description: string; schema?: TSchema };
  /** Business errors beyond the ones every endpoint of its kind can answer. */
  errors: ErrorCode[];
  /** How long a claimed idempotency key stays locked before a crash is assumed. */
  lockMs?: number;
  /**
   * The handler writes nothing before its one write (its `commit`) and costs little to run again:
   * the Idempotency-Key may then be claimed by that write (IdempotencyClaim.inWrite). A retry
   * arriving while the first request runs then runs too, and replays the first's answer once it
   * is stored, instead of answering 409 IDEMPOTENCY_IN_PROGRESS. Never for a model call.
   */
  claimInWrite?: boolean;
  handle(ctx: HandlerContext<S extends TSchema ? Static<S> : undefined, Q extends TObject ? Static<Q> : Record<string, never>>): Promise<HandlerResult>;
}

/** Keeps the generic body and query types while collecting endpoints into one list. */
export function defineEndpoint<S extends TSchema | undefined, Q extends TObject | undefined = undefined>(endpoint: Endpoint<S, Q>): Endpoint {
  return endpoint as unknown as Endpoint;
}

/** The error codes an endpoint can answer, derived from its declaration. */
export function endpointErrorCodes(endpoint: Endpoint): ErrorCode[] {
  const codes: ErrorCode[] = ["INVALID_API_KEY", "APP_SUSPENDED"];
  if (endpoint.capability || endpoint.errors.includes("CAPABILITY_NOT_GRANTED")) codes.push("CAPABILITY_NOT_GRANTED");
  codes.push("RATE_LIMITED", "CONCURRENCY_LIMITED");
  if (endpoint.billable) codes.push("MONTHLY_QUOTA_EXCEEDED");
  if (endpoint.params?.length) codes.push("RESOURCE_NOT_FOUND");
  if (endpoint.idempotent === true) codes.push("IDEMPOTENCY_KEY_REQUIRED");
  if (endpoint.idempotent) codes.push("IDEMPOTENCY_KEY_INVALID", "IDEMPOTENCY_CONFLICT", "IDEMPOTENCY_IN_PROGRESS");
  if (endpoint.query) codes.push("VALIDATION_ERROR");
  if (endpoint.body) codes.push("VALIDATION_ERROR", "INVALID_JSON", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE");
  codes.push(...endpoint.errors, "INTERNAL_ERROR", "SERVICE_UNAVAILABLE");
  return [...new Set(codes)];
}
