/**
 * The Anthropic interpreter: the only module that calls the SDK. One Messages
 * call per turn returns both the answer and the updated summary as structured
 * output, in the request shape the configured model's profile allows
 * (model-request.ts). The system prompt and the fact sheet carry cache_control
 * breakpoints, so follow-ups on one Subject reuse the cached prefix.
 *
 * Retries are ours, not the SDK's (maxRetries: 0): the SDK would sleep for
 * whatever Retry-After the upstream sends, and its timeout stops at the
 * response headers. Here every attempt is aborted at min(attempt timeout, what
 * is left of the total deadline), including a slow body, a wait longer than
 * the deadline is not taken, and the number of retries is bounded, so a client
 * never waits longer than LINGSHU_MODEL_DEADLINE_MS. A refusal is not retried;
 * an answer cut off at max_tokens is retried with twice the room.
 */
import Anthropic from "@anthropic-ai/sdk";
import { buildPrompt, type PromptParts } from "./prompt.ts";
import { clampSummary, localRollingSummary } from "./summary.ts";
import { ModelFailure } from "./model-failure.ts";
import { effortFor, initialMaxTokens, messageRequest, readAnswer, widerMaxTokens, type ModelOutcome, type RequestSettings } from "./model-request.ts";
import type { Effort, ModelProfile } from "./model-profiles.ts";
import type { Interpretation, Interpreter, InterpretRequest, ModelUsage } from "./interpreter.ts";

export interface AnthropicOptions {
  apiKey: string;
  baseUrl: string | null;
  model: string;
  profile: ModelProfile;
  /** The configured effort (LINGSHU_MODEL_EFFORT); null: ours, where the model accepts one. */
  effort: Effort | null;
  attemptTimeoutMs: number;
  maxRetries: number;
  deadlineMs: number;
}

/** Backoff without a Retry-After: 250 ms, 500 ms, 1 s … (half to full, jittered), at most 4 s. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 4000;
/** The least we tell the client to wait (more when the upstream asked for more). */
const CLIENT_RETRY_AFTER_MS = { timeout: 2000, unavailable: 1000 } as const;
/** A Retry-After longer than this is not passed on as is (the upstream may ask for minutes). */
const CLIENT_RETRY_AFTER_MAX_MS = 60_000;

/** The Messages API's own error body ({type: "error", error: {type, message}}), for the operator. */
export interface UpstreamError {
  status: number;
  type: string;
  message: string;
}

/** One failed attempt, classified. */
export interface AttemptFailure {
  kind: "timeout" | "unavailable" | "refused";
  retryable: boolean;
  /** The upstream's Retry-After, if it sent one. */
  retryAfterMs: number | null;
  reason: string;
  /** Present when the API answered with an error status. */
  upstream?: UpstreamError;
}

function upstreamError(err: InstanceType<typeof Anthropic.APIError>): UpstreamError {
  const body = (err.error as { error?: { type?: unknown; message?: unknown } } | undefined)?.error;
  return {
    status: err.status ?? 0,
    type: typeof body?.type === "string" ? body.type : "unknown",
    message: typeof body?.message === "string" ? body.message : err.message,
  };
}

function retryAfterOf(headers: Headers | undefined): number | null {
  const ms = Number.parseFloat(headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const seconds = Number.parseFloat(headers?.get("retry-after") ?? "");
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : null;
}

/** Sorts an SDK error into timeout / unavailable and whether another attempt can help. */
export function classifyFailure(err: unknown, abortedByDeadline: boolean): AttemptFailure {
  if (abortedByDeadline || err instanceof Anthropic.APIConnectionTimeoutError) {
    return { kind: "timeout", retryable: true, retryAfterMs: null, reason: "the model did not answer in time" };
  }
  if (err instanceof Anthropic.APIConnectionError) {
    return { kind: "unavailable", retryable: true, retryAfterMs: null, reason: "the model endpoint could not be reached" };
  }
  if (err instanceof Anthropic.APIError) {
    const status = err.status ?? 0;
    const retryAfterMs = retryAfterOf(err.headers);
    const upstream = upstreamError(err);
    if (status === 408 || status === 504) return { kind: "timeout", retryable: true, retryAfterMs, reason: `the model endpoint timed out (${status})`, upstream };
    // 409 is the API's lock timeout, 429 rate limiting, 529 overload, other 5xx faults: all pass.
    const transient = status === 409 || status === 429 || status >= 500;
    return { kind: "unavailable", retryable: transient, retryAfterMs, reason: `the model endpoint answered ${status} ${upstream.type}`, upstream };
  }
  // Anything else the call threw (a connection reset while the body was read, a body that is not JSON) is the upstream failing too.
  return { kind: "unavailable", retryable: true, retryAfterMs: null, reason: `the model call failed (${err instanceof Error ? err.name : typeof err})` };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The one-line reason of an answer that is not an answer. */
function outcomeFailure(outcome: Exclude<ModelOutcome, { kind: "answer" }>): AttemptFailure {
  switch (outcome.kind) {
    case "refused":
      return { kind: "refused", retryable: false, retryAfterMs: null, reason: `its refusal category: ${outcome.category ?? "none given"}` };
    case "cut_off":
      return { kind: "unavailable", retryable: true, retryAfterMs: null, reason: `the model's answer was cut off (stop reason ${outcome.stopReason})` };
    case "malformed":
      return { kind: "unavailable", retryable: true, retryAfterMs: null, reason: outcome.reason };
  }
}

function usageOf(message: Anthropic.Message): ModelUsage {
  const u = message.usage;
  return {
    input_tokens: u.input_tokens,
    output_tokens: u.output_tokens,
    cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
    cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
  };
}

/** A model answer read, with its token counts. */
export interface ModelReply {
  outcome: ModelOutcome;
  model: string;
  usage: ModelUsage;
}

export class AnthropicInterpreter implements Interpreter {
  private readonly client: Anthropic;
  /** The first attempt's request settings; a cut-off answer widens max_tokens for the next. */
  readonly settings: RequestSettings;

  constructor(private readonly options: AnthropicOptions) {
    this.client = new Anthropic({
      apiKey: options.apiKey,
      // Explicit, so the SDK never falls back to a process-wide ANTHROPIC_BASE_URL our config did not read.
      baseURL: options.baseUrl ?? "https://api.anthropic.com",
      maxRetries: 0,
      timeout: options.attemptTimeoutMs,
      logLevel: "off",
      openTelemetry: false,
    });
    this.settings = {
      model: options.model,
      profile: options.profile,
      effort: effortFor(options.profile, options.effort),
      maxTokens: initialMaxTokens(options.profile),
    };
  }

  async interpret(request: InterpretRequest): Promise<Interpretation> {
    const prompt = buildPrompt(request);
    const deadline = performance.now() + this.options.deadlineMs;
    let settings = this.settings;
    let failure: AttemptFailure | null = null;
    for (let attempt = 0; attempt <= this.options.maxRetries; attempt++) {
      if (failure) {
        const wait = failure.retryAfterMs ?? this.backoff(attempt - 1);
        if (performance.now() + wait >= deadline) break;
        await sleep(wait);
      }
      // Whole milliseconds: the SDK refuses a fractional timeout.
      const budget = Math.floor(Math.min(this.options.attemptTimeoutMs, deadline - performance.now()));
      if (budget < 1) break;
      const result = await this.send(settings, prompt, budget);
      if ("failure" in result) {
        failure = result.failure;
      } else if (result.outcome.kind === "answer") {
        const { answer, summary, crisis, sameMatter } = result.outcome;
        // A missing summary must not lose the conversation: fall back to the local rolling one.
        const kept = summary !== null ? clampSummary(summary) : localRollingSummary(request.summary, request.input, answer);
        return { text: answer, summary: kept, model: result.model, usage: result.usage, crisis, sameMatter };
      } else {
        failure = outcomeFailure(result.outcome);
        if (result.outcome.kind === "cut_off") {
          const wider = widerMaxTokens(settings);
          if (wider === null) break;
          settings = { ...settings, maxTokens: wider };
        }
      }
      if (!failure.retryable) break;
    }
    throw this.finalFailure(failure);
  }

  /**
   * One request as Responses send it, with this prompt, and no retry: what the
   * operator's `check-model` uses to show whether Responses will work.
   */
  probe(prompt: PromptParts): Promise<ModelReply | { failure: AttemptFailure }> {
    return this.send(this.settings, prompt, this.options.attemptTimeoutMs);
  }

  private backoff(retry: number): number {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retry);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  private finalFailure(failure: AttemptFailure | null): ModelFailure {
    // No attempt fitted in the deadline at all (a misconfiguration): treat it as a timeout.
    const f = failure ?? { kind: "timeout" as const, retryAfterMs: null, reason: "no attempt fitted in the deadline" };
    if (f.kind === "refused") {
      return new ModelFailure("refused", null, `The AI model declined to answer this input (${f.reason}); nothing was stored or billed. Retrying the same input will not help.`);
    }
    // Our own retries are spent, so the client waits at least our default, longer if the upstream asked.
    const retryAfterMs = Math.min(CLIENT_RETRY_AFTER_MAX_MS, Math.ceil(Math.max(f.retryAfterMs ?? 0, CLIENT_RETRY_AFTER_MS[f.kind])));
    const what = f.kind === "timeout" ? "timed out" : "is unavailable";
    return new ModelFailure(f.kind, retryAfterMs, `The AI model ${what} (${f.reason}); nothing was stored or billed. Retry with the same Idempotency-Key and body.`);
  }

  private async send(settings: RequestSettings, prompt: PromptParts, budgetMs: number): Promise<ModelReply | { failure: AttemptFailure }> {
    // The SDK's own timeout stops at the headers; this one also covers a body that trickles in.
    const cutoff = new AbortController();
    const timer = setTimeout(() => cutoff.abort(), budgetMs);
    try {
      const message = await this.client.messages.create(messageRequest(settings, prompt), { timeout: budgetMs, signal: cutoff.signal });
      return { outcome: readAnswer(message, settings.profile.accepts.structuredOutput), model: message.model, usage: usageOf(message) };
    } catch (err) {
      return { failure: classifyFailure(err, cutoff.signal.aborted) };
    } finally {
      clearTimeout(timer);
    }
  }
}
