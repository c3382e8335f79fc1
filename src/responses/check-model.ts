/**
 * `lingshu check-model`: one small real request with the configured key and
 * model, in the very shape Responses send (same profile, output format, effort
 * and system prompt), and one line saying whether Responses will work, and if
 * not, why and what to change. Never run by the tests against the internet.
 */
import { DEFAULT_MODEL, type Config } from "../config.ts";
import { anthropicInterpreter, describeModel, type ModelDescription } from "./choose-interpreter.ts";
import { SYSTEM_PROMPT, type PromptParts } from "./prompt.ts";
import type { UpstreamError } from "./anthropic-interpreter.ts";

export interface ModelCheck {
  ok: boolean;
  /** One line for the operator. */
  line: string;
  model: ModelDescription;
  /** How long the request took, when one was sent. */
  latency_ms: number | null;
  /** The API's refusal of the request, when it answered with an error. */
  upstream: UpstreamError | null;
}

/** A Subject-less turn: the real system prompt, a stand-in fact sheet and a one-word question. */
const PROBE: PromptParts = {
  system: SYSTEM_PROMPT,
  facts: "Confirmed facts:\n<facts>\n(none: this is the operator's check that the model answers)\n</facts>",
  turn: "Reply language: English\n\nConversation so far (rolling summary):\n<summary>\n(empty)\n</summary>\n\nThe person's new message:\n<input>\nPlease reply with the single word: ok\n</input>",
};

/** What an operator should do about an API error, by its status. */
function advice(status: number): string {
  if (status === 401) return "check ANTHROPIC_API_KEY";
  if (status === 403) return "this key may not use this model; check the key's workspace and LINGSHU_MODEL";
  if (status === 404) return "LINGSHU_MODEL names no model this key can use; check the id";
  if (status === 400) return "the API refuses this request shape for this model; choose a model listed in the README or report it";
  return "the API is failing for now; try again in a minute";
}

const label = (model: ModelDescription) => `${model.model} (profile ${model.profile}${model.effort ? `, effort ${model.effort}` : ""})`;

/**
 * @example (await checkModel(config)).line // "ok: claude-sonnet-5-5 (profile sonnet-5-5, effort medium) answered in 1.4 s; Responses will use it."
 */
export async function checkModel(config: Config): Promise<ModelCheck> {
  const model = describeModel(config);
  const result = (ok: boolean, line: string, latency: number | null = null, upstream: UpstreamError | null = null): ModelCheck => ({ ok, line, model, latency_ms: latency, upstream });
  if (config.anthropicApiKey === null) {
    return result(false, `not ok: ANTHROPIC_API_KEY is not set, so Responses are answered by the local interpreter (${model.model}); set it to use ${DEFAULT_MODEL} or LINGSHU_MODEL.`);
  }
  const started = performance.now();
  const reply = await anthropicInterpreter({ ...config, anthropicApiKey: config.anthropicApiKey }).probe(PROBE);
  const latency = Math.round(performance.now() - started);
  if ("failure" in reply) {
    const { reason, upstream } = reply.failure;
    const detail = upstream ? `: ${upstream.message} (${advice(upstream.status)})` : "";
    return result(false, `not ok: ${label(model)}: ${reason}${detail}.`, latency, upstream);
  }
  if (reply.outcome.kind !== "answer") {
    return result(false, `not ok: ${label(model)} answered but gave no usable answer (${reply.outcome.kind}).`, latency);
  }
  const retiring = model.retires ? ` It retires on ${model.retires}: move LINGSHU_MODEL to ${DEFAULT_MODEL} before then.` : "";
  return result(true, `ok: ${label(model)} answered in ${(latency / 1000).toFixed(1)} s; Responses will use it.${retiring}`, latency);
}

const DAY_MS = 86_400_000;
/** How long before a retirement the start-up log warns about it. */
const RETIREMENT_NOTICE_DAYS = 90;

/** Warnings for the start-up log: an unknown model, a retirement that is near or past. */
export function modelWarnings(model: ModelDescription, now: number): string[] {
  if (model.interpreter === "local") return [];
  const warnings: string[] = [];
  if (model.profile === "conservative") {
    warnings.push(`LINGSHU_MODEL=${model.model} is not a model this version knows: requests use the conservative profile (no structured output, no effort); run check-model`);
  }
  if (model.retires) {
    const days = Math.ceil((Date.parse(`${model.retires}T00:00:00Z`) - now) / DAY_MS);
    if (days <= 0) warnings.push(`${model.model} retired on ${model.retires}: Responses will fail; set LINGSHU_MODEL to ${DEFAULT_MODEL}`);
    else if (days <= RETIREMENT_NOTICE_DAYS) warnings.push(`${model.model} retires on ${model.retires} (in ${days} days); set LINGSHU_MODEL to ${DEFAULT_MODEL}`);
  }
  return warnings;
}
