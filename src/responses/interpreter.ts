/**
 * The interpreter contract: a fact sheet, the rolling summary and the new input
 * in; an answer and the updated summary out. Two implementations: Anthropic
 * when ANTHROPIC_API_KEY is set, the deterministic local one otherwise, so the
 * service answers offline out of the box.
 */
import type { FactSheet } from "./facts/index.ts";
import type { ReplyLanguage, Script } from "../text/language.ts";
import type { CrisisCategory, SensitiveTopic } from "../safety/index.ts";
import type { PlanConstraint } from "./reading-limits.ts";

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
