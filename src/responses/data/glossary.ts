/**
 * Short explanations of the terms a chart or a cast shows, for "what does 七杀 mean?": what the term
 * names in the tradition, in plain words, Simplified Chinese and English. Data, checked by a test
 * (every entry has both texts; every term is found in its own question).
 */
export interface GlossaryEntry {
  /** The term as written (Simplified); Traditional input is folded to it. */
  term: string;
  /** English names people ask with. */
  en: readonly string[];
  /** Other Chinese names people ask with (贵人 for 天乙贵人), found anywhere in the folded question. */
  aliases?: readonly string[];
  /** Explained only of a cast: the six relatives and a line's changes (父母, 兄弟 are everyday words of a chart's questions). */
  castOnly?: true;
  zh: string;
  text: string;
}

export const GLOSSARY: readonly GlossaryEntry[] = [
  { term: "比肩", en: ["companion"], zh: "比肩：与日主五行相同、阴阳相同的十神，代表同辈、朋友、自我与竞争。", text: "比肩 (companion): the ten god of the day master's own element and polarity — peers, friends, self-reliance and competition." },
  { term: "劫财", en: ["rob wealth"], zh: "劫财：与日主五行相同、阴阳相反的十神，代表同辈中的争夺、冲劲与花费。", text: "劫财 (rob wealth): the day master's own element of the other polarity — rivalry among peers, drive, and spending." },
  { term: "食神", en: ["eating god"], zh: "食神：日主所生、阴阳相同的十神，代表才艺、表达、享受与子女（女命）。", text: "食神 (eating god): the element the day master generates, same polarity — talent, expression, enjoyment, and children in a woman's chart." },
  { term: "伤官", en: ["hurting officer"], zh: "伤官：日主所生、阴阳相反的十神，代表聪明外露、创新与对约束的反叛。", text: "伤官 (hurting officer): the element the day master generates, other polarity — brilliance shown, innovation, and pushing against rules." },
  { term: "偏财", en: ["indirect wealth"], zh: "偏财：日主所克、阴阳相同的十神，代表流动之财、机会与父亲（传统说法）。", text: "偏财 (indirect wealth): the element the day master controls, same polarity — windfall and moving money, opportunity, and traditionally the father." },
  { term: "正财", en: ["direct wealth"], zh: "正财：日主所克、阴阳相反的十神，代表稳定收入、务实，男命也代表妻子。", text: "正财 (direct wealth): the element the day master controls, other polarity — steady income, practicality, and a wife in a man's chart." },
  { term: "七杀", en: ["seven killings", "seven killing", "qi sha"], zh: "七杀（偏官）：克日主、阴阳相同的十神，代表压力、魄力、挑战与权威；有制化时化为担当。", text: "七杀 (seven killings, also 偏官): the element controlling the day master, same polarity — pressure, boldness, challenge and authority; tempered, it becomes the strength to take charge." },
  { term: "正官", en: ["direct officer"], zh: "正官：克日主、阴阳相反的十神，代表规则、职位、名誉与自律，女命也代表丈夫。", text: "正官 (direct officer): the element controlling the day master, other polarity — rules, position, reputation and self-discipline, and a husband in a woman's chart." },
  { term: "偏印", en: ["indirect resource"], zh: "偏印（枭神）：生日主、阴阳相同的十神，代表偏门学问、灵感与独处。", text: "偏印 (indirect resource, also 枭神): the element generating the day master, same polarity — unusual learning, intuition and solitude." },
  { term: "正印", en: ["direct resource"], zh: "正印：生日主、阴阳相反的十神，代表学业、文书、庇护与母亲。", text: "正印 (direct resource): the element generating the day master, other polarity — study, documents, protection and the mother." },
  { term: "用神", en: ["useful god"], zh: "用神：六爻中所问之事所看的那一类六亲（问工作看官鬼、问钱看妻财等）；八字中则指平衡命局最需要的五行。", text: "用神 (useful god): in LiuYao, the relative a matter is read from (官鬼 for a job, 妻财 for money…); in BaZi, the element the chart most needs for balance." },
  { term: "原神", en: ["source god"], zh: "原神：生用神的那一类六亲，旺则用神有根。", text: "原神 (source): the relative that generates the useful god; when strong, the useful god has support." },
  { term: "忌神", en: ["adversary god", "taboo god"], zh: "忌神：克用神的那一类六亲；八字中指对命局不利的五行。", text: "忌神 (adversary): the relative that controls the useful god; in BaZi, the elements unfavourable to the chart." },
  { term: "仇神", en: ["enemy god"], zh: "仇神：克原神、生忌神的那一类六亲。", text: "仇神 (enemy): the relative that controls the source and feeds the adversary." },
  { term: "大运", en: ["luck pillar", "decade luck"], zh: "大运：从月柱推出的每十年一步的运程，看它的五行是否为喜用。", text: "大运 (luck pillar): ten-year periods stepped from the month pillar; each is read by whether its elements are favourable." },
  { term: "流年", en: ["annual pillar", "year pillar"], zh: "流年：每一年的干支，与命局相互作用（冲、合、刑、害），决定当年的起伏。", text: "流年 (annual pillar): each year's stem and branch, read by how it meets the chart (clashes, combinations, punishments, harms)." },
  { term: "空亡", en: ["void", "emptiness"], zh: "空亡（旬空）：日柱所在旬缺少的两个地支；落在空亡的柱或爻，传统上说暂时落空或时机未到。", text: "空亡 (void, 旬空): the two branches missing from the day pillar's ten-day week; a pillar or line on them is traditionally 'not yet in place'." },
  { term: "月破", en: ["month break"], zh: "月破：与月建相冲的爻，力量受损，待填实之时才有作用。", text: "月破 (month break): a line clashing the month's branch — weakened until its own branch comes to fill it." },
  { term: "动爻", en: ["moving line", "changing line"], zh: "动爻：摇出老阴、老阳而变化的爻，是事情转变的关键。", text: "动爻 (moving line): an old yin or old yang line that changes — where the matter turns." },
  { term: "世爻", en: ["world line"], zh: "世爻：代表问卦的人自己。", text: "世爻 (world line): the line that stands for the person asking." },
  { term: "应爻", en: ["response line"], zh: "应爻：代表对方、对手或所问之事。", text: "应爻 (response line): the line for the other side, the counterpart, or the matter asked about." },
  { term: "伏神", en: ["hidden spirit"], zh: "伏神：卦中不见的六亲，藏在本宫首卦同位之爻下，需看它能否出现。", text: "伏神 (hidden spirit): a relative missing from the lines, lying under a line of the palace's pure hexagram; read by whether it can come out." },
  { term: "六亲", castOnly: true, en: ["six relatives", "liu qin"], zh: "六亲：按每一爻与卦宫五行的生克，把它归为父母、兄弟、子孙、妻财、官鬼五类，用来对应所问的人和事。", text: "六亲 (six relatives): each line's kind by how its element meets the palace's — 父母, 兄弟, 子孙, 妻财, 官鬼 — matched to the people and things asked about." },
  { term: "父母", castOnly: true, en: ["parents line", "fu mu"], zh: "父母：六亲之一，生卦宫五行者；代表长辈、文书证件、房屋车船与学业考试。", text: "父母 (parents line): one of the six relatives, the element generating the palace's — elders, documents and certificates, houses and vehicles, study and exams." },
  { term: "兄弟", castOnly: true, en: ["siblings line", "xiong di"], zh: "兄弟：六亲之一，与卦宫五行相同者；代表兄弟朋友、同辈与竞争者，也主破耗钱财。", text: "兄弟 (siblings line): one of the six relatives, the palace's own element — siblings, friends, peers and rivals; it also stands for money lost." },
  { term: "子孙", castOnly: true, en: ["offspring line", "zi sun"], zh: "子孙：六亲之一，卦宫所生者；代表子女晚辈、学生、医药与六畜，也是福神，能克官鬼而化解忧患。", text: "子孙 (offspring line): one of the six relatives, the element the palace generates — children and juniors, students, medicine and animals; the blessing line, which controls 官鬼 and eases worries." },
  { term: "妻财", castOnly: true, en: ["wife wealth", "qi cai"], zh: "妻财：六亲之一，卦宫所克者；代表钱财物品、薪酬，男问也代表妻子。", text: "妻财 (wife wealth): one of the six relatives, the element the palace controls — money and things, pay, and a man's wife." },
  { term: "官鬼", castOnly: true, en: ["officer ghost", "guan gui"], zh: "官鬼：六亲之一，克卦宫者；代表工作职位、官府与官司，女问也代表丈夫，又主疾病与忧患。", text: "官鬼 (officer ghost): one of the six relatives, the element controlling the palace's — work and position, authorities and lawsuits, a woman's husband; also illness and worry." },
  { term: "回头克", castOnly: true, en: ["controlled back"], zh: "回头克：动爻变出的爻反过来克动爻，动爻因此受损。", text: "回头克 (controlled back): the line a moving line changes into controls it in return, weakening it." },
  { term: "回头生", castOnly: true, en: ["fed back"], zh: "回头生：动爻变出的爻反过来生动爻，动爻因此得助。", text: "回头生 (fed back): the line a moving line changes into generates it in return, strengthening it." },
  { term: "化进神", castOnly: true, en: ["advancing spirit"], zh: "化进神：动爻化出同一五行里往前的地支（如寅化卯、申化酉），势头渐长。", text: "化进神 (advancing spirit): a moving line changes into the next branch of its own element (寅 into 卯, 申 into 酉): its force grows." },
  { term: "化退神", castOnly: true, en: ["retreating spirit"], zh: "化退神：动爻化出同一五行里往后的地支（如卯化寅、酉化申），势头渐退。", text: "化退神 (retreating spirit): a moving line changes into the previous branch of its own element (卯 into 寅, 酉 into 申): its force wanes." },
  { term: "纳音", en: ["nayin"], zh: "纳音：六十甲子每两柱配一个五行意象（如海中金、炉中火），是干支的另一层五行。", text: "纳音 (nayin): one of thirty element images (sea gold, furnace fire…) given to each pair of the sixty stem-branch pillars." },
  { term: "身强", en: ["strong day master"], zh: "身强：日主得令、得地、得势，力量充足，传统上宜泄宜克，能承担。", text: "身强 (strong day master): in season, rooted and supported — traditionally able to carry output, wealth and pressure." },
  { term: "身弱", en: ["weak day master"], zh: "身弱：日主力量不足，传统上宜生宜扶，先增强自身再承担更多。", text: "身弱 (weak day master): lacking strength — traditionally helped by its resource and companions before taking on more." },
  // 神煞: the core stars a chart records (src/bazi/shen-sha.ts).
  { term: "天乙贵人", en: ["nobleman", "heavenly nobleman", "noble star", "noble stars", "noble people"], aliases: ["贵人"], zh: "天乙贵人：神煞中首要的吉星，传统上主遇到难处时有人相助、事情得以化解。", text: "天乙贵人 (heavenly nobleman): the foremost helpful star — traditionally, help arrives when it is needed." },
  { term: "文昌", en: ["academic star"], zh: "文昌：主聪明好学，传统上利读书、考试与文字工作。", text: "文昌 (academic star): quick learning — traditionally good for study, exams and writing." },
  { term: "禄神", en: ["prosperity star"], zh: "禄神（建禄）：日干临官之地，主衣食俸禄、自立自足。", text: "禄神 (prosperity star): where the day stem holds office — livelihood, salary and standing on one's own feet." },
  { term: "羊刃", en: ["goat blade", "yang blade"], zh: "羊刃：阳干帝旺之地，主刚强果断、冲劲大，传统上宜有制化，忌冲动。", text: "羊刃 (goat blade): the peak of a yang stem — boldness and drive, traditionally to be tempered against rashness." },
  { term: "驿马", en: ["travelling horse", "traveling horse", "sky horse"], zh: "驿马：主奔波、出行、迁移与变动。", text: "驿马 (travelling horse): movement — travel, relocation and change." },
  { term: "桃花", en: ["peach blossom"], zh: "桃花（咸池）：主人缘、魅力与异性缘，传统上也提醒感情上的纠葛。", text: "桃花 (peach blossom, 咸池): charm, popularity and romance — and, traditionally, romantic entanglement." },
  { term: "华盖", en: ["canopy star"], zh: "华盖：主才艺、宗教哲思与孤高清静。", text: "华盖 (canopy star): artistic and spiritual leanings, and a taste for solitude." },
  { term: "将星", en: ["general star"], zh: "将星：主领导力、威望与掌权。", text: "将星 (general star): leadership, authority and command." },
  { term: "红鸾", en: ["red phoenix"], zh: "红鸾：主婚恋喜事，流年逢之传统上说易有感情或婚嫁之喜。", text: "红鸾 (red phoenix): romance and weddings — a year that brings it traditionally brings such joys." },
  { term: "天喜", en: ["heavenly joy"], zh: "天喜：主喜庆之事，与红鸾相对，传统上多主添丁与喜事。", text: "天喜 (heavenly joy): happy events, paired with 红鸾 — traditionally births and celebrations." },
  { term: "孤辰", en: ["lonely star"], zh: "孤辰：主独立、孤独，传统上提醒多经营人际与感情。", text: "孤辰 (lonely star): independence and solitude — traditionally a reminder to tend one's ties." },
  { term: "寡宿", en: ["solitary star"], zh: "寡宿：主清冷、寡言，传统上提醒多经营人际与感情。", text: "寡宿 (solitary star): reserve and quiet — traditionally a reminder to tend one's relationships." },
  // LiuYao terms a cast records.
  { term: "纳甲", en: ["najia", "na jia"], zh: "纳甲：把天干地支配到卦的六爻上（京房所传），由此定每一爻的地支、五行和六亲；六爻断事看用神、世应和动爻，不凭《周易》的卦辞。", text: "纳甲 (najia): assigning a stem and branch to each of a hexagram's six lines (the method handed down from 京房, Jing Fang), which gives each line its element and relative; a LiuYao reading is judged from the useful god, the world and response lines and the moving lines, not from the classic's text." },
  { term: "卦身", en: ["hexagram body", "gua shen"], zh: "卦身：按世爻阴阳，阳世从子、阴世从午数到世爻所得的地支，代表所问之事的本体；上卦则事有着落。", text: "卦身 (hexagram body): the branch counted from 子 (yang world line) or 午 (yin) up to the world line — the matter's body; on the lines, the matter has substance." },
  { term: "六冲", en: ["six clashes", "liu chong"], zh: "六冲：地支两两相冲（子午、丑未、寅申、卯酉、辰戌、巳亥）；内外卦对应之爻全相冲的是六冲卦，传统上主事散、变动快。", text: "六冲 (six clashes): the branch pairs that clash (子午, 丑未, 寅申, 卯酉, 辰戌, 巳亥); a hexagram whose inner and outer lines all clash is a 六冲 hexagram, traditionally a matter that scatters or moves fast." },
  { term: "六合", en: ["six combinations", "liu he"], zh: "六合：地支两两相合（子丑、寅亥、卯戌、辰酉、巳申、午未）；内外卦对应之爻全相合的是六合卦，传统上主聚合、易成。", text: "六合 (six combinations): the branch pairs that combine (子丑, 寅亥, 卯戌, 辰酉, 巳申, 午未); a hexagram whose inner and outer lines all combine is a 六合 hexagram, traditionally a matter that comes together." },
  // The groups of stars a BaZi answer reads a matter from, and what it calls the chart's palaces and years.
  { term: "官杀", en: ["officer stars"], zh: "官杀：正官与七杀的合称，克日主之星，代表事业、职位、名声与约束，女命也代表丈夫。", text: "官杀 (the officer stars): 正官 and 七杀 together, the element controlling the day master — career, position, reputation and constraint, and a husband in a woman's chart." },
  { term: "财星", en: ["wealth stars"], zh: "财星：正财与偏财的合称，日主所克之星，代表钱财与资源，男命也代表妻子。", text: "财星 (the wealth stars): 正财 and 偏财 together, the element the day master controls — money and resources, and a wife in a man's chart." },
  { term: "印星", en: ["resource stars"], zh: "印星：正印与偏印的合称，生日主之星，代表学业、文书、庇护与母亲。", text: "印星 (the resource stars): 正印 and 偏印 together, the element generating the day master — study, documents, protection and the mother." },
  { term: "食伤", en: ["output stars"], zh: "食伤：食神与伤官的合称，日主所生之星，代表才华、表达与产出，女命也代表子女。", text: "食伤 (the output stars): 食神 and 伤官 together, the element the day master generates — talent, expression and output, and children in a woman's chart." },
  { term: "比劫", en: ["peer stars", "bi jie"], zh: "比劫：比肩与劫财的合称，与日主同五行之星，代表兄弟姐妹、同辈与竞争。", text: "比劫 (the peer stars): 比肩 and 劫财 together, the day master's own element — siblings, peers and competition." },
  { term: "婚姻宫", en: ["spouse palace"], aliases: ["夫妻宫", "配偶宫"], zh: "婚姻宫（夫妻宫）：日柱的地支，传统上看配偶与婚姻的宫位。", text: "婚姻宫 (the spouse palace): the day pillar's branch, where tradition reads the partner and the marriage." },
  { term: "命宫", en: ["life palace", "ming gong"], zh: "命宫：由出生的月与时推出的一柱，传统上看一生的大体格调，是辅助的参看。", text: "命宫 (the life palace): a pillar worked out from the birth month and hour; tradition reads the tenor of a life from it, as an auxiliary." },
  { term: "身宫", en: ["body palace", "shen gong"], zh: "身宫：由出生的月与时推出的另一柱，传统上看后天着力之处，是辅助的参看。", text: "身宫 (the body palace): another pillar from the birth month and hour; tradition reads where effort goes later in life from it, as an auxiliary." },
  { term: "胎元", en: ["conception pillar", "tai yuan"], zh: "胎元：月柱天干进一位、地支进三位所得的一柱，传统上看先天的根基。", text: "胎元 (the conception pillar): the month pillar's stem one on and its branch three on; tradition reads what one starts with from it." },
  { term: "太岁", en: ["tai sui", "grand duke"], aliases: ["本命年"], zh: "太岁：民俗中值年的地支。流年地支与出生年支相同为值太岁（本命年），相冲、相刑、相害、相破分别为冲、刑、害、破太岁，俗称犯太岁。", text: "太岁 (the Grand Duke of the year): in folk custom, the year's branch. A year whose branch is one's birth-year branch (值太岁, the 本命年), or clashes with, punishes, harms or breaks it, is said to offend 太岁." },
  { term: "格局", en: ["chart structure", "ge ju"], zh: "格局：命局的格，传统上以月令取格——看月支所藏之干透出哪一个，以它的十神命名（如正官格、食神格）；月支为日干禄、刃的称建禄格、羊刃格。", text: "格局 (chart structure): the frame a chart is named by, traditionally taken from the month branch — whichever of its hidden stems shows names it by its ten god (Direct Officer, Eating God…); a month branch that is the day stem's 禄 or 刃 makes 建禄格 or 羊刃格." },
  { term: "财库", en: ["wealth storehouse"], zh: "财库：财星五行的墓库（水库辰、木库未、火库戌、金库丑），传统上看守财与积蓄；库逢冲则开。", text: "财库 (wealth storehouse): the storehouse (墓) of the wealth element (water 辰, wood 未, fire 戌, metal 丑); traditionally about keeping and saving money, opened when clashed." },
];
