/**
 * Resolves a written birthplace ("杭州", "浙江省杭州市西湖区", "臺北", "三藩市", "New York, NY, USA",
 * "Vancouver BC") to a place with coordinates and a time zone, through the embedded gazetteer
 * (scripts/generate-gazetteer.ts: every Chinese province-level, prefecture-level and county-level
 * division, Hong Kong, Macau and Taiwan, and 7,300 world cities). Pure: the table is data.
 *
 * Chinese: folded to Simplified; a leading 中国 and province (浙江省, 浙江) are read as hints; then the
 * longest known name at the start, and a division named after it inside the same prefecture
 * (杭州市西湖区 → 西湖区, Hangzhou's) when one follows. Latin: comma- or space-separated parts, the first
 * that names a city, the rest as country or state hints. Where one name fits several places, the
 * hints decide, then the bigger place (a prefecture before a county before a district; world cities by
 * population).
 */
import { foldText } from "../text/language.ts";
import GAZETTEER from "./data/gazetteer.json" with { type: "json" };
import { type GazetteerData, type GazetteerRow, PLACE_LEVELS, type PlaceLevel } from "./gazetteer-data.ts";

export interface Place {
  /** The gazetteer's name: the full Chinese name for Chinese places, else the English one. */
  name: string;
  /** ISO 3166-1 alpha-2: CN, HK, MO, TW, US… */
  country: string;
  /** Province or state, when the gazetteer has it. */
  province: string | null;
  latitude: number;
  longitude: number;
  /** IANA zone; Asia/Shanghai for all of mainland China (birth records use Beijing time, Xinjiang included). */
  time_zone: string;
  level: PlaceLevel;
  /** The coordinates are the prefecture's (or its towns' mean), not the place's own. */
  approximate: boolean;
}

const ROWS = (GAZETTEER as GazetteerData).rows;
const HAN = /\p{Script=Han}/u;
/** Lookup key of a name: folded, without spaces or punctuation. */
const keyOf = (name: string) => foldText(name).replace(/[^\p{L}\p{N}]+/gu, "");

let index: Map<string, number[]> | null = null;

/** Build the name index now (~25 ms) instead of on the first chart with a birthplace. */
export function prepareGazetteer(): void {
  byName();
}

function byName(): Map<string, number[]> {
  if (index) return index;
  index = new Map();
  ROWS.forEach((row, i) => {
    for (const name of row[0].split("|")) {
      const key = keyOf(name);
      const list = index!.get(key);
      if (!list) index!.set(key, [i]);
      else if (!list.includes(i)) list.push(i);
    }
  });
  return index;
}

const PROVINCES = [...new Set(ROWS.filter((r) => r[2] === "CN").map((r) => r[1]))].filter(Boolean);
/** Province prefixes, full and short (浙江省, 浙江; 新疆维吾尔自治区, 新疆), longest first. */
const PROVINCE_PREFIXES = PROVINCES.flatMap((full) => [full, full.replace(/(?:省|市|壮族自治区|回族自治区|维吾尔自治区|自治区|特别行政区)$/, "")].map((p) => ({ prefix: keyOf(p), province: full }))).sort((a, b) => b.prefix.length - a.prefix.length);

const COUNTRY_HINTS: Readonly<Record<string, string>> = {
  usa: "US", us: "US", unitedstates: "US", america: "US", 美国: "US", canada: "CA", 加拿大: "CA", uk: "GB", unitedkingdom: "GB", england: "GB", britain: "GB", 英国: "GB",
  australia: "AU", 澳大利亚: "AU", 澳洲: "AU", newzealand: "NZ", 新西兰: "NZ", singapore: "SG", malaysia: "MY", 马来西亚: "MY", japan: "JP", 日本: "JP", korea: "KR", 韩国: "KR",
  france: "FR", 法国: "FR", germany: "DE", 德国: "DE", taiwan: "TW", 台湾: "TW", hongkong: "HK", 香港: "HK", macau: "MO", macao: "MO", 澳门: "MO", china: "CN", 中国: "CN", prc: "CN",
};

/** US states and Canadian provinces as people abbreviate them after a city ("Vancouver, WA"). */
const STATE_HINTS: Readonly<Record<string, string>> = {
  al: "alabama", ak: "alaska", az: "arizona", ar: "arkansas", ca: "california", co: "colorado", ct: "connecticut", de: "delaware", fl: "florida", ga: "georgia", hi: "hawaii",
  id: "idaho", il: "illinois", in: "indiana", ia: "iowa", ks: "kansas", ky: "kentucky", la: "louisiana", me: "maine", md: "maryland", ma: "massachusetts", mi: "michigan",
  mn: "minnesota", ms: "mississippi", mo: "missouri", mt: "montana", ne: "nebraska", nv: "nevada", nh: "newhampshire", nj: "newjersey", nm: "newmexico", ny: "newyork",
  nc: "northcarolina", nd: "northdakota", oh: "ohio", ok: "oklahoma", or: "oregon", pa: "pennsylvania", ri: "rhodeisland", sc: "southcarolina", sd: "southdakota", tn: "tennessee",
  tx: "texas", ut: "utah", vt: "vermont", va: "virginia", wa: "washington", wv: "westvirginia", wi: "wisconsin", wy: "wyoming", dc: "districtofcolumbia",
  bc: "britishcolumbia", ab: "alberta", on: "ontario", qc: "quebec", mb: "manitoba", sk: "saskatchewan", ns: "novascotia", nb: "newbrunswick",
};

function toPlace(i: number): Place {
  const [names, province, country, latitude, longitude, zone, level, approximate]: GazetteerRow = ROWS[i]!;
  return { name: names.split("|")[0]!, country, province: province || null, latitude, longitude, time_zone: zone, level: PLACE_LEVELS[level]!, approximate: approximate === 1 };
}

/** The best of several rows for a name: hints first, then the bigger place, then table order (population). */
function best(rows: readonly number[], hints: { province?: string; country?: string; prefecture?: string }): number | null {
  let candidates = [...rows];
  const keep = (f: (row: GazetteerRow) => boolean) => {
    const kept = candidates.filter((i) => f(ROWS[i]!));
    if (kept.length) candidates = kept;
  };
  if (hints.country) keep((r) => r[2] === hints.country);
  if (hints.province) keep((r) => r[1] === hints.province || keyOf(r[1]) === hints.province);
  candidates.sort((a, b) => ROWS[a]![6] - ROWS[b]![6] || a - b);
  return candidates[0] ?? null;
}

function resolveChinese(text: string): Place | null {
  let rest = keyOf(text).replace(/^中国|^中华人民共和国/, "");
  let province: string | undefined;
  const named = PROVINCE_PREFIXES.find((p) => rest.startsWith(p.prefix) && rest.length > p.prefix.length);
  if (named) {
    province = named.province;
    rest = rest.slice(named.prefix.length);
  }
  const names = byName();
  // The longest known name at the start ("杭州市西湖区" → 杭州市), then what follows it.
  for (let end = rest.length; end > 0; end--) {
    const rows = names.get(rest.slice(0, end));
    if (!rows) continue;
    const first = best(rows, { province });
    if (first === null) continue;
    const tail = rest.slice(end);
    if (tail) {
      const inner = names.get(tail);
      const sameProvince = inner && best(inner, { province: ROWS[first]![1] || province });
      if (sameProvince !== null && sameProvince !== undefined && ROWS[sameProvince]![1] === ROWS[first]![1]) return toPlace(sameProvince);
    }
    return toPlace(first);
  }
  // Only a province named: its capital is not assumed.
  return null;
}

function resolveLatin(text: string): Place | null {
  const parts = foldText(text).split(/\s*,\s*/).map((p) => p.trim()).filter(Boolean);
  const names = byName();
  const hints = parts.slice(1).map((p) => keyOf(p));
  const country = hints.map((h) => COUNTRY_HINTS[h]).find(Boolean);
  const stateOf = (h: string) => STATE_HINTS[h] ?? h;
  const province = hints.filter((h) => !COUNTRY_HINTS[h]).map(stateOf)[0];
  // "Vancouver BC" / "New York NY": the words from the left that name a city, the rest as a hint.
  const words = (parts[0] ?? "").split(/\s+/);
  for (let end = words.length; end > 0; end--) {
    const rows = names.get(keyOf(words.slice(0, end).join(" ")));
    if (!rows) continue;
    const extra = words.slice(end).map(keyOf).join("");
    const i = best(rows, { country: country ?? COUNTRY_HINTS[extra], province: province ?? (extra ? stateOf(extra) : undefined) });
    if (i !== null) return toPlace(i);
  }
  return null;
}

/**
 * The place a birthplace text names, or null when the gazetteer does not know it.
 * @example resolvePlace("浙江杭州")?.longitude // 120.1614
 * @example resolvePlace("New York, USA")?.time_zone // "America/New_York"
 */
export function resolvePlace(text: string): Place | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return HAN.test(trimmed) ? resolveChinese(trimmed) : resolveLatin(trimmed);
}
