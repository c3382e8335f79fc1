/** Questions about a life rather than a matter: a year's cautions, later life, how many children, a name. */
import { expect, test } from "bun:test";
import { explainBazi } from "../../../src/responses/local/bazi.ts";
import { baziFacts } from "../../../src/responses/facts/index.ts";
import { computeChart, validateBirth } from "../../../src/bazi/index.ts";
import { json } from "../../helpers/stored-json.ts";

const v = validateBirth({ year: 1949, month: 10, day: 1, hour: 15, gender: "男" });
if (!v.ok) throw new Error("invalid birth");
// 己丑 癸酉 甲子 壬申, a weak 甲 whose favourable elements are water and wood; luck pillars from 壬申 (1957).
const CHART = baziFacts("bzc_t", json(computeChart(v.birth))).data;
const NOW = Date.parse("2025-06-15T10:00:00Z");
const ask = (input: string, lang: "zh" | "en" = "zh", chart = CHART) => explainBazi(chart, input, lang, NOW).focus.join("\n");

function chartOf(year: number, month: number, gender: "男" | "女") {
  const birth = validateBirth({ year, month, day: 10, hour: 8, gender });
  if (!birth.ok) throw new Error("invalid birth");
  return baziFacts("bzc_t", json(computeChart(birth.birth))).data;
}
// 癸巳 癸亥 乙丑 庚辰, a woman: favourable fire, earth and metal; luck pillars forward from 甲子 at 10 (nominal), so 壬申 starts at 90.
const FIRE_EARTH_METAL = chartOf(1953, 11, "女");
// 庚寅 癸未 丙午 壬辰, a man: favourable wood and fire; luck pillars forward from 甲申 at 11, so 戊子 runs 51–60.
const WOOD_FIRE = chartOf(1950, 7, "男");

test("a year's cautions: its clashes, punishments, harms and breaks by the palace they touch, then its elements", () => {
  // 乙巳 meets the hour branch 申 in 巳申相刑 and 申巳破 (its 巳申合 and 巳酉丑 are combinations, not warnings).
  expect(ask("今年要注意什么")).toBe("2025年流年乙巳，要注意的，传统上看流年与原局的冲、刑、害、破：时柱逢巳申相刑、申巳破，应在子女与晚辈、下属。这些是多变动、多摩擦的地方，遇事多沟通、多留余地。五行上，乙巳：天干木为喜用，地支火为忌，吉凶参半，顺中有阻，宜稳中求进。");
  // 丙午: 丑午害 on the year branch, 子午冲 on the day branch.
  expect(ask("明年要小心什么")).toContain("年柱逢丑午害，应在长辈与家里的事；日柱逢子午冲，应在你自己与伴侣，身体与感情。");
  expect(ask("明年要小心什么")).toContain("丙午：天干火为忌，地支火为忌，整体偏逆");
  // 丁未: a palace met twice is said once.
  expect(ask("What should I watch out for in 2027?", "en")).toBe("For 2027, a 丁未 year, tradition looks for what to watch in the clashes, punishments, harms and breaks its pillar meets in your chart: 丑未冲 and 丑未相刑 on your year pillar, touching elders and family matters; 子未害 on your day pillar, touching yourself and your partner: health and love. These are where change and friction come; talk things through and leave room. By its elements, 丁未: its stem is fire, unfavorable; its branch is earth, unfavorable, so it is on the whole unfavorable (traditionally a time to hold rather than push).");
  expect(ask("2032年要注意什么", "en")).toContain("子酉破 on your month pillar, touching parents, siblings and your work");
  expect(ask("what to avoid in 2025?", "en")).toContain("巳申相刑 and 申巳破 on your hour pillar, touching children, juniors and those who work under you");
  for (const q of ["今年注意啲咩", "2027年有什么要提防的", "what are the pitfalls this year?", "any pitfall next year?", "anything to be careful about next year?"]) expect(ask(q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(?:20\d\d年流年.{2}，要注意的|For 20\d\d, a)/);
});

test("a year with no clash, punishment, harm or break says so; self-punishment and breaks count", () => {
  // 戊申 meets 子 in 申子半合 and nothing else; 癸丑 meets 子 in 子丑合 and 酉 in 酉丑半合.
  expect(ask("2028年要注意什么")).toBe("2028年流年戊申，要注意的，传统上看流年与原局的冲、刑、害、破：这一年与原局没有冲刑害破，少有这类变动与摩擦。五行上，戊申：天干土为忌，地支金为忌，整体偏逆，传统上宜守不宜攻。");
  expect(ask("what should I watch out for in 2033?", "en")).toContain("this year meets none of them in your chart, so little change or friction of that kind. By its elements, 癸丑");
  // 己酉: 酉酉自刑 with the month, 子酉破 with the day; 庚戌: 丑戌相刑, 酉戌害; 辛亥: 申亥害.
  expect(ask("2029年要注意什么")).toContain("月柱逢酉酉自刑，应在父母兄弟与工作环境；日柱逢子酉破，应在你自己与伴侣，身体与感情。");
  expect(ask("2030年要注意什么")).toContain("年柱逢丑戌相刑，应在长辈与家里的事；月柱逢酉戌害");
  expect(ask("2031年要注意什么")).toContain("时柱逢申亥害");
});

test("a matter named or the months asked keep their own reading, not the cautions", () => {
  expect(ask("今年感情上要注意什么")).not.toContain("要注意的，传统上看流年");
  expect(ask("今年哪几个月要注意")).not.toContain("要注意的，传统上看流年");
  expect(ask("大运要注意什么")).not.toContain("要注意的，传统上看流年");
});

test("later life: the hour pillar's verdict, then each luck pillar from sixty through the eighties in a word", () => {
  // 丁卯 runs 2007–2016, ages 59–68 (nominal); 甲子 starts at 89; 癸亥 at 99 is past the eighties.
  expect(ask("我晚年怎么样")).toBe("晚年，传统上一看时柱（子女与晚年之宫）：壬申：天干水为喜用，地支金为忌，吉凶参半，顺中有阻，宜稳中求进。再看六十岁前后起所行的大运：59岁起丁卯（参半），69岁起丙寅（参半），79岁起乙丑（参半），89岁起甲子（偏顺）。晚景如何，身体、积蓄和身边的人同样要紧，这些都在自己手里。");
  expect(ask("What will my old age be like?", "en")).toContain("Then the luck pillars from about sixty: 丁卯 from 59 (mixed), 丙寅 from 69 (mixed), 乙丑 from 79 (mixed), 甲子 from 89 (favorable).");
  for (const q of ["退休后过得好吗", "老了以后怎么样", "how will my retirement go?", "what about my later years?"]) expect(ask(q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(?:晚年，传统上一看时柱|Tradition reads later life)/);
  // A step ending at sixty is later life; one starting at ninety is not.
  expect(ask("我晚年怎么样", "zh", WOOD_FIRE)).toContain("再看六十岁前后起所行的大运：51岁起戊子（偏逆），61岁起己丑（偏逆），71岁起庚寅（参半），81岁起辛卯（参半）。");
  expect(ask("what about my old age?", "en", WOOD_FIRE)).toContain("戊子 from 51 (unfavorable), 己丑 from 61 (unfavorable)");
  expect(ask("what about my old age?", "en", FIRE_EARTH_METAL)).toContain("己巳 from 60 (favorable)");
  expect(ask("我晚年怎么样", "zh", FIRE_EARTH_METAL)).toBe("晚年，传统上一看时柱（子女与晚年之宫）：庚辰：天干金为喜用，地支土为喜用，整体偏顺，传统上是可以多争取的时候。再看六十岁前后起所行的大运：60岁起己巳（偏顺），70岁起庚午（偏顺），80岁起辛未（偏顺）。晚景如何，身体、积蓄和身边的人同样要紧，这些都在自己手里。");
  // Another pillar named beside later life keeps its paragraph; two pillars at most.
  expect(ask("我的年柱和晚年")).toContain("你的年柱是己丑");
  expect(ask("我的年柱和晚年")).toContain("晚年，传统上一看时柱");
  expect(ask("年柱、月柱、日柱分别代表什么")).not.toContain("你的日柱是");
  // Asked with later life, the hour pillar's own paragraph gives way to the later-life reading.
  expect(ask("我的时柱和晚年")).toStartWith("晚年，传统上一看时柱");
  expect(ask("我的时柱和晚年")).not.toContain("你的时柱是");
  // The hour pillar asked by its name keeps its own paragraph.
  expect(ask("我的时柱是什么")).toContain("你的时柱是壬申");
  expect(ask("我的时柱是什么")).not.toContain("晚年，传统上");
  expect(ask("so what is my hour pillar?", "en")).toStartWith("Your hour pillar is 壬申;");
});

test("a count of children is not read; the children's star follows", () => {
  expect(ask("我有几个孩子")).toMatch(/^孩子的个数，旧书里有按子女星和时柱推算的说法，但并不可靠，这里不推算；能说的是盘中的子女星和时柱。\n这类问题传统上看官杀/);
  expect(ask("so, how many kids will I have?", "en")).toMatch(/^How many children is not something this reading counts/);
  expect(ask("我能生几胎")).toContain("这里不推算");
  expect(ask("我和孩子的关系怎么样")).not.toContain("这里不推算");
});

test("a name: not part of the chart; naming practice takes the favourable elements' radicals", () => {
  expect(ask("我想改名")).toBe("名字不在八字之内，改名不会改变命盘。传统的起名（姓名学）以命盘的喜用五行为准，选五行属喜用的字；常见的做法按偏旁归五行。本盘喜用水、木：水可取三点水、雨字头、两点水的字；木可取木字旁、草字头、禾字旁的字。各派说法不一（也有按笔画算的），好听、好写、寓意好同样要紧；改不改名，是你自己的选择。");
  expect(ask("Should I change my name?", "en")).toBe("A name is not part of the chart, and changing it changes nothing in it. Traditional naming (姓名学) picks characters whose element is among the chart's favourable ones, commonly by their radical. Yours are water and wood: for water, characters with the water or rain radical; for wood, characters with the tree, grass or grain radical. Schools differ (some count strokes), and a name that sounds good, writes easily and means well matters as much; whether to change it is your choice.");
  expect(ask("我想改名", "zh", FIRE_EARTH_METAL)).toContain("本盘喜用火、土、金：火可取火字旁、四点底、日字旁的字；土可取土字旁、山字旁、石字旁的字；金可取金字旁、王（玉）字旁的字。");
  expect(ask("Should I change my name?", "en", FIRE_EARTH_METAL)).toContain("Yours are fire, earth and metal: for fire, characters with the fire or sun radical; for earth, characters with the earth, mountain or stone radical; for metal, characters with the metal or jade radical.");
  for (const q of ["can I change name?", "should I change my last name after the wedding?", "what does my name say?", "should we change our name?", "help me name my shop", "a good name for the baby", "what about the baby's name?", "what about naming a company?"]) expect(ask(q, "en")).toMatch(/^A name is not part of the chart/);
  expect(ask("name the five elements of my chart", "en")).not.toMatch(/^A name is not part of the chart/);
  // A child's name goes by the child's own chart, and asks nothing of the year's cautions.
  expect(ask("给宝宝起名要注意什么")).toContain("给孩子起名，看的是孩子自己的八字；如果这就是孩子的命盘，起名（姓名学）");
  expect(ask("给宝宝起名要注意什么")).toContain("好听、好写、寓意好同样要紧；起什么名，由你们决定。");
  expect(ask("给宝宝起名要注意什么")).not.toContain("流年");
  expect(ask("naming our baby, any advice?", "en")).toContain("A name is not part of the chart, and changing it changes nothing in it. A child's name goes by the child's own chart; if this chart is the child's, naming (姓名学) picks");
  expect(ask("naming our baby, any advice?", "en")).toContain("the name is yours to choose.");
  expect(ask("我的名字好不好")).toMatch(/^名字不在八字之内/);
  expect(ask("我的八字怎么样")).not.toContain("名字");
});

test("'我是什么命' is the folk name of the year's 纳音; 命格 is the structure, 命运 neither", () => {
  // 己丑 is 霹雳火 (戊子己丑霹雳火).
  expect(ask("我是什么命")).toBe("你四柱的纳音：年柱己丑为霹雳火，月柱癸酉为剑锋金，日柱甲子为海中金，时柱壬申为剑锋金。传统上以年柱纳音论“命”，所以你是霹雳火命；纳音是辅助的象，断命仍以五行与十神为主。");
  for (const q of ["我係咩命", "我係乜命", "我係乜嘢命", "我是啥命啊", "我是火命吗"]) expect(ask(q)).toStartWith("你四柱的纳音");
  expect(ask("what element am I?", "en")).toStartWith("Your pillars' 纳音: year 己丑: 霹雳火;");
  expect(ask("my birth element?", "en")).toStartWith("Your pillars' 纳音");
  expect(ask("我是什么命格")).toStartWith("格局传统上以月令取格");
  expect(ask("我是什么命格")).not.toContain("纳音：");
  expect(ask("我的命运如何")).not.toContain("纳音：");
  expect(ask("我是什么命宫")).not.toContain("纳音：");
});

test("loneliness is read from 孤辰 and 寡宿, said first to be a reminder, not a fate", () => {
  // A 丑 year: 孤辰 at 寅, 寡宿 at 戌 (亥子丑 → 寅, 戌); neither branch is in 己丑 癸酉 甲子 壬申.
  expect(ask("我会孤独终老吗")).toBe("会不会孤独，传统上看孤辰、寡宿二星：它们主独立、清冷，是提醒多经营人际与感情，不是注定孤独。\n你的盘中没有孤辰；传统上流年地支逢寅时引动它，从今年起的12年里是2034年甲寅。你的盘中没有寡宿；传统上流年地支逢戌时引动它，从今年起的12年里是2030年庚戌。神煞是传统的辅助星，各家查法不尽相同；断命仍以五行与十神为主。");
  expect(ask("Am I going to be lonely?", "en")).toStartWith("Tradition reads loneliness from two stars, 孤辰 and 寡宿, of independence and reserve: a reminder to tend one's ties, not a fate of being alone.\nYour chart does not carry 孤辰;");
  for (const q of ["我好孤单", "寂寞怎么办", "孤家寡人一个", "will I die alone?", "loneliness", "am I lonesome by fate", "will I be alone forever", "is it my fate to be alone"]) expect(ask(q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(会不会孤独|Tradition reads loneliness)/);
  // Named by itself, a star needs no note on loneliness; named with it, it is said once.
  expect(ask("我有孤辰吗")).not.toContain("会不会孤独");
  expect(ask("孤辰会让我孤独吗").match(/你的盘中没有孤辰/g)).toHaveLength(1);
});

test("the months of the year asked about: next year's, a year named, this year's by default", () => {
  // 2026 丙午 starts from 庚寅 (丙辛之岁庚寅首); 2027 丁未 from 壬寅 (丁壬壬寅顺水流).
  expect(ask("Which months of next year are best for me?", "en")).toStartWith("The months of 2026 (流月, each from its solar term, the first from 立春): month 1 庚寅");
  expect(ask("Which months of next year are best for me?", "en")).toContain("No month of 2026 has both its stem and branch favorable.");
  expect(ask("2027年哪几个月好")).toContain("2027年的流月（每月从节气算起，正月自立春）：正月壬寅");
  expect(ask("明年哪个月最好")).toContain("2026年的流月");
  expect(ask("哪几个月比较顺")).toContain("2025年的流月");
});

test("numbers beside colours are lucky numbers; 数字化 is a trade, not a number", () => {
  expect(ask("What are my lucky colors and numbers?", "en")).toStartWith("Traditionally numbers follow the River Chart's pairing");
  expect(ask("What are my lucky colors and numbers?", "en")).toContain("Traditionally each element has its colours and direction.");
  expect(ask("我的幸运色和数字")).toContain("传统上数字按河图配五行");
  expect(ask("手机号码选什么好")).toContain("传统上数字按河图配五行");
  expect(ask("我适合做数字化行业吗")).not.toContain("河图");
});

test("peach-blossom, love or romance luck is the star or the matter, not fortune in general", () => {
  for (const q of ["Do I have peach blossom luck?", "how is my love luck?", "my romance luck this year?"]) expect(ask(q, "en")).not.toContain("The luck pillars run");
  expect(ask("Do I have peach blossom luck?", "en")).toMatch(/^(?:Your chart does not carry 桃花|In your chart 桃花)/);
  expect(ask("how is my luck?", "en")).toContain("The luck pillars run");
});

test("success in life, of no matter, is read as the whole chart; a matter's success is that matter's", () => {
  for (const q of ["我会成功吗", "我这辈子能不能成功", "我有没有出息", "will I be successful?", "will I ever become successful", "will I succeed?", "will I make it big?", "am I going to make it?", "我能成功吗", "so will I succeed?", "will I make it?"]) expect(ask(q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(传统上八字不论绝对的好坏|Tradition grades no chart good or bad)/);
  expect(ask("创业会成功吗")).not.toContain("传统上八字不论绝对的好坏");
});

test("one's biggest strength is temperament, not the day master's strength", () => {
  expect(ask("my greatest weakness?", "en")).toStartWith("On weaknesses, tradition reads the day master first");
  for (const q of ["What is my biggest strength?", "my greatest strength", "what are my strong points", "what am I good at?", "my good qualities", "my real strength?", "my strong point"]) {
    const text = ask(q, "en");
    expect({ q, self: text.startsWith("Temperament is read first from the day master"), graded: text.includes("Graded, the day master scores") }).toEqual({ q, self: true, graded: false });
  }
  expect(ask("how strong is my day master?", "en")).toContain("Graded, the day master scores");
});

test("'then' or '那一年' is the year the conversation was just about", () => {
  const later = (input: string, asked: string[], lang: "zh" | "en" = "zh") => explainBazi(CHART, input, lang, NOW, asked).focus.join("\n");
  expect(later("what should I watch out for then?", ["How is my career this year?", "and next year?"], "en")).toStartWith("For 2026, a 丙午 year");
  expect(later("那一年要注意什么", ["2028年运势如何"])).toStartWith("2028年流年戊申，要注意的");
  expect(later("那时候要小心什么", ["我的事业怎么样", "2030年呢", "那我的感情呢"])).toStartWith("2030年流年庚戌，要注意的");
  // Nothing named before: this year; a year named now wins.
  expect(later("那时候要注意什么", ["我的事业怎么样"])).toStartWith("2025年流年乙巳，要注意的");
  expect(later("what to watch out for then, in 2029?", ["and next year?"], "en")).toStartWith("For 2029, a 己酉 year");
  expect(later("那一年要注意什么", ["帮我看看1999年"])).toStartWith("1999年流年己卯，要注意的");
  // Not pointed back to: this year, whatever was asked before.
  expect(later("要注意什么", ["2028年运势如何"])).toStartWith("2025年流年乙巳，要注意的");
  // Only the last few questions are looked back on.
  expect(later("那一年要注意什么", ["2030年呢", "事业呢", "财运呢", "感情呢"])).toStartWith("2025年流年乙巳");
  // "That year's" 太岁 too.
  expect(later("那年犯太岁吗", ["2027年运势如何"])).toContain("2027");
});

test("a floor to live on is read by its last digit, as the lucky numbers are", () => {
  expect(ask("我适合住几楼")).toBe("楼层，民间按楼号的尾数论五行。传统上数字按河图配五行（一六水、二七火、三八木、四九金、五十土），取喜用五行的数字。本盘喜用水、木：水对应1和6；木对应3和8。这只是象征性的对应，不会带来运气上的保证。");
  expect(ask("which floor should I live on?", "en")).toStartWith("Folk practice reads a floor by its last digit. Traditionally numbers follow the River Chart's pairing");
  for (const q of ["买几层好", "住哪一层", "住哪层好", "楼层怎么选", "what floor is lucky for me", "so which floor then"]) expect(ask(q, /[a-z]/.test(q) ? "en" : "zh")).toMatch(/^(楼层，民间按楼号的尾数论五行|Folk practice reads a floor)/);
  expect(ask("我的幸运数字")).toStartWith("传统上数字按河图配五行");
});

test("a good month asked in English is the months of the year", () => {
  for (const q of ["What's a good month to start a business?", "the best months for me?", "any lucky month this year?", "an auspicious month to move", "the month of the year to travel?"]) expect(ask(q, "en")).toContain("The months of 2025 (流月");
});
