/**
 * The Messages request for one turn, and what its answer means (pure: no I/O).
 * Which features a request uses comes only from the model's profile:
 *   - structured output (`output_config.format`) where the model accepts it,
 *     else the answer tool offered, never forced (`tool_choice` stays `auto`);
 *   - `output_config.effort` where the model accepts one;
 *   - no `thinking` field, no sampling parameters, no prefill: every model
 *     accepts their absence, and adaptive thinking stays the model's default;
 *   - `max_tokens` with room for thinking where the model thinks by default.
 * The answer is read by content-block type: thinking and redacted thinking
 * blocks are skipped, a refusal and a cut-off answer are told apart.
 */
import type Anthropic from "@anthropic-ai/sdk";
import { ANSWER_SCHEMA, ANSWER_TOOL, ANSWER_TOOL_NAME, type PromptParts } from "./prompt.ts";
import type { Effort, ModelProfile } from "./model-profiles.ts";
import { CRISIS_CATEGORIES, type CrisisCategory } from "../safety/index.ts";

/** Our effort for a short answer grounded in facts we give: thinking helps little, latency matters. */
export const DEFAULT_EFFORT: Effort = "medium";
/** The answer and summary are ≈ 1,500 tokens at most (about a token per Chinese character). */
const ANSWER_TOKENS = 4_096;
/** Room for adaptive thinking before the answer: thinking tokens count within max_tokens. */
const THINKING_ROOM_TOKENS = 12_000;

export interface RequestSettings {
  model: string;
  profile: ModelProfile;
  /** Null: no effort parameter is sent. */
  effort: Effort | null;
  maxTokens: number;
}

/** The effort sent: the configured one, else ours, and none where the model refuses the parameter. */
export function effortFor(profile: ModelProfile, configured: Effort | null): Effort | null {
  if (profile.accepts.efforts.length === 0) return null;
  return configured ?? DEFAULT_EFFORT;
}

/** The first attempt's `max_tokens`. */
export const initialMaxTokens = (profile: ModelProfile): number =>
  Math.min(profile.maxOutputTokens, ANSWER_TOKENS + (profile.thinksByDefault ? THINKING_ROOM_TOKENS : 0));

/** After an answer cut off at `max_tokens`: twice the room, within the model's limit (null: no more room). */
export function widerMaxTokens(settings: RequestSettings): number | null {
  const wider = Math.min(settings.profile.maxOutputTokens, settings.maxTokens * 2);
  return wider > settings.maxTokens ? wider : null;
}

/** The request: stable system prompt and fact sheet first, each a cache breakpoint; the turn last. */
export function messageRequest(settings: RequestSettings, prompt: PromptParts): Anthropic.MessageCreateParamsNonStreaming {
  const { profile, effort } = settings;
  const structured = profile.accepts.structuredOutput;
  const outputConfig: Anthropic.OutputConfig = {
    ...(structured && { format: { type: "json_schema", schema: ANSWER_SCHEMA } }),
    ...(effort && { effort }),
  };
  return {
    model: settings.model,
    max_tokens: settings.maxTokens,
    system: [{ type: "text", text: prompt.system, cache_control: { type: "ephemeral" } }],
    ...(!structured && { tools: [ANSWER_TOOL] }),
    ...(Object.keys(outputConfig).length > 0 && { output_config: outputConfig }),
    messages: [
      {
        role: "user",
        content: [
          { type: "text", text: prompt.facts, cache_control: { type: "ephemeral" } },
          { type: "text", text: prompt.turn },
        ],
      },
    ],
  };
}

/** What one model answer means. */
export type ModelOutcome =
  | { kind: "answer"; answer: string; summary: string | null; crisis: CrisisCategory[]; sameMatter: boolean }
  | { kind: "refused"; category: string | null }
  | { kind: "cut_off"; stopReason: string }
  | { kind: "malformed"; reason: string };

/**
 * The model's crisis judgment: the categories it named that we know, in our order. A crisis
 * without a known category is taken as one for crisis support (suicide and self-harm share it).
 */
function crisisOf(crisis: unknown, categories: unknown): CrisisCategory[] {
  const named = Array.isArray(categories) ? CRISIS_CATEGORIES.filter((c) => categories.some((n) => typeof n === "string" && n.toLowerCase() === c)) : [];
  if (crisis !== true) return [];
  return named.length > 0 ? named : ["suicide"];
}

/**
 * The answer, summary, crisis and matter judgments of a parsed object, or null when it has no
 * non-empty answer. Only an explicit `same_matter: false` opens another matter: a missing one
 * (an older prompt, a tool answer without it) keeps the turn, as the local judgment already did.
 */
function answerOf(value: unknown): { answer: string; summary: string | null; crisis: CrisisCategory[]; sameMatter: boolean } | null {
  if (typeof value !== "object" || value === null) return null;
  const { answer, summary, crisis, crisis_categories, same_matter } = value as { answer?: unknown; summary?: unknown; crisis?: unknown; crisis_categories?: unknown; same_matter?: unknown };
  if (typeof answer !== "string" || answer.trim() === "") return null;
  return { answer: answer.trim(), summary: typeof summary === "string" && summary.trim() !== "" ? summary : null, crisis: crisisOf(crisis, crisis_categories), sameMatter: same_matter !== false };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * Reads a Message by block type. `structured`: the request asked for a JSON
 * answer (then a text that is not that JSON is malformed); otherwise the
 * answer tool's input, else a JSON text, else the plain text is the answer.
 */
export function readAnswer(message: Anthropic.Message, structured: boolean): ModelOutcome {
  if (message.stop_reason === "refusal") return { kind: "refused", category: message.stop_details?.category ?? null };
  const tool = message.content.find((block) => block.type === "tool_use" && block.name === ANSWER_TOOL_NAME);
  const text = message.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("").trim();
  const found = answerOf(tool?.type === "tool_use" ? tool.input : parseJson(text));
  if (found) return { kind: "answer", ...found };
  if (message.stop_reason === "max_tokens" || message.stop_reason === "model_context_window_exceeded") {
    return { kind: "cut_off", stopReason: message.stop_reason };
  }
  if (!structured && !tool && text !== "") return { kind: "answer", answer: text, summary: null, crisis: [], sameMatter: true };
  return { kind: "malformed", reason: `the model gave no answer (stop reason ${message.stop_reason})` };
}
