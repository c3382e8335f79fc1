/**
 * The interpreter contract: a fact sheet, the rolling summary and the new input
 * in; an answer and the updated summary out. Two implementations: Anthropic
 * when ANTHROPIC_API_KEY is set, the deterministic local one otherwise, so the
 * service answers offline out of the box.
 */
import type { Config } from "../config.ts";
import type { FactSheet } from "./facts/index.ts";
import type { ReplyLanguage } from "./language.ts";
import { AnthropicInterpreter } from "./anthropic-interpreter.ts";
import { LocalInterpreter } from "./local-interpreter.ts";

export { ModelFailure } from "./model-failure.ts";

export interface InterpretRequest {
  facts: FactSheet;
  /** The rolling summary before this turn (bounded; see summary.ts). */
  summary: string;
  input: string;
  language: ReplyLanguage;
  /** The request's instant (ms): "this year" and "today" are relative to it. */
  now: number;
}

/** Token counts of a model call, as the Messages API reports them. */
export interface ModelUsage {
  input_tokens: number;
  output_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
}

export interface Interpretation {
  text: string;
  /** The rolling summary after this turn, already clamped to MAX_SUMMARY_CHARS. */
  summary: string;
  /** Which model answered, e.g. "lingshu-local-1" or "claude-sonnet-5-5". */
  model: string;
  /** Null when no remote model was called. */
  usage: ModelUsage | null;
}

export interface Interpreter {
  interpret(request: InterpretRequest): Promise<Interpretation>;
}

/** @example createInterpreter(loadConfig({})) // a LocalInterpreter: no key is set */
export function createInterpreter(config: Config): Interpreter {
  if (config.anthropicApiKey === null) return new LocalInterpreter();
  return new AnthropicInterpreter({
    apiKey: config.anthropicApiKey,
    baseUrl: config.anthropicBaseUrl,
    model: config.model,
    attemptTimeoutMs: config.modelTimeoutMs,
    maxRetries: config.modelMaxRetries,
    deadlineMs: config.modelDeadlineMs,
  });
}
