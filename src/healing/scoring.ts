/**
 * Scoring (design §4): integers only, each component 0–100, total 0–10000, and the
 * deterministic tie-breaks total ↓, goal ↓, emotion ↓, duration ↑, id ↑.
 */
import { baziComponent } from "./bazi-elements.ts";
import type { Protocol } from "./catalog/index.ts";
import { spiritualCeiling } from "./filters.ts";
import type { BaziElements, NormalizedPlanInput } from "./types.ts";

/** Weights in percent; they sum to 100, so a total is at most 100 × 100. */
export const SCORE_WEIGHTS = Object.freeze({ goal: 35, emotion: 20, arousal: 15, time: 15, preference: 10, bazi: 5 });

export interface ScoreComponents {
  goal: number;
  emotion: number;
  arousal: number;
  time: number;
  preference: number;
  bazi: number;
}

/** One scored protocol as the Plan records it. */
export interface ScoredCandidate {
  protocol_id: string;
  total: number;
  components: ScoreComponents;
}

/** `other` has no weight in the catalog; the design scores it a flat 50. */
const OTHER_EMOTION_SCORE = 50;
/** Time saturates at 15 minutes: a longer window does not favour longer practices further. */
const TIME_HORIZON_MINUTES = 15;
/** Preference score when no sub-score applies. */
const NEUTRAL_PREFERENCE_SCORE = 50;

const floorMean = (values: readonly number[]) => Math.floor(values.reduce((a, b) => a + b, 0) / values.length);

function emotionScore(p: Protocol, tags: readonly string[]): number {
  const distinct = [...new Set(tags)];
  return floorMean(distinct.map((tag) => (tag === "other" ? OTHER_EMOTION_SCORE : (p.emotions as Record<string, number>)[tag] ?? 0)));
}

function timeScore(p: Protocol, availableMinutes: number): number {
  const t = Math.min(availableMinutes, TIME_HORIZON_MINUTES);
  return Math.floor((100 * Math.min(p.duration, t)) / t);
}

/**
 * The preference sub-scores that apply to this input (design: "the sub-scores that apply").
 * A sub-score applies when the preference leans one way; values that express no leaning
 * (eyes no_preference, movement okay, voice script_only, spiritual neutral) add none, so an
 * omitted preference and its explicit default score the same.
 */
function preferenceSubScores(p: Protocol, input: NormalizedPlanInput): number[] {
  const prefs = input.preferences;
  const scores: number[] = [];
  // A moderate practice asked for as gentle is a poor fit; a gentle one asked for as moderate is still fine.
  if (prefs.preferred_intensity === "gentle") scores.push(p.intensity === "gentle" ? 100 : 0);
  else scores.push(p.intensity === "moderate" ? 100 : 50);
  if (prefs.eyes_closed_preference !== "no_preference") {
    scores.push(p.eyes === prefs.eyes_closed_preference ? 100 : p.eyes === "optional" ? 50 : 0);
  }
  if (prefs.voice_preference !== "script_only") scores.push(p.density === prefs.voice_preference ? 100 : 50);
  if (prefs.movement_preference === "avoid") scores.push(p.movement === "none" ? 100 : 50);
  if (prefs.movement_preference === "prefer") {
    scores.push(p.movement === "gentle" || p.movement === "moderate" ? 100 : p.movement === "minimal" ? 50 : 0);
  }
  const ceiling = spiritualCeiling(input);
  // Someone asking for cultural or traditional framing is best served at that level; lower ones still fit.
  if (ceiling !== "neutral") scores.push(p.spiritual === ceiling ? 100 : 50);
  return scores;
}

function preferenceScore(p: Protocol, input: NormalizedPlanInput): number {
  const scores = preferenceSubScores(p, input);
  return scores.length === 0 ? NEUTRAL_PREFERENCE_SCORE : floorMean(scores);
}

/**
 * Scores one protocol for the input; `bazi` null means no chart (bazi component 50).
 * @example scoreProtocol(getProtocol("music_breath_10")!, calmAdultInput, null).total // 9240
 */
export function scoreProtocol(p: Protocol, input: NormalizedPlanInput, bazi: BaziElements | null): ScoredCandidate {
  const c = input.check_in;
  const components: ScoreComponents = {
    goal: p.goals[c.goal],
    emotion: emotionScore(p, c.emotion_tags),
    arousal: p.arousal[c.arousal],
    time: timeScore(p, c.available_minutes),
    preference: preferenceScore(p, input),
    bazi: baziComponent(p.elements, bazi),
  };
  const total = (Object.keys(SCORE_WEIGHTS) as (keyof ScoreComponents)[])
    .reduce((sum, key) => sum + SCORE_WEIGHTS[key] * components[key], 0);
  return { protocol_id: p.id, total, components };
}

/** A survivor with its score, as ranked. */
export interface RankedProtocol {
  protocol: Protocol;
  scored: ScoredCandidate;
}

/** Tie-breaks: total ↓, goal ↓, emotion ↓, duration ↑, id ↑ (ids are unique, so the order is total). */
function compareRanked(a: RankedProtocol, b: RankedProtocol): number {
  return b.scored.total - a.scored.total
    || b.scored.components.goal - a.scored.components.goal
    || b.scored.components.emotion - a.scored.components.emotion
    || a.protocol.duration - b.protocol.duration
    || (a.protocol.id < b.protocol.id ? -1 : a.protocol.id > b.protocol.id ? 1 : 0);
}

/**
 * Scores and orders the survivors, best first.
 * @example rankProtocols(survivors, input, null)[0]?.protocol.id // the recommended protocol
 */
export function rankProtocols(protocols: readonly Protocol[], input: NormalizedPlanInput, bazi: BaziElements | null): RankedProtocol[] {
  return protocols.map((protocol) => ({ protocol, scored: scoreProtocol(protocol, input, bazi) })).sort(compareRanked);
}
