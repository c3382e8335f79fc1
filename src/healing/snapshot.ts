/**
 * The immutable protocol snapshot a recommended Plan carries: every catalog attribute, the
 * timed script, cautions, cultural note, delivery facts, the scoring record and a SHA-256.
 */
import { canonicalJson, sha256Hex } from "./canonical.ts";
import type { BreathPace, Protocol } from "./catalog/index.ts";
import type { ScoredCandidate } from "./scoring.ts";
import type { LocalizedText } from "./types.ts";

/** A script step with its offset, so a client can time guided prompts without summing. */
export interface SnapshotStep {
  index: number;
  start_seconds: number;
  seconds: number;
  text: LocalizedText;
}

/** "available" only where a licensed track is actually served; everything else is text. */
export type Availability = "available" | "script_only";
/** "not_applicable": the protocol ships no licensed media, only text written for this project. */
export type LicenseStatus = "authorized" | "not_applicable";

export type ProtocolSnapshot =
  & Omit<Protocol, "steps" | "breath_pace" | "audio">
  & {
    breath_pace: BreathPace | null;
    script: { total_seconds: number; steps: SnapshotStep[] };
    availability: Availability;
    license_status: LicenseStatus;
    asset_url: string | null;
    scoring: { total: number; components: ScoredCandidate["components"] };
    /** SHA-256 of the canonical JSON of every other member except `scoring` (see below). */
    sha256: string;
  };

/** Resolves a protocol id to the absolute URL of its audio asset, or null if not served. */
export type AssetUrlFor = (protocolId: string) => string | null;

function timedSteps(protocol: Protocol): SnapshotStep[] {
  let start = 0;
  return protocol.steps.map((s, index) => {
    const step = { index, start_seconds: start, seconds: s.seconds, text: { ...s.text } };
    start += s.seconds;
    return step;
  });
}

/**
 * Builds the snapshot. `sha256` covers the protocol as delivered (content, availability,
 * asset URL) but not `scoring`, which depends on the request: the same protocol version
 * served from the same base address hashes the same in every Plan.
 * @example protocolSnapshot(getProtocol("music_breath_10")!, scored, urlFor).availability // "available"
 */
export function protocolSnapshot(protocol: Protocol, scored: ScoredCandidate, assetUrlFor: AssetUrlFor): ProtocolSnapshot {
  const { steps: _steps, audio, breath_pace, cautions, cultural_note, ...attributes } = protocol;
  const asset_url = audio === null ? null : assetUrlFor(protocol.id);
  // Structured clones, so the Plan never shares (frozen) objects with the catalog.
  const content = {
    ...structuredClone(attributes),
    breath_pace: structuredClone(breath_pace),
    script: { total_seconds: protocol.duration * 60, steps: timedSteps(protocol) },
    cautions: structuredClone(cautions),
    cultural_note: structuredClone(cultural_note),
    availability: (asset_url === null ? "script_only" : "available") as Availability,
    license_status: (audio === null ? "not_applicable" : audio.license_status) as LicenseStatus,
    asset_url,
  };
  return {
    ...content,
    scoring: { total: scored.total, components: { ...scored.components } },
    sha256: sha256Hex(canonicalJson(content)),
  };
}
