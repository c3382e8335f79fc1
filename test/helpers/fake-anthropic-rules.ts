/**
 * What the real Messages API refuses, written from Anthropic's documentation
 * (read 2026-11-25) as one rule per documented refusal, independently of the
 * service's own model table: the fake Messages server applies these, so a
 * request shape the real API rejects fails the tests too.
 *
 * Sources:
 *   M  https://platform.claude.com/docs/en/models/overview
 *   SG https://platform.claude.com/docs/en/models/sonnet-5-5/migration-guide
 *   V  https://platform.claude.com/docs/en/api/migration-2026-10-21
 *   T  https://platform.claude.com/docs/en/build-with-claude/thinking
 *   E  https://platform.claude.com/docs/en/build-with-claude/effort
 *   S  https://platform.claude.com/docs/en/build-with-claude/structured-outputs
 *   ER https://platform.claude.com/docs/en/api/errors
 *   C  https://platform.claude.com/docs/en/build-with-claude/prompt-caching
 */

/** A model the fake serves: its limits and how it thinks (M, T). */
export interface ServedModel {
  maxOutputTokens: number;
  /** Thinking runs when the request has no `thinking` field. */
  thinksWithoutField: boolean;
  /** Strictest stand-in for a model the service does not know: refuses output_config, thinking and tool_choice. */
  bare?: boolean;
}

const big = (thinksWithoutField: boolean): ServedModel => ({ maxOutputTokens: 128_000, thinksWithoutField });
const small: ServedModel = { maxOutputTokens: 64_000, thinksWithoutField: false };

/** The ids the Claude API serves today (M; Sonnet 4 and Opus 4/4.1 retired in 2026). */
export const SERVED_MODELS: Record<string, ServedModel> = {
  "claude-fable-5-2": big(true),
  "claude-fable-5-1": big(true),
  "claude-opus-5-5": big(true),
  "claude-sonnet-5-5": big(true),
  "claude-haiku-5-5": big(true),
  "claude-fable-5": big(true),
  "claude-opus-5": big(true),
  "claude-sonnet-5": big(true),
  "claude-opus-4-8": big(false),
  "claude-opus-4-7": big(false),
  "claude-opus-4-6": big(false),
  "claude-sonnet-4-6": big(false),
  "claude-opus-4-5": small,
  "claude-opus-4-5-20251101": small,
  "claude-sonnet-4-5": small,
  "claude-sonnet-4-5-20250929": small,
  "claude-haiku-4-5": small,
  "claude-haiku-4-5-20251001": small,
};

const ids = (...names: string[]) => new Set(names);
const FORCED_TOOL_REFUSED = ids("claude-sonnet-5-5", "claude-opus-5-5", "claude-fable-5-1", "claude-fable-5-2"); // SG, ER
const ALWAYS_THINKING = ids("claude-opus-5-5", "claude-fable-5-1", "claude-fable-5-2", "claude-fable-5"); // T
/** T: thinking budgets, and on version 2023-06-01 non-default sampling parameters, are refused from Claude 4.7 on. */
const FROM_4_7 = ids(...["claude-fable-5-2", "claude-fable-5-1", "claude-opus-5-5", "claude-sonnet-5-5", "claude-haiku-5-5", "claude-fable-5", "claude-opus-5", "claude-sonnet-5", "claude-opus-4-8", "claude-opus-4-7"]);
const ADAPTIVE_REFUSED = ids("claude-opus-4-5", "claude-opus-4-5-20251101", "claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "claude-haiku-4-5", "claude-haiku-4-5-20251001"); // T
const EFFORT_REFUSED = ids("claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "claude-haiku-4-5", "claude-haiku-4-5-20251001"); // E
const XHIGH_REFUSED = ids("claude-opus-4-6", "claude-sonnet-4-6", "claude-opus-4-5", "claude-opus-4-5-20251101"); // E
const PREFILL_ACCEPTED = ids("claude-opus-4-5", "claude-opus-4-5-20251101", "claude-sonnet-4-5", "claude-sonnet-4-5-20250929", "claude-haiku-4-5", "claude-haiku-4-5-20251001"); // SG: refused from 4.6 on

/** Top-level request fields of the Messages API on version 2026-10-21 (V removes the sampling ones). */
const REQUEST_FIELDS = new Set([
  "model", "max_tokens", "messages", "system", "tools", "tool_choice", "thinking", "output_config", "metadata",
  "stop_sequences", "stream", "service_tier", "container", "mcp_servers", "context_management", "cache_control", "inference_geo",
]);
const EFFORT_VALUES = new Set(["low", "medium", "high", "xhigh", "max"]);
/** JSON Schema keywords structured outputs do not support (S). */
const UNSUPPORTED_SCHEMA_KEYWORDS = ["minLength", "maxLength", "minimum", "maximum", "multipleOf", "exclusiveMinimum", "exclusiveMaximum"];

export interface ApiRefusal {
  status: number;
  type: string;
  message: string;
}

const invalid = (message: string): ApiRefusal => ({ status: 400, type: "invalid_request_error", message });

/** The first schema problem structured outputs refuse (S): an object without additionalProperties false, an unsupported keyword. */
function schemaProblem(schema: any, path: string): string | null {
  if (typeof schema !== "object" || schema === null) return null;
  if (schema.type === "object" && schema.additionalProperties !== false) return `${path}: For 'object' type, 'additionalProperties' must be explicitly set to false`;
  for (const keyword of UNSUPPORTED_SCHEMA_KEYWORDS) if (keyword in schema) return `${path}: '${keyword}' is not supported`;
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const problem = schemaProblem(child, `${path}.properties.${key}`);
    if (problem) return problem;
  }
  return schema.items ? schemaProblem(schema.items, `${path}.items`) : null;
}

/** Every cache_control in the request: at most 4, ephemeral, ttl 5m or 1h (C). */
function cacheProblem(body: any): string | null {
  const blocks = [
    ...(Array.isArray(body.system) ? body.system : []),
    ...(body.tools ?? []),
    ...(body.messages ?? []).flatMap((m: any) => (Array.isArray(m.content) ? m.content : [])),
  ].filter((b: any) => b?.cache_control);
  if (blocks.length > 4) return `A maximum of 4 blocks with cache_control may be provided. Found ${blocks.length}.`;
  for (const b of blocks) {
    if (b.cache_control.type !== "ephemeral") return "cache_control.type: Input should be 'ephemeral'";
    if (b.cache_control.ttl !== undefined && !["5m", "1h"].includes(b.cache_control.ttl)) return "cache_control.ttl: Input should be '5m' or '1h'";
  }
  return null;
}

function thinkingProblem(model: string, body: any): string | null {
  const thinking = body.thinking;
  if (thinking === undefined) return null;
  switch (thinking?.type) {
    case "enabled":
      if (FROM_4_7.has(model)) return '"thinking.type.enabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
      if (!Number.isInteger(thinking.budget_tokens) || thinking.budget_tokens < 1024) return "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024";
      if (thinking.budget_tokens >= body.max_tokens) return "`max_tokens` must be greater than `thinking.budget_tokens`.";
      return null;
    case "adaptive":
      return ADAPTIVE_REFUSED.has(model) ? "adaptive thinking is not supported on this model" : null;
    case "disabled":
      if (model === "claude-sonnet-5-5") return '"thinking.type.disabled" is not supported for this model. Use "thinking.type.between_tools" for the lowest thinking setting, or "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
      if (ALWAYS_THINKING.has(model)) return '"thinking.type.disabled" is not supported for this model. Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.';
      return null;
    case "between_tools":
      return model === "claude-sonnet-5-5" ? null : '"thinking.type.between_tools" is not supported for this model.';
    default:
      return "thinking.type: Input tag does not match any of the expected tags: 'enabled', 'disabled', 'adaptive', 'between_tools'";
  }
}

function outputConfigProblem(model: string, served: ServedModel, config: any): string | null {
  if (config === undefined) return null;
  if (served.bare) return "output_config: Extra inputs are not permitted";
  if (config.effort !== undefined && config.effort !== null) {
    if (!EFFORT_VALUES.has(config.effort)) return "output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'";
    if (EFFORT_REFUSED.has(model)) return "This model does not support the effort parameter.";
    if (config.effort === "xhigh" && XHIGH_REFUSED.has(model)) return "output_config.effort: 'xhigh' is not supported for this model.";
  }
  const format = config.format;
  if (format !== undefined && format !== null) {
    if (format.type !== "json_schema" || typeof format.schema !== "object") return "output_config.format: Input tag does not match any of the expected tags: 'json_schema'";
    const problem = schemaProblem(format.schema, "output_config.format.schema");
    if (problem) return problem;
  }
  return null;
}

function toolProblem(model: string, served: ServedModel, body: any): string | null {
  for (const tool of body.tools ?? []) {
    if (!/^[a-zA-Z0-9_-]{1,128}$/.test(tool?.name ?? "")) return "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'";
    if (tool.input_schema?.type !== "object") return "tools.0.custom.input_schema.type: Input should be 'object'";
  }
  const choice = body.tool_choice?.type;
  if (choice === undefined || choice === "auto" || choice === "none") return null;
  if (served.bare) return 'tool_choice: type "tool" and "any" are not supported for this model.';
  if (FORCED_TOOL_REFUSED.has(model)) return 'tool_choice: type "tool" and "any" are not supported for this model.';
  if (body.thinking?.type === "enabled" || body.thinking?.type === "adaptive") return "Thinking may not be enabled when tool_choice forces tool use.";
  return null;
}

/**
 * The API's answer to a request it refuses, or null when it accepts it.
 * `extra` holds test-only models (e.g. a bare one standing for an unknown id).
 */
export function refusalOf(headers: Record<string, string>, body: any, extra: Record<string, ServedModel> = {}): ApiRefusal | null {
  const version = headers["anthropic-version"];
  if (version !== "2026-10-21" && version !== "2023-06-01") return invalid(`anthropic-version: "${version ?? ""}" is not a valid version`);
  if (!headers["x-api-key"] && !headers.authorization) return { status: 401, type: "authentication_error", message: "x-api-key header is required" };
  if (typeof body !== "object" || body === null) return invalid("The request body is not valid JSON.");
  for (const field of Object.keys(body)) {
    // V: temperature, top_p and top_k are removed on 2026-10-21, even at their default values.
    if (!REQUEST_FIELDS.has(field) && !(version === "2023-06-01" && ["temperature", "top_p", "top_k"].includes(field))) return invalid(`${field}: Extra inputs are not permitted`);
  }
  const model = body.model;
  const served = extra[model] ?? SERVED_MODELS[model];
  if (!served) return { status: 404, type: "not_found_error", message: `model: ${model}` };
  if (version === "2023-06-01" && ["temperature", "top_p", "top_k"].some((f) => f in body) && FROM_4_7.has(model)) {
    return invalid("`temperature`, `top_p` and `top_k` are not supported for this model.");
  }
  if (!Number.isInteger(body.max_tokens) || body.max_tokens < 1) return invalid("max_tokens: Field required");
  if (body.max_tokens > served.maxOutputTokens) {
    return invalid(`max_tokens: ${body.max_tokens} > ${served.maxOutputTokens}, which is the maximum allowed number of output tokens for ${model}`);
  }
  if (!Array.isArray(body.messages) || body.messages.length === 0) return invalid("messages: at least one message is required");
  if (body.messages.at(-1).role === "assistant") {
    if (!PREFILL_ACCEPTED.has(model) || served.bare) return invalid("This model does not support assistant message prefill. The conversation must end with a user message.");
    if (body.output_config?.format) return invalid("Prefilling assistant messages is not supported with structured outputs.");
  }
  if (served.bare && body.thinking !== undefined) return invalid("thinking: Extra inputs are not permitted");
  const problem = thinkingProblem(model, body) ?? outputConfigProblem(model, served, body.output_config) ?? toolProblem(model, served, body) ?? cacheProblem(body);
  return problem ? invalid(problem) : null;
}

/** Whether the model thinks for this request (T): asked to, or by default. */
export function thinks(model: string, body: any, extra: Record<string, ServedModel> = {}): boolean {
  const type = body.thinking?.type;
  if (type === "adaptive" || type === "enabled") return true;
  if (type === "disabled" || type === "between_tools") return false;
  return (extra[model] ?? SERVED_MODELS[model])?.thinksWithoutField ?? false;
}
