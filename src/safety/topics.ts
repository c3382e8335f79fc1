/**
 * Sensitive questions inside readings (not crises): a medical decision, a
 * lifespan or time of death, a pregnancy's outcome, harm "caused by" someone's
 * chart. The reading must not decide them; the interpreters say so and point
 * to the right professional before answering what the reading can speak to.
 */
import { topic, type SafetyRule } from "./rules.ts";

const TREATMENT_EN = "(?:surgery|operation|chemo|chemotherapy|radiation|radiotherapy|treatment|medication|meds|transplant|procedure|hip replacement|knee replacement|dialysis|antidepressants?|sertraline|insulin|pills)";
const TREATMENT_ZH = "(?:手术|化疗|放疗|治疗|药|动刀|透析|移植|开刀|安眠药|抗抑郁药)";

export const TOPIC_RULES: readonly SafetyRule[] = [
  topic("en.topic.medical-decision", "medical_decision", "en", `(?:should|whether|if|can) (?:i|my \\w+|she|he|we|they) (?:\\w+ ){0,3}(?:have|get|do|start|stop|continue|go through with|take|taper|come off|quit|keep|refuse) (?:\\w+ ){0,4}${TREATMENT_EN}|${TREATMENT_EN}\\b.{0,90}\\b(?:whether|should) (?:i|she|he|we|they)(?: should)? (?:do|have|get|go through with|start|stop)|${TREATMENT_EN}\\b.{0,90}\\b(?:or wait|or not|coins|hexagram|good time|should i|should she|should he|taper)`, ["Should my mother have the hip replacement surgery this spring or wait?", "My oncologist wants me to start a second round of chemo. Can my chart say whether I should do it?"], ["I had knee surgery two years ago, does that show in my chart?"], "(?:years ago|last year|in the past)"),
  topic("zh.topic.medical-decision", "medical_decision", "zh", `(?:要不要|该不该|是否|能不能|适不适合|适合)(?:继续)?(?:做|动|停|吃|开|打|用|接受|进行)?${TREATMENT_ZH}|停(?:掉)?(?:药|安眠药|化疗)|(?:要不要|该不该)(?:做|开|停|吃)[a-z]*(?:chemo|surgery|operation|treatment)|${TREATMENT_ZH}.{0,12}(?:起一?卦|卜一?卦|八字|合适|好不好|要不要|继续)`, ["我妈化疗做了四次，想问问要不要继续做下去，起一卦", "我想停掉安眠药，已经吃三年了，卜个卦看看"], ["去年做过手术，现在都好了"]),
  topic("en.topic.lifespan", "lifespan", "en", "(?:when|how long|how many (?:more )?years)\\b.{0,30}\\b(?:die|live|left|have left)|how many years (?:does|do|will) (?:his|her|my|their) chart|(?:long|short) (?:life|lifespan)|lifespan|live past|live to (?:\\d+|a hundred)", ["How long will my father live? He's 80", "Will I live a long life?"], ["how long does the practice take"]),
  topic("zh.topic.lifespan", "lifespan", "zh", "寿命|寿元|长寿|短命|活(?:到|不过)(?:[0-9一二三四五六七八九十百]+)|还能活|活多久|什么时候(?:会)?死|大限|还能陪(?:我)?几年|还有多少(?:年|寿)", ["算命的说我活不过六十岁，真的吗？", "帮我看看我爸的寿元"], ["这个练习要做多久", "我家猫十五岁了，还能陪我几年"], "(?:猫|狗|宠物|仓鼠|鱼|鸟)"),
  topic("en.topic.pregnancy", "pregnancy_outcome", "en", "boy or girl|(?:baby|pregnancy)\\b.{0,30}\\b(?:be )?(?:healthy|make it|survive|be ok|be okay|keep)|miscarr\\w*|this pregnancy|due (?:in|date)\\b.{0,40}\\b(?:chart|girl|boy)|gender of (?:the|my) baby", ["Will this pregnancy make it?", "Boy or girl? Due in April."], ["I'm pregnant with ideas for my new business lol"]),
  topic("zh.topic.pregnancy", "pregnancy_outcome", "zh", "男孩还是女孩|是男是女|这胎|流产|保住|怀孕.{0,10}(?:顺利|健康|能不能|会不会|保)|宝宝.{0,6}健康|预产期|肚子里(?:的)?(?:是|宝宝)", ["請幫我看看這胎是男是女", "之前流产过一次，这次怀上了，起卦看看能不能保住"], ["这个宝宝模型很健康"], "(?:模型|玩具|公仔)"),
  topic("en.topic.harm-attribution", "harm_attribution", "en", "(?:chart|bazi|birth chart|sign)\\b.{0,40}\\b(?:harm|harming|hurt|hurting|bad for|clash|cursed|killed|kill|brings? bad luck)|(?:harm|harming|hurt|hurting|bad for) (?:me|him|her|us)\\b.{0,30}\\b(?:chart|bazi)|bad luck since (?:he|she) was born", ["Is my son's chart harming me? Since he was born I've had bad luck.", "Is my sister's chart bad for me?"], ["my chart is so cool", "My chart has a lot of Hurting Officer, does that mean I hurt people?"], "(?:hurting officer|seven killings)"),
  topic("zh.topic.harm-attribution", "harm_attribution", "zh", "克(?:夫|妻|父|母|子|我|死)|相克|刑克|相刑|(?:八字|命).{0,8}(?:害|克|冲|妨)(?:我|他|她)|带来(?:厄运|霉运)", ["婆婆说我八字克夫", "我跟我老公是不是相克？"], ["这个公司克服了困难"]),
];
