/**
 * The pure Healing core's public surface (no HTTP, no storage): safety red lines, the
 * protocol catalog, Plan creation, the Session state machine and checkout rules.
 */
export * from "./types.ts";
export {
  CATALOG, CATALOG_VERSION, FALLBACK_PROTOCOL_ID, MUSIC_BREATH_AUDIO_PATH, PROTOCOL_IDS, getProtocol,
  type Protocol, type ProtocolId,
} from "./catalog/index.ts";
export type { Eyes, Movement } from "./catalog/types.ts";
export { POLICY_VERSION } from "./policy.ts";
export { canonicalJson, sha256Hex } from "./canonical.ts";
export { RED_LINE_CODES, SAFETY_ACTION, evaluateRedLines, redLineHits, type FixedText, type PlanBlock, type RedLineCode } from "./safety.ts";
export { PREFERENCE_DEFAULTS, duplicateItemDetails, findDuplicateItems, inputSha256, normalizePlanInput } from "./input.ts";
export { FILTER_NAMES, applyHardFilters, firstFailingFilter, type FilterName } from "./filters.ts";
export { SCORE_WEIGHTS, scoreProtocol, type ScoreComponents, type ScoredCandidate } from "./scoring.ts";
export { baziComponent, deriveBaziElements, normalizeBaziElements } from "./bazi-elements.ts";
export { CONSTRAINT_CODES, SUPPORT_NOTICE, appliedConstraints, type AppliedConstraint, type ConstraintCode } from "./constraints.ts";
export { protocolSnapshot, type AssetUrlFor, type Availability, type LicenseStatus, type ProtocolSnapshot } from "./snapshot.ts";
export {
  FALLBACK_REASON, TOP_CANDIDATES, createPlanBody, type PlanBody, type PlanDependencies, type Selection,
} from "./recommend.ts";
export {
  CRISIS_REASON_CODES, MAX_EVENTS_PER_SESSION, TERMINAL_STATES, TRANSITIONS, allowedEvents, applyEvent, isTerminal,
  playbackModeSupported, sessionSafetyAction, startSession,
  type EventResult, type SessionConflictReason, type SessionRecord, type SessionStartResult,
} from "./sessions.ts";
export {
  ALARMING_ADVERSE_TAGS, checkoutSafetyReasons, checkoutValidationDetails, submitCheckout,
  type CheckoutRecord, type CheckoutResult, type CheckoutSafetyReason,
} from "./checkout.ts";
