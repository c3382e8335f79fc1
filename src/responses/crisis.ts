/**
 * Crisis-language detector (Chinese and English) for self-harm, suicide and
 * harming others. A miss is far worse than a false alarm (a false alarm only
 * adds a support message), so patterns lean wide: hyperbole such as "I'm going
 * to kill him if he's late" fires on purpose. Only idioms that are plainly not
 * about harm are excluded (笑死, 想死你了, kill the process, dying to know).
 *
 * Three views of the text are matched, each robust to something different:
 *  - zh: simplified, with everything but Han/letters/digits removed, so
 *    "我 不 想 活 了！" and "活著沒意思" reach the same literals;
 *  - en: lower case, apostrophes dropped ("don't" → "dont"), other punctuation
 *    turned to single spaces, so "end. my. life." reads "end my life";
 *  - squashed: letters only with common digit substitutions ("k1ll  my self"
 *    → "killmyself"), matched only against a few unambiguous stems.
 *
 * Out of scope: threats *against* the user ("he wants to kill me") are not one
 * of the three categories; they are left to the safety policy upstream.
 */
import { foldText } from "./language.ts";

/** What kind of crisis language was found. */
export type CrisisCategory = "self_harm" | "suicide" | "harm_others";

/** Result of detectCrisis; `categories` is in a stable order, without repeats. */
export interface CrisisResult {
  crisis: boolean;
  categories: CrisisCategory[];
}

const CATEGORY_ORDER: readonly CrisisCategory[] = ["self_harm", "suicide", "harm_others"];

// ---- English (matched on the " word word " form) -------------------------

const SELF = "(?:my ?self|him ?self|her ?self|them ?selves|them ?self)";
const PERSON =
  "husband|wife|ex|ex wife|ex husband|boss|mother|mom|mum|father|dad|son|daughter|kids|children|child|baby|family|" +
  "neighbou?r|coworker|co worker|colleague|boyfriend|girlfriend|partner|brother|sister|roommate|teacher|" +
  "mother in law|father in law|in laws|stepdad|stepmom|landlord|manager|friend|classmate";
const OBJECT =
  `(?:him|her|them|you|someone|somebody|people|everyone|everybody|anyone|(?:my|our) (?:${PERSON})|` +
  "(?:that|this|the) (?:guy|man|woman|girl|boy|bitch|bastard|asshole|person|kid|kids|baby|children))";
const INTENT =
  "(?:want|wanna|wanted|going|gonna|gotta|will|ll|ill|would|could|plan|planning|planned|about|think about|" +
  "thinking about|thought about|thoughts of|fantasi[sz]e about|fantasi[sz]ing about|feel like|urge to|try|trying|ready|might)";
/** "I don't want to hurt him", "I would never hurt her": stated refusals, not threats. */
const REFUSAL = "(?<!\\b(?:dont|do not|didnt|did not|never|wont|wouldnt|not)(?: (?:want|wanna|mean|meant|going|gonna|to|ever|would|will))* )";
/** Activities that make "hurt myself" an accident report. */
const ACCIDENT = "(?! (?:playing|skiing|running|lifting|working out|exercising|falling|cooking|shaving|at the gym))";

const EN: Record<CrisisCategory, string[]> = {
  suicide: [
    `(?:kill|killing|killed|kills|unalive|unaliving) ${SELF}`,
    "(?:end|ending|ended|take|taking|took) (?:my|his|her) (?:own )?life(?! back)",
    "suicid(?:e|al|es)?(?! squad)",
    "(?:want|wanted|wanna|going|gonna|ready|deserve|about|plan|planning|trying|tried|try|wish|should just|could just|let me) (?:to )?die" +
      "(?! (?:of|from) (?:laughter|laughing|embarrassment|boredom|cringe))",
    "wish (?:that )?i (?:was|were|could be|had) (?:dead|never been born|never existed)",
    "better off (?:dead|without me|if i (?:was|were) gone|if i wasnt here)",
    "(?:nothing|no reason|nobody) (?:left )?to live for",
    "no reason to (?:live|go on|keep going|be alive)",
    "(?:dont|do not|didnt|never|no longer) (?:want|wanna|wish) (?:to )?(?:live|be alive|exist|wake up|be here)",
    "not worth living",
    "life (?:is|isnt|is not|aint) (?:not )?worth (?:living|it)",
    "end(?:ing)? it all",
    "end everything",
    "cant (?:go on|keep going|take it anymore)",
    "kms",
    `(?:hang|hanging|hanged|drown|drowning|shoot|shooting|poison|poisoning|stab|stabbing) ${SELF}`,
    "(?:jump|jumping|jumped|throw myself|throwing myself) off (?:of )?(?:a |the |this |that )?(?:bridge|building|roof|cliff|balcony|tower)",
    "(?:jump|jumping|step|stepping) in front of (?:a |the )?(?:train|car|bus|truck)",
    "overdos(?:e|ed|es|ing)",
    "(?:take|taking|took|swallow|swallowing|swallowed) (?:all|a bottle|a handful|the whole bottle) (?:of )?(?:my |the |these |those )?" +
      "(?:pills|tablets|meds|medication|sleeping pills)",
    "slit(?:ting)? my (?:wrists?|throat)",
    "(?:tired|sick) of (?:living|being alive|life|existing)",
    "suicide note",
    "goodbye (?:cruel )?world",
  ],
  self_harm: [
    "(?:hurt|hurting|harm|harming|cut|cutting|burn|burning|injure|injuring|hit|hitting|starve|starving|scratch|scratching|punch|punching) " +
      `(?:my ?self|my (?:arms?|wrists?|legs?|thighs?|skin))${ACCIDENT}`,
    "self ?(?:harm|injur)\\w*",
    "cutting again",
    "relaps\\w* (?:on|into|with) (?:cutting|self ?harm)",
    "slit(?:ting)? my wrists?",
  ],
  harm_others: [
    `${REFUSAL}${INTENT} (?:to )?(?:go )?(?:and )?(?:kill|murder|hurt|stab|shoot|strangle|choke|poison|beat up|beat|attack|harm|smother|drown|run over|` +
      `killing|murdering|hurting|stabbing|shooting|strangling|choking|poisoning|beating up|attacking|harming) ${OBJECT}`,
    `${REFUSAL}(?:kill|murder|murdering|stab|stabbing|strangle|strangling|poison|poisoning|smother) ${OBJECT}`,
    "commit(?:ting)? murder",
    "mass shooting",
  ],
};

/** Spacing-evasion stems ("k i l l   m y s e l f"); only ones that cannot be a fragment of harmless words. */
const SQUASHED: Record<CrisisCategory, string[]> = {
  suicide: ["(?<!s)kill(?:ing)?myself", "endmylife", "takemyownlife", "suicid(?!esquad)", "unalivemyself"],
  self_harm: ["selfharm"],
  harm_others: [],
};

// ---- Chinese (matched on the Han/letters/digits-only form) ---------------

const ZH_OBJECT =
  "(?:他们|她们|他|她|你们|你|对方|那个|这个|那人|这人|老公|老婆|丈夫|妻子|前任|前夫|前妻|男朋友|女朋友|男友|女友|" +
  "老板|领导|上司|同事|小三|全家|所有人|孩子|邻居|婆婆|公公|爸|妈|父亲|母亲|室友|同学)";

const ZH: Record<CrisisCategory, string[]> = {
  suicide: [
    "自杀(?!式)", "自尽", "轻生", "寻死", "寻短见", "不想活", "活不下去", "活够了",
    "活着(?:没有?|有什么)(?:意思|意义|用)", "活着(?:好|太|真|很)累",
    // 想死你了 / 想死我了 mean "miss you so much".
    "想死(?!你|您|他|她|它|我了|人|了你)",
    "(?:我|想|要|不如)去死", "死了(?:算了|就好了|一了百了)", "一了百了", "(?:不如|还不如)死", "想死掉",
    "结束(?:自己的?|我的)?生命", "结束(?:这一切|一切)", "了结(?:自己|生命)", "了断自己", "自我了断", "了此残生",
    "跳楼", "跳河", "跳江", "跳桥", "卧轨", "上吊", "烧炭", "服毒", "喝农药", "吞药", "吞安眠药",
    "一整?瓶安眠药", "攒安眠药", "(?:楼|桥|天台|阳台|窗户?)上?跳下", "遗书",
    "不想(?:再)?醒(?:来|过来)", "永远(?:睡下去|不要醒)",
    "(?:离开|告别)这个世界", "从这个世界消失", "消失在这个世界", "没有我.{0,6}更好", "生无可恋",
    // 紫砂 is a homophone for 自杀 online; 紫砂壶 (teapot) stays clear of it.
    "(?:想|要|去)紫砂", "紫砂了", "(?:一起|一块)(?:去)?死",
  ],
  self_harm: [
    "自残", "自伤", "割腕", "割手腕", "割自己", "割伤自己", "划自己", "划伤自己", "划手(?!机)", "伤害自己", "弄伤自己",
    "(?:拿|用)刀划", "烫自己", "自虐", "打自己(?!的?脸)", "掐自己",
  ],
  harm_others: [
    // 秒杀 is game/shopping slang ("one-shot", flash sale).
    `(?<!秒)(?:杀了|杀掉|杀死|弄死|砍死|捅死|毒死|掐死|打死|害死|宰了|砍|捅|杀)${ZH_OBJECT}`,
    `(?<!不)(?:想|要|会|恨不得|忍不住|真想|打算)去?(?:伤害|报复|揍|打)${ZH_OBJECT}`,
    "(?:想|要|去)杀人", "杀人的?冲动", "杀了人", "同归于尽", "报复社会", "(?:一起|一块)(?:去)?死",
  ],
};

const compile = (table: Record<CrisisCategory, string[]>, wrap: (s: string) => string) =>
  CATEGORY_ORDER.map((category) => ({
    category,
    re: table[category].length ? new RegExp(table[category].map(wrap).join("|")) : null,
  }));

const EN_RES = compile(EN, (s) => `(?<![a-z0-9])(?:${s})(?![a-z0-9])`);
const SQUASHED_RES = compile(SQUASHED, (s) => s);
const ZH_RES = compile(ZH, (s) => s);

const LEET: Record<string, string> = { "1": "i", "!": "i", "3": "e", "0": "o", "4": "a", "@": "a", $: "s", "5": "s" };

/** The three matching views described at the top of the file. */
function views(text: string): { zh: string; en: string; squashed: string } {
  const folded = foldText(text);
  return {
    zh: folded.replace(/[^\p{Script=Han}a-z0-9]/gu, ""),
    en: folded.replace(/'/g, "").replace(/[^a-z0-9]+/g, " ").trim(),
    squashed: folded.replace(/[1!304@$5]/g, (c) => LEET[c]!).replace(/[^a-z]/g, ""),
  };
}

/**
 * Whether `text` contains crisis language, and which kinds. Chinese (simplified
 * or traditional) and English; insensitive to case, spacing and punctuation.
 * Errs towards firing: callers should treat `crisis: true` as "show support
 * resources", not as a diagnosis.
 */
export function detectCrisis(text: string): CrisisResult {
  const v = views(text);
  const found = new Set<CrisisCategory>();
  for (const [list, view] of [[EN_RES, v.en], [SQUASHED_RES, v.squashed], [ZH_RES, v.zh]] as const) {
    for (const { category, re } of list) if (re?.test(view)) found.add(category);
  }
  const categories = CATEGORY_ORDER.filter((c) => found.has(c));
  return { crisis: categories.length > 0, categories };
}
