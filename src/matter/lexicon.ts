/**
 * Keyword lexicon for the change-of-matter classifier (see matter.ts).
 *
 * Each row lists what a hit signals. `zh` holds simplified literals separated
 * by spaces (input is folded to simplified first); `zhRe` holds Chinese regular
 * expressions; `en` holds English regular-expression fragments separated by
 * " ; " that must match whole words. Longer terms are tried first and mask the
 * text they cover, so "丢了工作" counts as career, not as a lost item, and
 * "wealth line" (a LiuYao term) hides "wealth".
 *
 * Strength: "strong" terms name the matter itself (婚姻, surgery). "weak" terms
 * only name a person or a place tied to a matter (老公, mom, home): they count
 * only when nothing strong is present, and never fire a change on their own.
 * "mask" rows are reading vocabulary (父母爻, moving line) and neutral words
 * containing a keyword (毛病, 工作日): they match nothing, they only hide text.
 */

/** The closed set of matters a cast can be about. */
export const MATTERS = [
  "career",
  "money",
  "relationship",
  "health",
  "study",
  "travel",
  "lawsuit",
  "lost_item",
  "home",
  "family",
  "pregnancy",
] as const;

export type Matter = (typeof MATTERS)[number];

export type TermStrength = "strong" | "weak" | "mask";

/** One lexicon row: terms in both languages that signal the same matters. */
export interface LexiconRow {
  readonly matters: readonly Matter[];
  readonly strength: TermStrength;
  readonly zh: readonly string[];
  readonly zhRe: readonly string[];
  readonly en: readonly string[];
}

function row(strength: TermStrength, matters: string, zh: string, en: string, zhRe: string[] = []): LexiconRow {
  return {
    strength,
    matters: matters.split(" ").filter(Boolean) as Matter[],
    zh: zh.split(/\s+/).filter(Boolean),
    zhRe,
    en: en.split(" ; ").map((s) => s.trim()).filter(Boolean),
  };
}

const strong = (m: string, zh: string, en: string, zhRe: string[] = []) => row("strong", m, zh, en, zhRe);
const weak = (m: string, zh: string, en: string) => row("weak", m, zh, en);

/** People words reused in "relationship with X" patterns below. */
const ZH_KIN = "爸爸|妈妈|爸|妈|父母|父亲|母亲|婆婆|公公|岳父|岳母|儿子|女儿|孩子|家人|兄弟|姐妹|哥哥|姐姐|弟弟|妹妹|亲戚";
const ZH_WORK = "同事|领导|老板|上司|下属|客户|合伙人";
const EN_KIN =
  "mom|mum|mother|dad|father|parents|son|daughter|kids|children|brother|sister|siblings|in-laws|mother-in-law|father-in-law|family";
const EN_WORK = "boss|manager|colleagues?|coworkers?|co-workers?|team|employer|clients?";
const EN_ITEMS =
  "wallet|purse|keys?|phone|ring|passport|dog|cat|pet|bag|watch|airpods|earrings?|necklace|laptop|bike|bicycle|car keys|id card|documents?";

export const MATTER_LEXICON: readonly LexiconRow[] = [
  row("mask", "",
    "父母爻 兄弟爻 子孙爻 妻财爻 官鬼爻 世爻 应爻 动爻 变爻 用神 妻财 官鬼 子孙 毛病 语病 通病 工作日 思考 参考",
    "(?:parents?|wealth|officer|official|offspring|siblings?|brothers?|children|money|spouse|ghost|career|moving|changing|changed|ruling|resulting|original|world|response) (?:lines?|yaos?|relatives?|hexagrams?) ; works? out ; worked out"),

  // Career, and terms shared with money/study/travel.
  strong("career",
    "工作 事业 职业 职场 上班 升职 晋升 跳槽 辞职 离职 裁员 失业 求职 应聘 入职 试用期 转正 公司 单位 岗位 职位 " +
      "客户 合同 项目 业绩 官运 事业运 丢了工作 丢工作 丢饭碗 合作伙伴",
    "jobs? ; careers? ; promot(?:ed|ions?) ; at work ; my work ; work ?(?:place|load|life) ; office politics ; hired ; hiring ; " +
      "fired ; laid off ; layoffs? ; resign(?:ing|ed|ation)? ; employ(?:er|ers|ment|ee|ees) ; unemploy(?:ed|ment) ; " +
      "compan(?:y|ies) ; clients? ; contracts? ; probation ; business (?:partners?|proposals?|plans?)",
    [`(?:和|跟|与)(?:我的?)?(?:${ZH_WORK})(?:之间)?的?(?:关系|矛盾|相处)`]),
  strong("career money",
    "工资 薪水 薪资 加薪 涨薪 奖金 年终奖 创业 生意 合伙 合伙人 融资 破产",
    "salar(?:y|ies) ; wages? ; bonus(?:es)? ; paycheck ; (?:a|pay|my|the) raise ; business(?:es)? ; startups? ; " +
      "bankrupt(?:cy)? ; funding"),
  strong("career study", "面试 笔试 考公 考编 公务员 上岸", "interview(?:s|ing|ed)? ; civil service exams?"),
  strong("career travel", "出差", "business trips?"),
  weak("career", "老板 领导 上司 同事", "boss(?:es)? ; managers? ; colleagues? ; co-?workers? ; offers?"),
  strong("career", "", `relationship with (?:my|the) (?:${EN_WORK}) ; get(?:ting)? along with (?:my|the) (?:${EN_WORK})`),

  strong("money",
    "赚钱 挣钱 借钱 还钱 欠钱 花钱 存钱 没钱 有钱 钱财 财运 发财 财富 理财 破财 投资 股票 股市 炒股 基金 期货 " +
      "比特币 币圈 彩票 中奖 收入 存款 债务 欠债 负债 贷款 借款 利息 回本 亏损 亏钱 盈利 收益 财务 资金 买车",
    "money ; rich ; wealth(?:y)? ; financ(?:e|es|ial|ially) ; invest(?:ing|ment|ments|or|ors|ed)? ; stocks? ; " +
      "crypto(?:currency)? ; bitcoin ; lottery ; debts? ; loans? ; income ; savings ; profits? ; funds ; gambl(?:e|ing)"),

  strong("relationship",
    "感情 婚姻 恋爱 恋情 谈恋爱 结婚 分手 复合 挽回 桃花 桃花运 姻缘 正缘 缘分 相亲 出轨 外遇 小三 劈腿 暧昧 表白 " +
      "暗恋 喜欢的人 异地恋 脱单 单身 婚事 婚礼 订婚 求婚 初恋 前任 在一起 爱我 爱不爱我",
    "love(?! to) ; loves? me ; love life ; marri(?:age|ages|ed|y|es) ; break(?:ing)? up ; breakup ; " +
      "get(?:ting)? back together ; reconcil(?:e|iation) ; romance ; romantic ; dating ; soul ?mates? ; cheat(?:ing|ed)? on ; " +
      "affair ; propos(?:e|al|ed) ; engaged ; engagement ; weddings? ; crush(?:es)? ; faithful ; feelings for ; " +
      "(?:stay|still|be|being|remain) single ; relationships?",
    ["(?:和|跟|与)(?:我的?)?(?:男朋友|女朋友|男友|女友|老公|老婆|丈夫|妻子|对象|伴侣)(?:之间)?的?(?:关系|矛盾|相处)"]),
  strong("relationship lawsuit", "离婚", "divorc(?:e|ed|es|ing) ; alimony"),
  strong("relationship lawsuit", "和解", ""),
  weak("relationship",
    "男朋友 女朋友 男友 女友 老公 老婆 丈夫 妻子 对象 伴侣 另一半 爱人 未婚夫 未婚妻 前男友 前女友 前夫 前妻 喜欢我",
    "boyfriends? ; girlfriends? ; husbands? ; wi(?:fe|ves) ; spouses? ; partners? ; my ex ; ex-?(?:wife|husband|boyfriend|girlfriend) ; " +
      "fianc[eé]e? ; like me(?: back)?"),

  strong("health",
    "健康 身体 病 生病 病情 疾病 看病 医院 医生 手术 住院 出院 治疗 康复 癌 肿瘤 体检 复查 检查结果 吃药 发烧 感冒 " +
      "失眠 抑郁 焦虑症 受伤 伤势 腰伤 腿伤 骨折 颈椎 腰椎",
    "health(?:y)? ; ill ; illness(?:es)? ; sick(?:ness)?(?! of) ; diseases? ; surger(?:y|ies) ; hospital(?:s|ized)? ; doctors? ; " +
      "diagnos(?:is|ed|es) ; cancer ; tumou?rs? ; biops(?:y|ies) ; recover(?:y|ed|ing|s)? ; medic(?:al|ation|ations|ine|ines) ; " +
      "treatments? ; therap(?:y|ies|ist) ; depress(?:ion|ed) ; insomnia ; fever ; pneumonia ; infections? ; symptoms? ; " +
      "injur(?:y|ies|ed) ; blood tests? ; (?:back|chest|knee|neck) pain ; clinical trials?"),
  strong("health travel", "车祸", "car (?:crash|accident)"),

  strong("study",
    "考试 学习 学业 考研 高考 中考 考上 录取 升学 成绩 论文 毕业 学校 大学 小学 中学 高中 初中 研究生 硕士 博士 学位 " +
      "考证 挂科 作业 复习 答辩 补习 上学 读书 分数 驾照 再考 重考 复读",
    "exams? ; (?:driving|entrance|language|placement|road|sat|act) tests? ; schools? ; universit(?:y|ies) ; colleges? ; degrees? ; " +
      "stud(?:y|ies|ying) ; grades? ; admissions? ; admitted ; thesis ; dissertation ; phd ; graduat(?:e|ion|ing) ; courses? ; " +
      "finals? ; semester ; gpa ; students? ; get(?:ting)? into (?:harvard|yale|princeton|stanford|oxford|cambridge|mit)"),
  strong("study money", "学费 奖学金", "scholarships? ; tuition"),
  strong("study travel", "留学", "study abroad"),

  strong("travel",
    "出行 旅行 旅游 出国 签证 机票 航班 飞机 行程 远行 自驾 出远门 火车 高铁 绿卡 回国 度假",
    "trips? ; travel(?:s|ing|ling|ed|led)? ; flights? ; fly(?:ing)? ; journey ; vacations? ; visas? ; abroad ; overseas ; " +
      "airport ; trains? ; passport ; green card ; immigra(?:tion|te|ting)"),
  strong("travel home", "移民", "relocat(?:e|ion|ing) ; (?:move|moving) to"),

  strong("lawsuit",
    "官司 诉讼 起诉 打官司 法院 判决 律师 仲裁 被告 原告 坐牢 判刑 上诉 开庭 立案 证据 纠纷",
    "lawsuits? ; sue[ds]? ; suing ; courts? ; court case ; lawyers? ; attorneys? ; legal ; trials? ; judges? ; verdict ; " +
      "arbitration ; settlement ; prison ; jail"),
  strong("lawsuit money", "赔偿", "compensation"),
  strong("lawsuit family", "抚养权", "custody"),
  strong("lawsuit lost_item", "报警 警察", "police"),

  strong("lost_item",
    "丢失 遗失 失物 丢了 丢的 东西丢了 丢东西 找东西 钱包 钥匙 被偷 失窃 小偷 走丢 走失 找回",
    `(?:lost|missing|misplaced|stolen|find|found|finding|recover) (?:my |our |the |a )?(?:lost )?(?:${EN_ITEMS}) ; ` +
      "stolen ; theft ; misplaced ; lost items? ; wallet ; purse ; airpods"),

  strong("home",
    "房子 买房 卖房 租房 房东 搬家 装修 新家 风水 住宅 阳宅 家宅 买房子",
    "houses? ; apartments? ; condos? ; rent(?:al|ing)? ; landlords? ; renovat(?:e|ion|ing) ; move house ; moving house ; " +
      "new home ; feng shui ; housing"),
  strong("home money", "房租 房贷 房价 房产", "mortgages? ; real estate ; propert(?:y|ies)"),
  strong("home study", "学区房", ""),
  weak("home", "邻居", "homes? ; neighbou?rs?"),

  strong("family",
    "婆媳 家庭关系 家庭矛盾 家庭和睦 家人关系 亲子关系",
    `family (?:conflicts?|issues|problems|feuds?|harmony|relations|drama|matters) ; ` +
      `relationship with (?:my|our) (?:${EN_KIN}) ; get(?:ting)? along with (?:my|our) (?:${EN_KIN})`,
    [`(?:和|跟|与)(?:我的?)?(?:${ZH_KIN})(?:之间)?的?(?:关系|矛盾|相处)`]),
  weak("family",
    "家人 家里人 家庭 父母 爸爸 妈妈 爸 妈 父亲 母亲 孩子 儿子 女儿 婆婆 公公 岳父 岳母 兄弟 姐妹 哥哥 姐姐 弟弟 妹妹 " +
      "亲戚 子女 爷爷 奶奶 外婆 外公",
    `famil(?:y|ies) ; ${EN_KIN.split("|").join(" ; ")} ; sons ; daughters ; kid ; child ; brothers ; sisters ; ` +
      "grandma ; grandmother ; grandpa ; grandfather ; grandparents ; aunt ; uncle ; cousins?"),

  strong("pregnancy",
    "怀孕 备孕 怀上 生孩子 要孩子 要个孩子 生育 试管 二胎 三胎 流产 胎儿 生男生女 孕 生娃",
    "pregnan(?:t|cy|cies) ; conceiv(?:e|ing) ; fertility ; ivf ; miscarriage ; (?:have|having|had|get|getting) a (?:baby|child|kid) ; " +
      "due date ; baby on the way ; trying for a baby ; expecting a baby"),
];

/**
 * Phrases that announce a new question. A strengthening signal only: they let
 * a change fire where the cast's matter is unknown or the follow-up names its
 * matter only weakly, but never make a change out of nothing.
 */
export const SWITCH_PHRASES_ZH =
  "换个问题 换一个问题 换个话题 另外问 另外想问 另一个问题 另外一个问题 再问一个 再问个 还想问 顺便问 还有个问题 " +
  "还有一个问题 问问别的 别的事 另一件事 另外一件事 题外话 不说这个了 说点别的";
export const SWITCH_PHRASES_EN = [
  "another question", "different question", "separate question", "unrelated", "one more question", "other question",
  "also want(?:ed)? to (?:ask|know)", "change the subject", "changing the subject", "on another note", "on a different note",
  "by the way", "btw", "what about my", "how about my", "while i'm at it", "new question",
];

/**
 * Words that tie a follow-up to the cast's matter ("is he cold because of his
 * work?"): a follow-up asking about a cause or an effect stays on the matter.
 */
export const LINK_WORDS_ZH = "因为 由于 导致 影响 原因 有关 关系到 连累 拖累";
export const LINK_WORDS_EN = [
  "because", "due to", "caused by", "cause", "affect(?:s|ed|ing)?", "effects? on", "impact", "related to", "reasons?",
  "influence",
];
