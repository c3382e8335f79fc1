/**
 * Re-derives the LiuYao tables from the classical rules by routes independent of the
 * construction in src/liuyao (寻世诀 for the world line, 认宫诀 for the palace, the
 * family rule for trigram bits, ascending/descending 纳支), so a wrong row is caught.
 */
import { describe, expect, test } from "bun:test";
import { BRANCHES, STEMS } from "../../../src/liuyao/ganzhi.ts";
import { HEXAGRAMS, cuoBits, huBits, hexagramByBits, zongBits } from "../../../src/liuyao/hexagrams.ts";
import { KING_WEN_SEQUENCE } from "../../../src/liuyao/king-wen.ts";
import { GENERATIONS } from "../../../src/liuyao/palaces.ts";
import { TRIGRAMS, TRIGRAM_NAMES, trigramByBits, type TrigramName } from "../../../src/liuyao/trigrams.ts";

const byName = (name: string) => {
  const h = HEXAGRAMS.find((x) => x.name === name);
  if (!h) throw new Error(`no ${name}`);
  return h;
};

describe("trigrams", () => {
  test("bits follow the family rule: sons have one yang line, daughters one yin line, placed by seniority", () => {
    const one = (c: string, pos: number) => [0, 1, 2].map((i) => (i === pos ? c : c === "1" ? "0" : "1")).join("");
    const rule: Record<TrigramName, string> = {
      乾: "111", 坤: "000",
      震: one("1", 0), 坎: one("1", 1), 艮: one("1", 2),
      巽: one("0", 0), 离: one("0", 1), 兑: one("0", 2),
    };
    for (const n of TRIGRAM_NAMES) expect(TRIGRAMS[n].bits).toBe(rule[n]);
  });

  test("elements: 乾兑金 坤艮土 震巽木 坎水 离火; images 天地雷风水火山泽", () => {
    const el = Object.fromEntries(TRIGRAM_NAMES.map((n) => [n, TRIGRAMS[n].element]));
    expect(el).toEqual({ 乾: "金", 兑: "金", 坤: "土", 艮: "土", 震: "木", 巽: "木", 坎: "水", 离: "火" });
    const img = TRIGRAM_NAMES.map((n) => n + TRIGRAMS[n].image).join(" ");
    expect(img).toBe("乾天 坎水 艮山 震雷 巽风 离火 坤地 兑泽");
  });

  test("纳支: yang trigrams ascend and yin trigrams descend by two; the outer trigram starts six branches on", () => {
    // Start branches of line 1: 乾震子, 坎寅, 艮辰 (yang, ascending); 坤未, 巽丑, 离卯, 兑巳 (yin, descending).
    const start: Record<TrigramName, string> = { 乾: "子", 震: "子", 坎: "寅", 艮: "辰", 坤: "未", 巽: "丑", 离: "卯", 兑: "巳" };
    for (const n of TRIGRAM_NAMES) {
      const t = TRIGRAMS[n];
      const yangCount = [...t.bits].filter((b) => b === "1").length;
      const step = yangCount % 2 === 1 ? 2 : -2; // yang trigrams have an odd number of yang lines
      const s = BRANCHES.indexOf(start[n] as (typeof BRANCHES)[number]);
      const at = (k: number) => BRANCHES[(((s + k * step) % 12) + 12) % 12];
      expect([...t.innerBranches]).toEqual([at(0), at(1), at(2)]);
      expect([...t.outerBranches]).toEqual([at(3), at(4), at(5)]);
    }
  });

  test("纳甲: yang trigrams take yang stems, yin trigrams yin stems; only 乾坤 take two (甲壬, 乙癸)", () => {
    for (const n of TRIGRAM_NAMES) {
      const t = TRIGRAMS[n];
      const yang = [...t.bits].filter((b) => b === "1").length % 2 === 1;
      for (const s of [t.innerStem, t.outerStem]) expect(STEMS.indexOf(s) % 2 === 0).toBe(yang);
      expect(t.innerStem !== t.outerStem).toBe(n === "乾" || n === "坤");
    }
    expect([TRIGRAMS.乾.innerStem, TRIGRAMS.乾.outerStem, TRIGRAMS.坤.innerStem, TRIGRAMS.坤.outerStem]).toEqual(["甲", "壬", "乙", "癸"]);
  });

  test("bits that are not a trigram are refused, not answered with nothing", () => {
    expect(trigramByBits("101").name).toBe("离");
    expect(() => trigramByBits("1010")).toThrow();
    expect(() => trigramByBits("12")).toThrow();
  });
});

describe("King Wen sequence", () => {
  test("64 distinct trigram pairs", () => {
    const bits = KING_WEN_SEQUENCE.map(([, u, l]) => TRIGRAMS[l].bits + TRIGRAMS[u].bits);
    expect(new Set(bits).size).toBe(64);
  });

  test("each odd/even pair is 综 of each other, or 错 when the hexagram is its own 综", () => {
    for (let k = 0; k < 64; k += 2) {
      const a = HEXAGRAMS[k].bits;
      const b = HEXAGRAMS[k + 1].bits;
      expect(b).toBe(zongBits(a) === a ? cuoBits(a) : zongBits(a));
    }
  });

  test("full names: upper image + lower image + short name, 乾为天 style for the pure eight", () => {
    expect(byName("天风姤").king_wen).toBe(44);
    expect(byName("乾为天").king_wen).toBe(1);
    expect(byName("水火既济").king_wen).toBe(63);
    expect(new Set(HEXAGRAMS.map((h) => h.name)).size).toBe(64);
  });
});

describe("palaces (京房八宫)", () => {
  test("8 palaces × 8 generations cover the 64 hexagrams once each", () => {
    for (const p of TRIGRAM_NAMES) {
      const members = HEXAGRAMS.filter((h) => h.palace === p);
      expect(members.map((h) => h.generation).sort()).toEqual([...GENERATIONS].sort());
      expect(members.every((h) => h.palace_element === TRIGRAMS[p].element)).toBe(true);
    }
  });

  test("寻世诀: 天同二世天变五, 地同四世地变初, 本宫六世三世异, 人同游魂人变归", () => {
    for (const h of HEXAGRAMS) {
      const same = (i: number) => h.bits[i] === h.bits[i + 3]; // 地 = lines 1/4, 人 = 2/5, 天 = 3/6
      const [di, ren, tian] = [same(0), same(1), same(2)];
      let expected: [string, number];
      if (di && ren && tian) expected = ["本宫", 6];
      else if (!di && !ren && !tian) expected = ["三世", 3];
      else if (tian && !di && !ren) expected = ["二世", 2];
      else if (!tian && di && ren) expected = ["五世", 5];
      else if (di && !ren && !tian) expected = ["四世", 4];
      else if (!di && ren && tian) expected = ["一世", 1];
      else if (ren && !di && !tian) expected = ["游魂", 4];
      else expected = ["归魂", 3]; // 人变, 天地同
      expect([h.name, h.generation, h.world]).toEqual([h.name, ...expected]);
      expect(Math.abs(h.world - h.response)).toBe(3);
    }
  });

  test("认宫诀: 一二三六外卦宫, 四五游魂内变更, 归魂内卦是本宫", () => {
    for (const h of HEXAGRAMS) {
      const inner = h.bits.slice(0, 3);
      let palace: TrigramName;
      if (["本宫", "一世", "二世", "三世"].includes(h.generation)) palace = h.upper;
      else if (h.generation === "归魂") palace = h.lower;
      else palace = trigramByBits(cuoBits(inner)).name;
      expect([h.name, h.palace]).toEqual([h.name, palace]);
    }
  });

  test("a few members checked by hand against 《增删卜易》's palace lists", () => {
    const list = (p: TrigramName) => GENERATIONS.map((g) => HEXAGRAMS.find((h) => h.palace === p && h.generation === g)!.short_name);
    expect(list("乾")).toEqual(["乾", "姤", "遁", "否", "观", "剥", "晋", "大有"]);
    expect(list("兑")).toEqual(["兑", "困", "萃", "咸", "蹇", "谦", "小过", "归妹"]);
    expect(list("离")).toEqual(["离", "旅", "鼎", "未济", "蒙", "涣", "讼", "同人"]);
  });
});

describe("derived hexagram attributes", () => {
  test("六冲卦 are the 8 pure hexagrams plus 无妄 and 大壮; 六合卦 are 否 泰 豫 复 困 节 贲 旅", () => {
    const chong = HEXAGRAMS.filter((h) => h.liuchong).map((h) => h.short_name).sort();
    expect(chong).toEqual(["乾", "坤", "震", "巽", "坎", "离", "艮", "兑", "无妄", "大壮"].sort());
    const he = HEXAGRAMS.filter((h) => h.liuhe).map((h) => h.short_name).sort();
    expect(he).toEqual(["否", "泰", "豫", "复", "困", "节", "贲", "旅"].sort());
  });

  test("伏神 appear exactly for the relatives the hexagram lacks, and sit under the same position", () => {
    for (const h of HEXAGRAMS) {
      const present = new Set(h.najia.map((l) => l.relative));
      expect(present.size + h.hidden.length).toBe(5);
      const pure = hexagramByBits(TRIGRAMS[h.palace].bits.repeat(2));
      for (const f of h.hidden) {
        expect(present.has(f.relative)).toBe(false);
        expect(pure.najia[f.position - 1].branch).toBe(f.branch);
        expect(h.najia[f.position - 1].branch).toBe(f.fei_branch);
      }
    }
  });

  test("卦身 of 天山遁: world 2 is yin, so count from 午 — 未, not on any line", () => {
    expect(byName("天山遁").gua_shen).toEqual({ branch: "未", positions: [] });
    // 坤为地: world 6 yin, 午→亥 at the 6th count; 亥 sits on line 5.
    expect(byName("坤为地").gua_shen).toEqual({ branch: "亥", positions: [5] });
  });

  test("互/错/综: 错 and 综 are involutions; repeated 互 ends in 乾 坤 既济 or 未济", () => {
    const ends = new Set(["乾为天", "坤为地", "水火既济", "火水未济"]);
    for (const h of HEXAGRAMS) {
      expect(cuoBits(cuoBits(h.bits))).toBe(h.bits);
      expect(zongBits(zongBits(h.bits))).toBe(h.bits);
      expect(ends.has(hexagramByBits(huBits(huBits(huBits(h.bits)))).name)).toBe(true);
      expect(h.hu.bits).toBe(huBits(h.bits));
    }
    expect(byName("水火既济").hu.name).toBe("火水未济");
  });

  test("bits that are not a hexagram are refused, not answered with nothing", () => {
    expect(hexagramByBits("100001").name).toBe("山雷颐"); // 震 below, 艮 above
    expect(() => hexagramByBits("11111")).toThrow();
    expect(() => hexagramByBits("1111111")).toThrow();
  });
});
