/**
 * Wall-clock times in an IANA time zone, with the zone's history, through ICU (Intl): the offset in
 * force at an instant, the instant(s) a wall-clock time names — none in a spring-forward gap, two in
 * an autumn overlap — and the zone's standard offset on a date (summer time removed).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Minutes east of UTC in force in `zone` at `epochMs` (e.g. −240 for New York in July 1990). */
export function offsetMinutes(zone: string, epochMs: number): number {
  let f = formatters.get(zone);
  if (!f) formatters.set(zone, (f = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" })));
  const name = f.formatToParts(new Date(epochMs)).find((p) => p.type === "timeZoneName")!.value; // "GMT", "GMT+05:30"
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

/** A wall-clock time as fields (month 1–12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const HOUR_MS = 3_600_000;

/**
 * The instants (epoch ms, earliest first) at which `zone`'s clocks showed `wall`: one; none when the
 * clocks jumped over it; two when they showed it twice.
 */
export function instantsOf(zone: string, wall: WallClock): number[] {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // Any offset that could apply is in force within a day of the wall time read as UTC.
  const offsets = new Set([offsetMinutes(zone, asUtc - 24 * HOUR_MS), offsetMinutes(zone, asUtc), offsetMinutes(zone, asUtc + 24 * HOUR_MS)]);
  const found = new Set<number>();
  for (const o of offsets) {
    const instant = asUtc - o * 60_000;
    if (offsetMinutes(zone, instant) === o) found.add(instant);
  }
  return [...found].sort((a, b) => a - b);
}

/** The zone's standard offset in a year: the smaller of January's and July's (summer time only adds). */
export function standardOffsetMinutes(zone: string, year: number): number {
  return Math.min(offsetMinutes(zone, Date.UTC(year, 0, 15, 12)), offsetMinutes(zone, Date.UTC(year, 6, 15, 12)));
}

/** Wall-clock fields of an instant at a fixed offset. */
export function wallAt(epochMs: number, offset: number): WallClock {
  const d = new Date(epochMs + offset * 60_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}
