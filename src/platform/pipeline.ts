/**
 * The request pipeline every business endpoint runs through, in this order:
 * auth → capability → limits → path ids → Idempotency-Key → body (415/413/400)
 * → schema → idempotency claim or replay → monthly quota → handler → one
 * transaction (business write + stored answer) → answer with headers.
 */
import type { TObject, TSchema } from "@sinclair/typebox";
import { API_ANSWER_HEADERS, ApiError, errorResponse, notFound, validationError } from "./errors.ts";
import { newId } from "../ids.ts";
import { InputRefused } from "../input-refused.ts";
import { isStorageUnavailable } from "../db/unavailable.ts";
import { readJsonBody } from "./body.ts";
import { compile, storableParam, type Validator } from "./validation.ts";
import { fingerprint, isReplayableStatus, judgeExisting, requireIdempotencyKey } from "./idempotency.ts";
import { rateHeaders, type Limiter } from "./limits.ts";
import { msUntilNextMonth, utcMonth, type RequestCounter } from "./usage.ts";
import { logRequest, type Logger, type RequestObserver } from "./request-log.ts";
import type { Authenticator } from "./auth.ts";
import { JsonText, type Endpoint, type HandlerContext } from "./endpoint.ts";
import type { Storage } from "../db/storage.ts";
import { DeletedMeanwhile, IdempotencyClaimLost, IdempotencyKeyTaken, MonthlyQuotaExhausted, type AppRecord, type Capability, type IdempotencyCompletion, type IdempotencyRecord } from "../db/types.ts";

export interface PipelineDeps {
  store: Storage;
  auth: Authenticator;
  limiter: Limiter;
  counter: RequestCounter;
  logger: Logger;
  clock: () => number;
  idempotencyTtlMs: number;
  publicBaseUrl: string | null;
  /** Told every answered request (the metrics). */
  metrics?: RequestObserver | null;
}

const DEFAULT_LOCK_MS = 30_000;
const JSON_HEADERS = { "content-type": "application/json; charset=utf-8", ...API_ANSWER_HEADERS };

/** 429 MONTHLY_QUOTA_EXCEEDED, retryable at the start of the next UTC month. */
function monthlyQuotaExceeded(quota: number, now: number): ApiError {
  return new ApiError("MONTHLY_QUOTA_EXCEEDED", `The App's monthly quota of ${quota} billing units is spent; the platform operator must raise it.`, {
    retryAfterMs: msUntilNextMonth(now),
  });
}

/** Turns anything thrown into an ApiError; unknown faults become 500/503 without leaking details. */
export function toApiError(err: unknown, logger: Logger, requestId: string, now: number = Date.now()): ApiError {
  if (err instanceof ApiError) return err;
  // An engine's refusal of its input, worded by the engine.
  if (err instanceof InputRefused) return new ApiError("VALIDATION_ERROR", err.message, { details: err.details });
  // The quota checked again in a billing write's transaction (see ResponseStore.insert).
  if (err instanceof MonthlyQuotaExhausted) return monthlyQuotaExceeded(err.quota, now);
  if (err instanceof DeletedMeanwhile) {
    return new ApiError("RESOURCE_NOT_FOUND", `"${err.id}" was deleted while this request was running; nothing was stored or billed.`);
  }
  if (err instanceof IdempotencyClaimLost) {
    return new ApiError("IDEMPOTENCY_IN_PROGRESS", "This request outlived its Idempotency-Key lock and a retry took the key over; nothing of this attempt was stored. Retry with the same key and body to get that retry's answer.", {
      retryAfterMs: 1000,
    });
  }
  if (isStorageUnavailable(err)) {
    logger.error({ request_id: requestId, err: String(err) }, "storage unavailable");
    return new ApiError("SERVICE_UNAVAILABLE", "The database cannot accept writes right now; nothing was stored. Retry with the same key and body.", {
      retryAfterMs: 1000,
    });
  }
  logger.error({ request_id: requestId, err: err instanceof Error ? { message: err.message, stack: err.stack } : String(err) }, "unhandled fault");
  return new ApiError("INTERNAL_ERROR", "An unexpected fault occurred; nothing was stored. Retry with the same key and body.");
}

/**
 * Within the pipeline: a request whose key was left to its write was refused before the write, so its
 * key was never checked; it is answered again with the key claimed first.
 */
class ClaimKeyFirst extends Error {}

/** What a request's steps learn, for its answer and its log line. */
interface RunOutcome {
  readonly requestId: string;
  appId: string | null;
  /** The App's allowance, on every answer once it is taken (errors too). */
  limitHeaders: Record<string, string>;
  /** Gives the allowance's slot back (a shared limiter's lease); called before the answer leaves. */
  release?: () => void | Promise<void>;
  response: Response | null;
  errorCode: string | null;
  replayed: boolean;
  /** The store left the check of the Idempotency-Key to the write (IdempotencyClaim.inWrite); set by the claim. */
  keyLeftToWrite?: boolean;
}

/** A request's input, read and checked. */
interface RunInput {
  idempotencyKey: string | null;
  body: unknown;
  url: URL;
  query: unknown;
}

export class Pipeline {
  private readonly validators = new Map<TSchema, Validator<TSchema>>();

  constructor(private readonly deps: PipelineDeps) {}

  private validator(schema: TSchema): Validator<TSchema> {
    let v = this.validators.get(schema);
    if (!v) {
      v = compile(schema);
      this.validators.set(schema, v);
    }
    return v;
  }

  /** Compiles every body schema up front so the first request pays nothing. */
  prepare(endpoints: Endpoint[]): void {
    for (const e of endpoints) for (const schema of [e.body, e.query]) if (schema) this.validator(schema);
  }

  /**
   * One request, in named steps: admit (key, capability, allowance, path ids) → read the input
   * (Idempotency-Key, body, query) → claim the key or replay its answer → execute → log. What
   * the steps learn goes into one outcome record, which the log line and every answer read.
   */
  async run(endpoint: Endpoint, request: Request, params: Record<string, string>): Promise<Response> {
    const started = performance.now();
    const outcome: RunOutcome = { requestId: newId("request"), appId: null, limitHeaders: {}, response: null, errorCode: null, replayed: false };
    try {
      const now = this.deps.clock();
      const app = await this.admit(endpoint, request, params, now, outcome);
      const input = await this.readInput(endpoint, request);
      const answer = async (claimInWrite: boolean) =>
        (input.idempotencyKey === null ? null : await this.claimOrReplay(endpoint, input, input.idempotencyKey, app, now, outcome, claimInWrite)) ??
        (await this.execute(endpoint, input.url, { caller: app, requestId: outcome.requestId, now, body: input.body, params, query: input.query, idempotencyKey: input.idempotencyKey, keyLeftToWrite: outcome.keyLeftToWrite === true }, outcome.limitHeaders));
      // A key left to the write and found taken there (by the business write or the stored error answer),
      // or never checked because the request was refused before its write: nothing was written; claim
      // it as usual (it replays, or answers as an earlier request's key).
      outcome.response = await answer(endpoint.claimInWrite === true).catch((err) => {
        if (err instanceof IdempotencyKeyTaken || err instanceof ClaimKeyFirst) return answer(false);
        throw err;
      });
    } catch (err) {
      const apiError = toApiError(err, this.deps.logger, outcome.requestId);
      outcome.errorCode = apiError.code;
      outcome.response = errorResponse(apiError, outcome.requestId, outcome.limitHeaders);
    } finally {
      // Awaited: a shared limiter's lease is gone before the answer leaves, so a client's next request finds its slot free.
      await outcome.release?.();
      this.log(endpoint, outcome, started);
    }
    return outcome.response!;
  }

  /** The caller's key and capability, the App's allowance (its headers from here on), and the path ids. */
  private async admit(endpoint: Endpoint, request: Request, params: Record<string, string>, now: number, outcome: RunOutcome): Promise<AppRecord> {
    const caller = await this.deps.auth.authenticate(request.headers.get("authorization"), endpoint.capability, now);
    outcome.appId = caller.app.id;
    this.deps.counter.count(caller.app.id, now);
    const acquired = await this.deps.limiter.acquire(caller.app, now);
    outcome.release = acquired.release;
    // Once the App is known and its allowance taken, every answer — errors too — says where it stands.
    outcome.limitHeaders = rateHeaders(acquired.rate);
    for (const p of endpoint.params ?? []) {
      const value = params[p.name] ?? "";
      if (!p.pattern.test(value) || !storableParam(value)) throw notFound(value);
    }
    return caller.app;
  }

  /** The Idempotency-Key (when the endpoint takes one), then the body and the query, each checked against its schema. */
  private async readInput(endpoint: Endpoint, request: Request): Promise<RunInput> {
    const sentKey = request.headers.get("idempotency-key");
    const idempotencyKey = endpoint.idempotent === true || (endpoint.idempotent === "optional" && sentKey !== null) ? requireIdempotencyKey(sentKey) : null;
    let body: unknown;
    if (endpoint.body) {
      body = await readJsonBody(request);
      const details = this.validator(endpoint.body).check(body);
      if (details.length > 0) throw validationError(details, endpoint.validationStatus ?? 400);
    }
    const url = new URL(request.url);
    let query: unknown = {};
    if (endpoint.query) {
      query = readQuery(endpoint.query, url.searchParams);
      const details = this.validator(endpoint.query).check(query);
      if (details.length > 0) throw validationError(details, 400, "query string");
    }
    return { idempotencyKey, body, url, query };
  }

  /** Claims the Idempotency-Key for this request, or answers with what an earlier identical one stored; null: go on (the key is claimed). */
  private async claimOrReplay(endpoint: Endpoint, input: RunInput, key: string, app: AppRecord, now: number, outcome: RunOutcome, inWrite: boolean): Promise<Response | null> {
    const requestFingerprint = fingerprint(endpoint.method, input.url.pathname, input.body);
    const claim = await this.deps.store.idempotency.claim({
      appId: app.id,
      key,
      fingerprint: requestFingerprint,
      requestId: outcome.requestId,
      now,
      ttlMs: this.deps.idempotencyTtlMs,
      lockMs: endpoint.lockMs ?? DEFAULT_LOCK_MS,
      ...(inWrite ? { inWrite } : {}),
    });
    if (claim.kind !== "existing") {
      outcome.keyLeftToWrite = claim.inWrite === true;
      return null;
    }
    judgeExisting(claim.record, requestFingerprint, now);
    outcome.replayed = true;
    const status = claim.record.status!;
    const body = await this.storedAnswer(claim.record);
    const headers: Record<string, string> = { ...outcome.limitHeaders, "x-request-id": claim.record.requestId, "idempotent-replayed": "true" };
    Object.assign(headers, status !== 204 ? JSON_HEADERS : API_ANSWER_HEADERS);
    return new Response(status === 204 ? null : body, { status, headers });
  }

  private log(endpoint: Endpoint, outcome: RunOutcome, started: number): void {
    logRequest(this.deps.logger, {
      request_id: outcome.requestId,
      app_id: outcome.appId,
      method: endpoint.method,
      route: endpoint.path,
      status: outcome.response?.status ?? 500,
      duration_ms: Math.round((performance.now() - started) * 100) / 100,
      ...(outcome.errorCode ? { error_code: outcome.errorCode } : {}),
      ...(outcome.replayed ? { replayed: true } : {}),
    }, this.deps.metrics);
  }

  private async execute(
    endpoint: Endpoint,
    url: URL,
    run: { caller: AppRecord; requestId: string; now: number; body: unknown; params: Record<string, string>; query: unknown; idempotencyKey: string | null; keyLeftToWrite: boolean },
    limitHeaders: Record<string, string>,
  ): Promise<Response> {
    const { store } = this.deps;
    const { caller, requestId, idempotencyKey } = run;
    const completionFor = (status: number, text: string, resourceId?: string): IdempotencyCompletion | undefined =>
      idempotencyKey === null ? undefined : { appId: caller.id, key: idempotencyKey, requestId, status, body: text, ...(resourceId ? { resourceId } : {}) };
    try {
      if (endpoint.billable === true) await this.checkMonthlyQuota(caller, run.now);
      const ctx: HandlerContext<unknown, unknown> = {
        app: caller,
        requestId,
        now: run.now,
        body: run.body,
        params: run.params,
        query: run.query,
        origin: this.deps.publicBaseUrl ?? url.origin,
        checkMonthlyQuota: () => this.checkMonthlyQuota(caller, run.now),
        requireCapability: (capability: Capability) => {
          if (!caller.capabilities.includes(capability)) {
            throw new ApiError("CAPABILITY_NOT_GRANTED", `The capability "${capability}" is not granted to this App; contact the platform operator.`, {
              fields: { capability },
            });
          }
        },
      };
      const result = await endpoint.handle(ctx as never);
      let text = result.body === null ? "" : result.body instanceof JsonText ? result.body.text : JSON.stringify(result.body);
      if (result.commitWith) {
        // The answer comes out of the write (and is stored with it, in its transaction).
        text = JSON.stringify(await result.commitWith((answer) => completionFor(result.status, JSON.stringify(answer))));
      } else {
        const completion = completionFor(result.status, text, result.storedAs);
        if (result.commit) await result.commit(completion);
        else if (completion) await store.idempotency.complete(completion);
      }
      const headers: Record<string, string> = { ...limitHeaders, "x-request-id": requestId };
      Object.assign(headers, result.status !== 204 ? JSON_HEADERS : API_ANSWER_HEADERS);
      return new Response(result.status === 204 ? null : text, { status: result.status, headers });
    } catch (err) {
      if (err instanceof IdempotencyKeyTaken) throw err;
      const apiError = toApiError(err, this.deps.logger, requestId, run.now);
      if (idempotencyKey !== null) {
        if (isReplayableStatus(apiError.status, apiError.code)) {
          await store.idempotency.complete(completionFor(apiError.status, JSON.stringify(apiError.toBody(requestId)))!);
        } else {
          await store.idempotency.release(caller.id, idempotencyKey, requestId).catch(() => {});
          // Its key, left to a write that never came, was never checked: another body under it must
          // answer 409 IDEMPOTENCY_CONFLICT, not this body's refusal. Answered again with the key claimed
          // first. (A 5xx stays as it is: it asks for the same retry either way, and running again
          // would double a database's timeout.)
          if (run.keyLeftToWrite && apiError.status < 500) throw new ClaimKeyFirst();
        }
      }
      throw apiError;
    }
  }

  /** The body of a finished idempotent request: stored as is, or the record of the resource it created. */
  private async storedAnswer(record: IdempotencyRecord): Promise<string | null> {
    if (record.body !== null || record.resourceId === null) return record.body;
    const text = await this.deps.store.idempotency.storedRecord(record.appId, record.resourceId);
    // Deleting a resource deletes the records that refer to it, so this is only a race with that delete.
    if (text === null) throw new ApiError("RESOURCE_NOT_FOUND", `The resource created with this Idempotency-Key (${record.resourceId}) has been deleted.`);
    return text;
  }

  private async checkMonthlyQuota(app: AppRecord, now: number): Promise<void> {
    const usage = await this.deps.store.usage.get(app.id, utcMonth(now));
    if (usage.billingUnits >= app.monthlyQuota) throw monthlyQuotaExceeded(app.monthlyQuota, now);
  }
}

/**
 * The query string as its schema's properties read it: an array property takes every value of
 * its name, each split at commas (`include=a,b` or `include=a&include=b`); any other name keeps
 * its one value (a repeated one becomes a list, which the schema then refuses).
 */
function readQuery(schema: TObject, search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const name of new Set(search.keys())) {
    const values = search.getAll(name);
    const type = (schema.properties[name] as { type?: string } | undefined)?.type;
    const one = values.length === 1 ? values[0]! : values;
    // An integer parameter reads its digits as a number ("20"); anything else stays text for the schema to refuse.
    query[name] = type === "array" ? values.flatMap((v) => v.split(",")) : type === "integer" && typeof one === "string" && /^-?\d{1,15}$/.test(one) ? Number(one) : one;
  }
  return query;
}

