/**
 * What each Claude model an operator may configure (LINGSHU_MODEL) accepts in a
 * Messages request, as typed data. The request builder (model-request.ts)
 * reads only this table, so supporting a new model is one row here.
 *
 * Facts as documented on 2026-11-25 for API version 2026-10-21, which the SDK
 * sends (sources in DECISIONS.md): on that version `temperature`, `top_p` and
 * `top_k` are removed for every model; Claude 4.6 and later refuse assistant
 * prefill; 4.7 and later refuse thinking budgets; Sonnet 5.5, Opus 5.5 and
 * Fable 5.1 refuse forced tool choice; Sonnet 4.5 and Haiku 4.5 refuse effort.
 * Every model served today accepts structured outputs (`output_config.format`).
 */

export const EFFORTS = ["low", "medium", "high", "xhigh", "max"] as const;
export type Effort = (typeof EFFORTS)[number];

/** The `thinking.type` values of the Messages API. */
export type ThinkingType = "adaptive" | "enabled" | "disabled" | "between_tools";

export interface ModelProfile {
  /** Logged at start and shown in /health. */
  name: string;
  /** The model ids it serves: dateless ids and dated snapshots. */
  ids: readonly string[];
  generation: "current" | "previous" | "unknown";
  /** Request features the API accepts for these models; anything else answers 400. */
  accepts: {
    /** `output_config.format` with a JSON schema. */
    structuredOutput: boolean;
    /** `tool_choice` of type `tool` or `any`. */
    forcedToolChoice: boolean;
    /** `output_config.effort` values; empty: the parameter is refused. */
    efforts: readonly Effort[];
    thinkingTypes: readonly ThinkingType[];
    /** A last message with the assistant role. */
    prefill: boolean;
  };
  /** Thinking runs when the request has no `thinking` field; its tokens count within `max_tokens`. */
  thinksByDefault: boolean;
  /** The API's effort when none is sent (null: no effort parameter). */
  apiDefaultEffort: Effort | null;
  maxOutputTokens: number;
}

const ALL_EFFORTS = EFFORTS;
const NO_XHIGH: readonly Effort[] = ["low", "medium", "high", "max"];

/** Claude 4.6 and later: no prefill; 128k output. Rows differ in what follows. */
const LATE = { prefill: false, structuredOutput: true } as const;

export const MODEL_PROFILES: readonly ModelProfile[] = [
  {
    name: "sonnet-5-5",
    ids: ["claude-sonnet-5-5"],
    generation: "current",
    accepts: { ...LATE, forcedToolChoice: false, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive", "between_tools"] },
    thinksByDefault: true,
    apiDefaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  {
    name: "opus-5-5",
    ids: ["claude-opus-5-5"],
    generation: "current",
    accepts: { ...LATE, forcedToolChoice: false, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive"] },
    thinksByDefault: true,
    apiDefaultEffort: "medium",
    maxOutputTokens: 128_000,
  },
  {
    name: "haiku-5-5",
    ids: ["claude-haiku-5-5"],
    generation: "current",
    accepts: { ...LATE, forcedToolChoice: true, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive", "disabled"] },
    thinksByDefault: true,
    apiDefaultEffort: "medium",
    maxOutputTokens: 128_000,
  },
  {
    // Fable 5.2 is documented as 5.1's successor; forced tool choice is refused on 5.1 and assumed refused on 5.2.
    name: "fable-5-1",
    ids: ["claude-fable-5-2", "claude-fable-5-1"],
    generation: "current",
    accepts: { ...LATE, forcedToolChoice: false, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive"] },
    thinksByDefault: true,
    apiDefaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  {
    name: "claude-5",
    ids: ["claude-sonnet-5", "claude-opus-5"],
    generation: "previous",
    accepts: { ...LATE, forcedToolChoice: true, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive", "disabled"] },
    thinksByDefault: true,
    apiDefaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  {
    name: "fable-5",
    ids: ["claude-fable-5"],
    generation: "previous",
    accepts: { ...LATE, forcedToolChoice: true, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive"] },
    thinksByDefault: true,
    apiDefaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  {
    name: "opus-4-7",
    ids: ["claude-opus-4-8", "claude-opus-4-7"],
    generation: "previous",
    accepts: { ...LATE, forcedToolChoice: true, efforts: ALL_EFFORTS, thinkingTypes: ["adaptive", "disabled"] },
    thinksByDefault: false,
    apiDefaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  {
    name: "claude-4-6",
    ids: ["claude-opus-4-6", "claude-sonnet-4-6"],
    generation: "previous",
    accepts: { ...LATE, forcedToolChoice: true, efforts: NO_XHIGH, thinkingTypes: ["adaptive", "enabled", "disabled"] },
    thinksByDefault: false,
    apiDefaultEffort: "high",
    maxOutputTokens: 128_000,
  },
  {
    name: "opus-4-5",
    ids: ["claude-opus-4-5", "claude-opus-4-5-20251101"],
    generation: "previous",
    accepts: { structuredOutput: true, prefill: true, forcedToolChoice: true, efforts: ["low", "medium", "high"], thinkingTypes: ["enabled", "disabled"] },
    thinksByDefault: false,
    apiDefaultEffort: "high",
    maxOutputTokens: 64_000,
  },
  {
    name: "claude-4-5",
    ids: ["claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "claude-haiku-4-5", "claude-haiku-4-5-20251001"],
    generation: "previous",
    accepts: { structuredOutput: true, prefill: true, forcedToolChoice: true, efforts: [], thinkingTypes: ["enabled", "disabled"] },
    thinksByDefault: false,
    apiDefaultEffort: null,
    maxOutputTokens: 64_000,
  },
];

/** Retirement dates on the Claude API (YYYY-MM-DD) announced for configurable ids. */
export const RETIREMENTS: Readonly<Record<string, string>> = {
  "claude-sonnet-4-5": "2026-11-30",
  "claude-sonnet-4-5-20250929": "2026-11-30",
};

/**
 * For an id this table does not know (a newer model, a gateway's name): only
 * what every Messages model accepts. No output_config, no thinking, no effort,
 * no tool_choice; the answer tool is offered (not forced) and a plain-text
 * reply is accepted as the answer. Room for thinking, in case it thinks.
 */
export const CONSERVATIVE_PROFILE: ModelProfile = {
  name: "conservative",
  ids: [],
  generation: "unknown",
  accepts: { structuredOutput: false, prefill: false, forcedToolChoice: false, efforts: [], thinkingTypes: [] },
  thinksByDefault: true,
  apiDefaultEffort: null,
  maxOutputTokens: 64_000,
};

const BY_ID = new Map(MODEL_PROFILES.flatMap((profile) => profile.ids.map((id) => [id, profile] as const)));

/**
 * The profile of a configured model id; unknown ids get the conservative one.
 * @example profileFor("claude-sonnet-5-5").name // "sonnet-5-5"
 * @example profileFor("claude-next").name // "conservative"
 */
export function profileFor(model: string): ModelProfile {
  return BY_ID.get(model) ?? CONSERVATIVE_PROFILE;
}

/** The retirement date of a model id, if one is announced. */
export const retirementOf = (model: string): string | null => RETIREMENTS[model] ?? null;
