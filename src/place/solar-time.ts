/**
 * True (apparent) solar time (真太阳时) at a longitude: the standard time corrected by the longitude's
 * distance from the zone's meridian (4 minutes a degree) and by the equation of time (the sun's
 * run ahead of or behind its mean: −14 to +16 minutes over a year).
 *
 * The equation of time follows the NOAA solar calculator (after Meeus, Astronomical Algorithms,
 * ch. 28), good to a few seconds from 1900 to 2100; the tests check it against astronomy-engine's sun.
 */
const DEG = Math.PI / 180;

/** Julian centuries of Terrestrial-ish time since J2000.0 (UT is close enough here: ~1 minute off in 1900 moves the result by a millisecond). */
const centuriesSinceJ2000 = (epochMs: number) => (epochMs / 86_400_000 + 2_440_587.5 - 2_451_545) / 36_525;

/** The equation of time at an instant, in minutes (apparent minus mean solar time). */
export function equationOfTimeMinutes(epochMs: number): number {
  const t = centuriesSinceJ2000(epochMs);
  const l0 = (280.46646 + t * (36000.76983 + t * 0.0003032)) * DEG; // geometric mean longitude of the sun
  const m = (357.52911 + t * (35999.05029 - 0.0001537 * t)) * DEG; // mean anomaly
  const e = 0.016708634 - t * (0.000042037 + 0.0000001267 * t); // eccentricity of the earth's orbit
  const omega = (125.04 - 1934.136 * t) * DEG;
  const epsilon = (23 + (26 + (21.448 - t * (46.815 + t * (0.00059 - t * 0.001813))) / 60) / 60 + 0.00256 * Math.cos(omega)) * DEG; // obliquity, corrected
  const y = Math.tan(epsilon / 2) ** 2;
  const eot = y * Math.sin(2 * l0) - 2 * e * Math.sin(m) + 4 * e * y * Math.sin(m) * Math.cos(2 * l0) - 0.5 * y * y * Math.sin(4 * l0) - 1.25 * e * e * Math.sin(2 * m);
  return (4 * eot) / DEG;
}

export interface SolarTimeCorrection {
  /** Total correction to add to the standard time, minutes (one decimal). */
  correction_minutes: number;
  /** (longitude − the zone's meridian) × 4 minutes. */
  longitude_minutes: number;
  equation_of_time_minutes: number;
}

/**
 * The correction from standard time (offset `standardOffset` minutes east of UTC) to true solar time
 * at `longitude` at the instant `epochMs`.
 * @example solarTimeCorrection(Date.parse("1990-05-17T00:00Z"), 87.6, 480).longitude_minutes // −129.6 (Ürümqi on Beijing time)
 */
export function solarTimeCorrection(epochMs: number, longitude: number, standardOffset: number): SolarTimeCorrection {
  const longitudeMinutes = longitude * 4 - standardOffset;
  const eot = equationOfTimeMinutes(epochMs);
  const one = (x: number) => Math.round(x * 10) / 10;
  return { correction_minutes: one(longitudeMinutes + eot), longitude_minutes: one(longitudeMinutes), equation_of_time_minutes: one(eot) };
}
