/**
 * Plan creation, in the design's evaluation order: (schema validation happens at the route)
 * → red lines → hard filters → scoring → fallback. Pure: identical input and dependencies
 * give a byte-identical Plan body.
 */
import { normalizeBaziElements } from "./bazi-elements.ts";
import { CATALOG_VERSION, FALLBACK_PROTOCOL_ID, getProtocol } from "./catalog/index.ts";
import { appliedConstraints, supportNoticeFor, type AppliedConstraint } from "./constraints.ts";
import { applyHardFilters, type FilterName } from "./filters.ts";
import { inputSha256, normalizePlanInput } from "./input.ts";
import { POLICY_VERSION } from "./policy.ts";
import { evaluateRedLines, type FixedText, type PlanBlock } from "./safety.ts";
import { rankProtocols, scoreProtocol, SCORE_WEIGHTS, type ScoredCandidate } from "./scoring.ts";
import { protocolSnapshot, type AssetUrlFor, type ProtocolSnapshot } from "./snapshot.ts";
import type { BaziElements, NormalizedPlanInput, PlanInput } from "./types.ts";

/** How many of the best-ranked survivors a Plan records with their components. */
export const TOP_CANDIDATES = 3;

/** Why a Plan fell back to the universal orienting practice. */
export const FALLBACK_REASON = "NO_PROTOCOL_PASSED_FILTERS";

export interface Selection {
  mode: "scored" | "fallback";
  /** Present only in fallback mode. */
  reason?: typeof FALLBACK_REASON;
  weights: typeof SCORE_WEIGHTS;
  /** The element lists the bazi component used (canonical order), or null without a chart. */
  bazi: BaziElements | null;
  candidates: ScoredCandidate[];
  rejected: Record<string, FilterName>;
}

/** The Plan minus the `id` and `created_at` the route adds. */
export interface PlanBody {
  status: "recommended" | "blocked";
  block: PlanBlock | null;
  protocol: ProtocolSnapshot | null;
  selection: Selection | null;
  applied_constraints: AppliedConstraint[];
  support_notice: FixedText | null;
  policy_version: string;
  catalog_version: string;
  input_sha256: string;
  bazi_chart_id: string | null;
}

export interface PlanDependencies {
  /** Element lists derived from the chart named by `bazi_chart_id`; null or absent without one. */
  bazi?: BaziElements | null;
  /** Absolute URL of a protocol's audio asset (only asked for protocols that have one). */
  assetUrlFor: AssetUrlFor;
}

function recommendedBody(input: NormalizedPlanInput, bazi: BaziElements | null, assetUrlFor: AssetUrlFor): Omit<PlanBody, "policy_version" | "catalog_version" | "input_sha256" | "bazi_chart_id"> {
  const { survivors, rejected } = applyHardFilters(input);
  const ranked = rankProtocols(survivors, input, bazi);
  const best = ranked[0];
  // The fallback passes every filter except an explicit exclusion, so it is reached only when
  // the person excluded it and nothing else fits; the design still recommends it then.
  const protocol = best?.protocol ?? getProtocol(FALLBACK_PROTOCOL_ID)!;
  const scored = best?.scored ?? scoreProtocol(protocol, input, bazi);
  return {
    status: "recommended",
    block: null,
    protocol: protocolSnapshot(protocol, scored, assetUrlFor),
    selection: {
      mode: best ? "scored" : "fallback",
      ...(best ? {} : { reason: FALLBACK_REASON }),
      weights: { ...SCORE_WEIGHTS },
      bazi,
      candidates: ranked.slice(0, TOP_CANDIDATES).map((r) => r.scored),
      rejected,
    },
    applied_constraints: appliedConstraints(input),
    support_notice: supportNoticeFor(input),
  };
}

/**
 * Builds the Plan body for a schema-valid payload without duplicate items (check
 * {@link findDuplicateItems} first). A red line gives a blocked body with `protocol` and
 * `selection` null; otherwise the best-scoring surviving protocol, or the fallback.
 * @example
 * const plan = createPlanBody(payload, { bazi: null, assetUrlFor: (id) => `${base}${MUSIC_BREATH_AUDIO_PATH}` });
 * plan.status // "recommended"
 */
export function createPlanBody(input: PlanInput, deps: PlanDependencies): PlanBody {
  const normalized = normalizePlanInput(input);
  const block = evaluateRedLines(normalized.safety);
  const body = block
    ? { status: "blocked" as const, block, protocol: null, selection: null, applied_constraints: [], support_notice: null }
    : recommendedBody(normalized, normalizeBaziElements(deps.bazi), deps.assetUrlFor);
  return {
    ...body,
    policy_version: POLICY_VERSION,
    catalog_version: CATALOG_VERSION,
    input_sha256: inputSha256(normalized),
    bazi_chart_id: normalized.bazi_chart_id ?? null,
  };
}
