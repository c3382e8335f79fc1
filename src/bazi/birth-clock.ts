/**
 * Which clock the pillars read. The entered time is a wall-clock time at the birthplace:
 * - no recognised birthplace: Beijing time, as entered (the service's convention before birthplaces);
 * - a place in mainland China: Beijing time too — what birth records use everywhere in China,
 *   Xinjiang included — with China's 1986–1991 summer time taken off (summer-time.ts);
 * - anywhere else (Hong Kong, Macau, Taiwan, the world): the place's IANA zone with its history.
 * The day and hour pillars come from local standard time at the birthplace (summer time taken off),
 * or from true solar time when the request asks for it; the month and year pillars, the distance to
 * the 节 and the luck cycle from the birth instant, against the 节 instants.
 */
import { type Place, resolvePlace } from "../place/gazetteer.ts";
import { type SolarTimeCorrection, solarTimeCorrection } from "../place/solar-time.ts";
import { instantsOf, offsetMinutes, standardOffsetMinutes, type WallClock, wallAt } from "../place/zone.ts";
import type { NormalizedBirth } from "./birth.ts";
import { civilSecondsOf, civilSecondsOfEpochMs, type ClockReading, epochMsOfCivilSeconds, jdnFromYmd, readingText, shiftReading, ymdFromJdn } from "./civil-date.ts";
import { summerTimeKind } from "./summer-time.ts";

/** The birthplace as the chart states it. */
export interface ChartPlace {
  name: string;
  country: string;
  province: string | null;
  longitude: number;
  latitude: number;
  /** The zone the entered time is read in: Asia/Shanghai for mainland China. */
  time_zone: string;
  /** The coordinates are its prefecture's, not its own (a district or a county whose seat is not in the gazetteer). */
  approximate: boolean;
}

/** True solar time at the birthplace. */
export interface TrueSolarTime extends SolarTimeCorrection {
  /** "YYYY-MM-DD HH:MM", the local standard time corrected. */
  time: string;
}

export interface BirthClock {
  /** What the day and hour pillars read. */
  day: ClockReading;
  /** The birth instant in civil seconds (UTC+08:00, from JDN 0): month, year, 节 distance, luck. */
  instant: number;
  place: ChartPlace | null;
  /** With a place: true solar time, and the clock the day and hour pillars would read by it. */
  trueSolar: { value: TrueSolarTime; reading: ClockReading } | null;
  /** Local standard time, when the pillars read true solar time instead. */
  standard: ClockReading;
  /** The entered time was summer time at the place (converted to standard time). */
  summer: { entered: string; standard: string } | null;
  /** The entered time happened twice: the chart reads the first; this is the other (standard time and instant). */
  repeated: { reading: ClockReading; instant: number } | null;
  /** A birthplace was given but not recognised. */
  unrecognisedPlace: string | null;
}

export type BirthClockResult = { ok: true; clock: BirthClock } | { ok: false; path: string; message: string };

const BEIJING_MINUTES = 480;

const readingOfWall = (w: WallClock): ClockReading => ({ jdn: jdnFromYmd(w.year, w.month, w.day), hour: w.hour, minute: w.minute });

function chartPlace(p: Place): ChartPlace {
  return { name: p.name, country: p.country, province: p.province, longitude: p.longitude, latitude: p.latitude, time_zone: p.time_zone, approximate: p.approximate };
}

/**
 * The clock of a validated birth whose solar date is `jdn`, or why the time is impossible there.
 * A New York birth on 1990-07-01 at 08:00 (summer time) reads the day and hour at 07:00.
 */
export function birthClock(b: NormalizedBirth, jdn: number): BirthClockResult {
  // validateBirth works the clock out to refuse an impossible time; computeChart, given the same
  // birth object, reuses it (a birthplace costs a gazetteer lookup and several ICU offsets).
  const known = worked.get(b);
  if (known && known.jdn === jdn) return known.result;
  const result = workOut(b, jdn);
  if (b.birthplace) worked.set(b, { jdn, result });
  return result;
}

const worked = new WeakMap<NormalizedBirth, { jdn: number; result: BirthClockResult }>();

function workOut(b: NormalizedBirth, jdn: number): BirthClockResult {
  const entered: ClockReading = { jdn, hour: b.hour, minute: b.minute };
  const place = b.birthplace ? resolvePlace(b.birthplace) : null;
  if (b.time_basis === "true_solar" && !place) {
    return { ok: false, path: "birth.time_basis", message: b.birthplace ? `"true_solar" needs a birthplace the gazetteer recognises; "${b.birthplace}" is not one` : '"true_solar" needs a birthplace' };
  }
  const base = { trueSolar: null, summer: null, repeated: null, unrecognisedPlace: b.birthplace && !place ? b.birthplace : null };
  if (!place) return { ok: true, clock: { ...base, day: entered, standard: entered, instant: civilSecondsOf(entered), place: null } };

  let standard: ClockReading;
  let instantMs: number;
  let standardOffset: number;
  let summer: BirthClock["summer"] = null;
  let repeated: BirthClock["repeated"] = null;
  if (place.country === "CN") {
    standardOffset = BEIJING_MINUTES;
    const kind = summerTimeKind(jdn, b.hour, b.minute);
    if (kind === "skipped") return { ok: false, path: "birth.hour", message: `${readingText(entered)} never showed on a clock in China: summer time began that night, and clocks went from 02:00 to 03:00` };
    standard = kind ? shiftReading(entered, -60) : entered;
    if (kind === "summer") summer = { entered: readingText(entered), standard: readingText(standard) };
    if (kind === "repeated") repeated = { reading: entered, instant: civilSecondsOf(entered) };
    instantMs = epochMsOfCivilSeconds(civilSecondsOf(standard));
  } else {
    const wall: WallClock = { ...ymdFromJdn(jdn), hour: b.hour, minute: b.minute };
    const instants = instantsOf(place.time_zone, wall);
    if (instants.length === 0) return { ok: false, path: "birth.hour", message: `${readingText(entered)} never showed on a clock in ${place.name} (${place.time_zone}): the clocks were put forward over it` };
    instantMs = instants[0]!;
    standardOffset = standardOffsetMinutes(place.time_zone, wall.year);
    standard = readingOfWall(wallAt(instantMs, standardOffset));
    if (offsetMinutes(place.time_zone, instantMs) !== standardOffset) summer = { entered: readingText(entered), standard: readingText(standard) };
    if (instants.length > 1) repeated = { reading: readingOfWall(wallAt(instants[1]!, standardOffset)), instant: civilSecondsOfEpochMs(instants[1]!) };
  }
  const correction = solarTimeCorrection(instantMs, place.longitude, standardOffset);
  const solarReading = shiftReading(standard, Math.round(correction.correction_minutes));
  const trueSolar = { value: { time: readingText(solarReading), ...correction }, reading: solarReading };
  return {
    ok: true,
    clock: {
      ...base,
      day: b.time_basis === "true_solar" ? solarReading : standard,
      standard,
      instant: civilSecondsOfEpochMs(instantMs),
      place: chartPlace(place),
      trueSolar,
      summer,
      repeated,
    },
  };
}

