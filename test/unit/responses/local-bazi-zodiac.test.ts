/** The folk zodiac matching asked of a chart: the asker's animal from the year branch, the other named. */
import { expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { animalsNamed } from "../../../src/responses/local/bazi-zodiac.ts";
import { baziFacts } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

const v = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
if (!v.ok) throw new Error("invalid birth");
// 己丑 癸酉 甲子 壬申: an Ox.
const OX = baziFacts("bzc_t", json(computeChart(v.birth))).data;
const NOW = Date.parse("2025-06-15T10:00:00Z");
const ask = (input: string, lang: "zh" | "en" = "zh") => explainBazi(OX, input, lang, NOW).focus.join("\n");

test("the animals a question names, as signs: 属马, 马年, the year of the horse, a rabbit", () => {
  expect(animalsNamed("我属牛，他属蛇")).toEqual([1, 5]);
  expect(animalsNamed("马年出生的人")).toEqual([6]);
  expect(animalsNamed("someone born in the year of the Rabbit, or a pig")).toEqual([3, 11]);
  expect(animalsNamed("我們屬雞和屬狗")).toEqual([9, 10]);
  expect(animalsNamed("我们马上要结婚了")).toEqual([]);
  expect(animalsNamed("is a sheep or a rooster better?")).toEqual([7, 9]);
});

test("the two year branches and the folk verdict, then that two whole charts are what tradition compares", () => {
  expect(ask("我跟属马的人合得来吗")).toContain("你属牛（年支丑），属马的人年支是午：丑午害。民间的生肖配对以六合、三合为合，六冲、六害为不合，刑、破为小有摩擦；按这个说法，属牛与属马算不太合的一对。");
  expect(ask("我跟属马的人合得来吗")).toContain("合婚要把两个人的八字放在一起看");
  // A shorter "合吗" beside an animal asks the same; the asker's own animal said again is passed over.
  expect(ask("我老公属龙，我们合吗")).toContain("属龙的人年支是辰：辰丑破。");
  expect(ask("我老公属龙，我们合吗")).toContain("小有摩擦，谈不上不合");
  expect(ask("我属牛，他属蛇，我们配吗")).toContain("巳酉丑三合金局。");
  expect(ask("我属牛，他属蛇，我们配吗")).toContain("算相合的一对");
  expect(ask("Am I compatible with someone born in the year of the rabbit?", "en")).toContain("You are an Ox (year branch 丑); someone born in a Rabbit year has 卯: the two branches neither combine, clash, punish, harm nor break.");
  expect(ask("Am I compatible with someone born in the year of the rabbit?", "en")).toContain("Ox and Rabbit are neither a good nor a poor match.");
  expect(ask("is an ox a good match for me?", "en")).toContain("someone born in an Ox year has the same branch: the same branch twice, neither combining nor clashing");
  expect(ask("属牛的和我合不合")).toContain("属牛的人和你同一个年支：同支相见，不合不冲。");
  expect(ask("Would a horse match me?", "en")).toContain("someone born in a Horse year has 午: 丑午害.");
  expect(ask("Would a horse match me?", "en")).toContain("Ox and Horse are a poor match.");
});

test("each verdict in each language, and several relations of one pair", () => {
  expect(ask("Am I a good match with a snake?", "en")).toContain("Ox and Snake are a good match.");
  expect(ask("我和属兔的人合不合")).toContain("属兔的人年支是卯：两支之间没有合、冲、刑、害、破。");
  expect(ask("我和属兔的人合不合")).toContain("属牛与属兔无所谓合与不合。");
  expect(ask("我和属羊的人合得来吗")).toContain("属羊的人年支是未：丑未冲、丑未相刑。");
  expect(ask("Would a goat suit me?", "en")).toContain("someone born in a Goat year has 未: 丑未冲 and 丑未相刑.");
  expect(ask("Would a dog suit me?", "en")).toContain("Ox and Dog are some friction, not a poor match.");
});

test("no animal named: the general answer, which needs two charts", () => {
  expect(ask("do we get along with each other?", "en")).toContain("Tradition reads whether two people suit each other (合婚)");
  expect(ask("我属牛吗")).not.toContain("合婚");
  expect(ask("我们马上要结婚了，合不合")).toContain("传统上看两个人合不合（合婚）");
  expect(ask("我们马上要结婚了，合不合")).not.toContain("生肖配对");
  // An animal without a question of matching is not matched.
  expect(ask("我属牛吗")).not.toContain("生肖配对");
});

test("the best matches, none named: the good and the poor verdicts' animals; the asker's animal said once", () => {
  // 丑: 六合 子 (Rat), 三合 巳酉丑 (Snake, Rooster); 丑未冲 (Goat), 丑午害 (Horse).
  expect(ask("我和什么属相最配")).toBe("你属牛（年支丑）。按民间的生肖配对（六合、三合为合，六冲、六害为不合），与属鼠、属蛇、属鸡的人相合，与属马、属羊的人不太合，其余的小有摩擦或无所谓合与不合。不过生肖只看年支，是合婚里最粗的一层；两个人合不合，要把两个人的八字放在一起看，更要在相处中见分晓。");
  expect(ask("which zodiac signs are most compatible with me?", "en")).toBe("You are an Ox (year branch 丑). By the folk zodiac matching (a six or three combination is a good match, a clash or a harm a poor one), the Rat, Snake and Rooster suit you, the Horse and Goat less so, and the rest are some friction or neither. The zodiac reads only the year branches, the coarsest layer of matching; whether two people suit each other takes both whole charts side by side, and living it.");
  for (const q of ["属什么的和我合", "哪些生肖跟我合得来", "咩属相同我最夾", "what animal suits me?", "which zodiac is best for me", "my best zodiac matches", "what signs go with me"]) expect(ask(q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(你属牛（年支丑）。按民间的生肖配对|You are an Ox \(year branch 丑\)\. By the folk)/);
  for (const q of ["what sign suits me", "which animals suit me", "what sign matches me", "which animals match me", "best match for me?", "my best zodiac match", "most compatible sign", "most compatible zodiac animals", "what zodiac is for me"]) expect(ask(q, "en")).toStartWith("You are an Ox (year branch 丑). By the folk");
  // A Tiger: 亥 (六合), 午 and 戌 (三合); 申 (冲), 巳 (害).
  const tiger = validateBirth({ year: 1950, month: 7, day: 10, hour: 8, gender: "男" });
  if (!tiger.ok) throw new Error("invalid birth");
  const TIGER = baziFacts("bzc_t", json(computeChart(tiger.birth))).data;
  expect(explainBazi(TIGER, "which zodiac signs match me best?", "en", NOW).focus.join("\n")).toStartWith("You are a Tiger (year branch 寅). By the folk zodiac matching (a six or three combination is a good match, a clash or a harm a poor one), the Horse, Dog and Pig suit you, the Snake and Monkey less so");
  // Asked only what one is, the animal and the 立春 rule.
  expect(ask("我属什么")).toStartWith("你属牛：生肖看年柱的地支（丑）");
  // An animal named is matched alone.
  expect(ask("我和属马的合不合，什么属相最配")).toStartWith("你属牛（年支丑），属马的人年支是午");
});
