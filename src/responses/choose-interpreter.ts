/**
 * Which interpreter answers Responses: the Anthropic one when a key is configured, else the
 * local one. Kept apart from interpreter.ts (the contract both implement) so that the
 * implementations import the contract and nothing imports back.
 */
import type { Config } from "../config.ts";
import { AnthropicInterpreter } from "./anthropic-interpreter.ts";
import type { Interpreter } from "./interpreter.ts";
import { LocalInterpreter, LOCAL_MODEL } from "./local-interpreter.ts";
import { profileFor, retirementOf, type Effort } from "./model-profiles.ts";
import { effortFor } from "./model-request.ts";

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
