/**
 * The interpreter contract: a fact sheet, the rolling summary and the new input
 * in; an answer and the updated summary out. Two implementations: Anthropic
 * when ANTHROPIC_API_KEY is set, the deterministic local one otherwise, so the
 * service answers offline out of the box.
 */
import type { Config } from "../config.ts";
import type { FactSheet } from "./facts/index.ts";
import type { ReplyLanguage, Script } from "../text/language.ts";
import type { CrisisCategory, SensitiveTopic } from "../safety/index.ts";
import type { PlanConstraint } from "./reading-limits.ts";
import { AnthropicInterpreter } from "./anthropic-interpreter.ts";
import { LocalInterpreter, LOCAL_MODEL } from "./local-interpreter.ts";
import { profileFor, retirementOf, type Effort } from "./model-profiles.ts";
import { effortFor } from "./model-request.ts";

export { ModelFailure } from "./model-failure.ts";

export interface InterpretRequest {
  facts: FactSheet;
  /** The rolling summary before this turn (bounded; see summary.ts). */
  summary: string;
  input: string;
  language: ReplyLanguage;
  /** The input's script: the answer's, where the interpreter can write it. */
  script: Script;
  /** Sensitive questions the reading must not decide (src/safety). */
  topics: readonly SensitiveTopic[];
  /** Healing only: constraints the input mentions that the Plan may not have been made with. */
  constraints: readonly PlanConstraint[];
  /** The request's instant (ms): "this year" and "today" are relative to it. */
  now: number;
  /** A follow-up in a conversation (the person has already had the overview). */
  followUp?: boolean;
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
  /** The model's own safety judgment: the crisis categories it saw (empty: none). The local interpreter makes none. */
  crisis?: CrisisCategory[];
  /** The model's own change-of-matter judgment (LiuYao): false when it reads the input as another matter. The local interpreter makes none. */
  sameMatter?: boolean;
}

export interface Interpreter {
  interpret(request: InterpretRequest): Promise<Interpretation>;
}

/** Which interpreter answers Responses, as the start-up log and /health report it. */
export interface ModelDescription {
  interpreter: "anthropic" | "local";
  /** The configured model id, or the local interpreter's name. */
  model: string;
  /** The request profile (model-profiles.ts); null for the local interpreter. */
  profile: string | null;
  /** The effort sent with every request; null: none is sent. */
  effort: Effort | null;
  /** The model's announced retirement date (YYYY-MM-DD), if any. */
  retires: string | null;
}

/** @example describeModel(loadConfig({})).interpreter // "local": no key is set */
export function describeModel(config: Config): ModelDescription {
  if (config.anthropicApiKey === null) return { interpreter: "local", model: LOCAL_MODEL, profile: null, effort: null, retires: null };
  const profile = profileFor(config.model);
  return { interpreter: "anthropic", model: config.model, profile: profile.name, effort: effortFor(profile, config.modelEffort), retires: retirementOf(config.model) };
}

/** The Anthropic interpreter of a configuration with a key. */
export function anthropicInterpreter(config: Config & { anthropicApiKey: string }): AnthropicInterpreter {
  return new AnthropicInterpreter({
    apiKey: config.anthropicApiKey,
    baseUrl: config.anthropicBaseUrl,
    model: config.model,
    profile: profileFor(config.model),
    effort: config.modelEffort,
    attemptTimeoutMs: config.modelTimeoutMs,
    maxRetries: config.modelMaxRetries,
    deadlineMs: config.modelDeadlineMs,
  });
}

/** @example createInterpreter(loadConfig({})) // a LocalInterpreter: no key is set */
export function createInterpreter(config: Config): Interpreter {
  return config.anthropicApiKey === null ? new LocalInterpreter() : anthropicInterpreter({ ...config, anthropicApiKey: config.anthropicApiKey });
}
