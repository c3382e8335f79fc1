/**
 * The fact sheet of a Healing Plan: its safety state and, for a recommended
 * Plan, the immutable protocol snapshot (script, cautions, constraints). The
 * interpreter explains the Plan; it never changes the protocol or the safety state.
 */
import type { Eyes, LocalizedText, Movement, PlanBody, Posture, PreferredIntensity, SpiritualLevel } from "../../healing/index.ts";
import type { FactSheetOf } from "./types.ts";

export interface StepFacts {
  startSeconds: number;
  seconds: number;
  text: LocalizedText;
}

export interface ProtocolFacts {
  id: string;
  version: string;
  title: LocalizedText;
  minutes: number;
  posture: Posture;
  movement: Movement;
  eyes: Eyes;
  breath: string;
  intensity: PreferredIntensity;
  /** Seconds in and out, or null for unpaced protocols. */
  breathPace: { inhale: number; exhale: number } | null;
  availability: string;
  /** The least framing the practice can honestly be given: neutral, cultural or traditional. */
  spiritual: SpiritualLevel;
  steps: StepFacts[];
  cautions: LocalizedText[];
  culturalNote: LocalizedText;
}

export interface HealingFacts {
  status: PlanBody["status"];
  /** Red-line reason codes of a blocked Plan (empty when recommended). */
  blockReasons: string[];
  protocol: ProtocolFacts | null;
  selectionMode: string | null;
  /**
   * Why the protocol won: the weights, the best-ranked candidates with their six components (each
   * 0–100; a total of 10,000 is a perfect score) and the first hard filter that removed each other
   * protocol. Null for a blocked Plan.
   */
  ranking: { weights: Record<string, number>; candidates: { id: string; total: number; components: Record<string, number> }[]; rejected: Record<string, string> } | null;
  constraints: { code: string; text: LocalizedText }[];
  supportNotice: LocalizedText | null;
  policyVersion: string;
}

/** The stored Plan as far as the fact sheet reads it. */
export type StoredPlan = Pick<PlanBody, "status" | "block" | "protocol" | "selection" | "applied_constraints" | "support_notice" | "policy_version">;

function protocolFacts(p: NonNullable<PlanBody["protocol"]>): ProtocolFacts {
  return {
    id: p.id,
    version: p.version,
    title: p.title,
    minutes: p.duration,
    posture: p.posture,
    movement: p.movement,
    eyes: p.eyes,
    breath: p.breath,
    intensity: p.intensity,
    breathPace: p.breath_pace ? { inhale: p.breath_pace.inhale_seconds, exhale: p.breath_pace.exhale_seconds } : null,
    availability: p.availability,
    spiritual: p.spiritual,
    steps: p.script.steps.map((s) => ({ startSeconds: s.start_seconds, seconds: s.seconds, text: s.text })),
    cautions: [...p.cautions],
    culturalNote: p.cultural_note,
  };
}

/** "Safety state: not blocked (recommended)" or "Safety state: BLOCKED (CRISIS_SELF_HARM)". */
export function safetyStateText(f: HealingFacts): string {
  return f.status === "blocked" ? `Safety state: BLOCKED (${f.blockReasons.join(", ")})` : "Safety state: not blocked (recommended)";
}

const both = (t: LocalizedText) => `${t.en} / ${t["zh-Hans"]}`;

/** @example "Ranking (weights in %: goal 35, …): music_breath_10 92.4 of 100 (goal 100, …); extended_exhale_3 84.0 (…)" */
function rankingLines(f: HealingFacts): string[] {
  const r = f.ranking;
  if (!r) return [];
  const parts = (m: Record<string, number>) => Object.entries(m).map(([k, v]) => `${k} ${v}`).join(", ");
  const byFilter = new Map<string, string[]>();
  for (const [id, filter] of Object.entries(r.rejected)) byFilter.set(filter, [...(byFilter.get(filter) ?? []), id]);
  return [
    `Ranking (weights in %: ${parts(r.weights)}): ${r.candidates.map((c) => `${c.id} ${(c.total / 100).toFixed(1)} of 100 (${parts(c.components)})`).join("; ") || "no candidate"}`,
    `Removed by the hard filters (first failing filter): ${[...byFilter].map(([filter, ids]) => `${filter}: ${ids.join(", ")}`).join("; ") || "none"}`,
  ];
}

/** @example healingFacts("hpl_x", plan).lines[1] // "Protocol: music_breath_10 v1.0.0 …" */
export function healingFacts(subjectId: string, plan: StoredPlan): HealingFactSheet {
  const protocol = plan.protocol ? protocolFacts(plan.protocol) : null;
  const data: HealingFacts = {
    status: plan.status,
    blockReasons: plan.block ? [...plan.block.reason_codes] : [],
    protocol,
    selectionMode: plan.selection?.mode ?? null,
    ranking: plan.selection
      ? {
          weights: { ...plan.selection.weights },
          candidates: plan.selection.candidates.map((c) => ({ id: c.protocol_id, total: c.total, components: { ...c.components } })),
          rejected: { ...plan.selection.rejected },
        }
      : null,
    constraints: plan.applied_constraints.map((c) => ({ code: c.code, text: c.text })),
    supportNotice: plan.support_notice?.text ?? null,
    policyVersion: plan.policy_version,
  };
  const lines = [`Subject: Healing Plan ${subjectId} (policy ${data.policyVersion})`, safetyStateText(data)];
  if (protocol) {
    lines.push(
      `Protocol: ${protocol.id} v${protocol.version}, "${both(protocol.title)}", ${protocol.minutes} minutes, selected by ${data.selectionMode}`,
      `Form: posture ${protocol.posture}, movement ${protocol.movement}, eyes ${protocol.eyes}, breath ${protocol.breath}${protocol.breathPace ? ` (${protocol.breathPace.inhale} s in / ${protocol.breathPace.exhale} s out)` : ""}, intensity ${protocol.intensity}, delivery ${protocol.availability}`,
      ...protocol.steps.map((s, i) => `Step ${i + 1} (${s.startSeconds}–${s.startSeconds + s.seconds} s): ${both(s.text)}`),
      ...protocol.cautions.map((c) => `Caution: ${both(c)}`),
      `Cultural note: ${both(protocol.culturalNote)}`,
    );
  }
  lines.push(...rankingLines(data));
  lines.push(...data.constraints.map((c) => `Applied constraint ${c.code}: ${both(c.text)}`));
  if (data.supportNotice) lines.push(`Support notice: ${both(data.supportNotice)}`);
  const headline = protocol ? `Healing Plan ${protocol.id} (${protocol.title.en})` : `Healing Plan (${data.status})`;
  return { capability: "healing", subjectId, headline, lines, data };
}

export type HealingFactSheet = FactSheetOf<"healing", HealingFacts>;
