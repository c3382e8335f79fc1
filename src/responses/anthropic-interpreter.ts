/**
 * The Anthropic interpreter: the only module that imports the SDK. One Messages
 * call per turn returns both the answer and the updated summary through a
 * forced tool call. The system prompt and the fact sheet carry cache_control
 * breakpoints, so follow-ups on one Subject reuse the cached prefix.
 *
 * Retries are ours, not the SDK's (maxRetries: 0): the SDK would sleep for
 * whatever Retry-After the upstream sends, and its timeout stops at the
 * response headers. Here every attempt is aborted at min(attempt timeout, what
 * is left of the total deadline), including a slow body, a wait longer than
 * the deadline is not taken, and the number of retries is bounded, so a client
 * never waits longer than LINGSHU_MODEL_DEADLINE_MS.
 */
import Anthropic from "@anthropic-ai/sdk";
import { buildPrompt, ANSWER_TOOL, ANSWER_TOOL_NAME } from "./prompt.ts";
import { clampSummary, localRollingSummary } from "./summary.ts";
import { ModelFailure } from "./model-failure.ts";
import type { Interpretation, Interpreter, InterpretRequest } from "./interpreter.ts";

export interface AnthropicOptions {
  apiKey: string;
  baseUrl: string | null;
  model: string;
  attemptTimeoutMs: number;
  maxRetries: number;
  deadlineMs: number;
}

/** Room for a focused answer plus the summary, in Chinese too (about one token per character). */
const MAX_TOKENS = 2048;
/** Backoff without a Retry-After: 250 ms, 500 ms, 1 s … (half to full, jittered), at most 4 s. */
const BACKOFF_BASE_MS = 250;
const BACKOFF_MAX_MS = 4000;
/** The least we tell the client to wait (more when the upstream asked for more). */
const CLIENT_RETRY_AFTER_MS = { timeout: 2000, unavailable: 1000 } as const;
/** A Retry-After longer than this is not passed on as is (the upstream may ask for minutes). */
const CLIENT_RETRY_AFTER_MAX_MS = 60_000;

/** One failed attempt, classified. */
interface AttemptFailure {
  kind: "timeout" | "unavailable";
  retryable: boolean;
  /** The upstream's Retry-After, if it sent one. */
  retryAfterMs: number | null;
  reason: string;
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
    if (status === 408 || status === 504) return { kind: "timeout", retryable: true, retryAfterMs, reason: `the model endpoint timed out (${status})` };
    // 409 is the API's lock timeout, 429 rate limiting, 529 overload, other 5xx faults: all pass.
    const transient = status === 409 || status === 429 || status >= 500;
    return { kind: "unavailable", retryable: transient, retryAfterMs, reason: `the model endpoint answered ${status}` };
  }
  // Anything else the call threw (a connection reset while the body was read, a body that is not JSON) is the upstream failing too.
  return { kind: "unavailable", retryable: true, retryAfterMs: null, reason: `the model call failed (${err instanceof Error ? err.name : typeof err})` };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class AnthropicInterpreter implements Interpreter {
  private readonly client: Anthropic;

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
  }

  async interpret(request: InterpretRequest): Promise<Interpretation> {
    const deadline = performance.now() + this.options.deadlineMs;
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
      const result = await this.attempt(request, budget);
      if ("interpretation" in result) return result.interpretation;
      failure = result.failure;
      if (!failure.retryable) break;
    }
    throw this.finalFailure(failure);
  }

  private backoff(retry: number): number {
    const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** retry);
    return ceiling / 2 + Math.random() * (ceiling / 2);
  }

  private finalFailure(failure: AttemptFailure | null): ModelFailure {
    // No attempt fitted in the deadline at all (a misconfiguration): treat it as a timeout.
    const f = failure ?? { kind: "timeout" as const, retryAfterMs: null, reason: "no attempt fitted in the deadline" };
    // Our own retries are spent, so the client waits at least our default, longer if the upstream asked.
    const retryAfterMs = Math.min(CLIENT_RETRY_AFTER_MAX_MS, Math.ceil(Math.max(f.retryAfterMs ?? 0, CLIENT_RETRY_AFTER_MS[f.kind])));
    const what = f.kind === "timeout" ? "timed out" : "is unavailable";
    return new ModelFailure(f.kind, retryAfterMs, `The AI model ${what} (${f.reason}); nothing was stored or billed. Retry with the same Idempotency-Key and body.`);
  }

  private async attempt(request: InterpretRequest, budgetMs: number): Promise<{ interpretation: Interpretation } | { failure: AttemptFailure }> {
    const prompt = buildPrompt(request);
    // The SDK's own timeout stops at the headers; this one also covers a body that trickles in.
    const cutoff = new AbortController();
    const timer = setTimeout(() => cutoff.abort(), budgetMs);
    try {
      const message = await this.client.messages.create(
        {
          model: this.options.model,
          max_tokens: MAX_TOKENS,
          system: [{ type: "text", text: prompt.system, cache_control: { type: "ephemeral" } }],
          tools: [ANSWER_TOOL],
          tool_choice: { type: "tool", name: ANSWER_TOOL_NAME, disable_parallel_tool_use: true },
          messages: [
            {
              role: "user",
              content: [
                { type: "text", text: prompt.facts, cache_control: { type: "ephemeral" } },
                { type: "text", text: prompt.turn },
              ],
            },
          ],
        },
        { timeout: budgetMs, signal: cutoff.signal },
      );
      const answer = message.content.find((block) => block.type === "tool_use" && block.name === ANSWER_TOOL_NAME);
      const input = (answer?.type === "tool_use" ? answer.input : null) as { answer?: unknown; summary?: unknown } | null;
      if (typeof input?.answer !== "string" || input.answer.trim() === "") {
        return { failure: { kind: "unavailable", retryable: true, retryAfterMs: null, reason: `the model gave no answer (stop reason ${message.stop_reason})` } };
      }
      const text = input.answer.trim();
      // A missing summary must not lose the conversation: fall back to the local rolling one.
      const summary = typeof input.summary === "string" && input.summary.trim() !== "" ? clampSummary(input.summary) : localRollingSummary(request.summary, request.input, text);
      const u = message.usage;
      return {
        interpretation: {
          text,
          summary,
          model: message.model,
          usage: {
            input_tokens: u.input_tokens,
            output_tokens: u.output_tokens,
            cache_creation_input_tokens: u.cache_creation_input_tokens ?? 0,
            cache_read_input_tokens: u.cache_read_input_tokens ?? 0,
          },
        },
      };
    } catch (err) {
      return { failure: classifyFailure(err, cutoff.signal.aborted) };
    } finally {
      clearTimeout(timer);
    }
  }
}
