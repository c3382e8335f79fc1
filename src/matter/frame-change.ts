/**
 * A follow-up that opens another matter than the cast's, read as a frame — what, whose, which
 * decision — rather than by domain words alone (which mistook "the surgeon" for a new matter and
 * missed "and my son's test?"). One-sided on purpose: a wrong "new" costs the person a recast, so
 * each signal below is one people use to open a new question, and anything else stays the same
 * matter (the cast itself, timing, advice, a meaning, a person or thing inside the matter).
 *
 * Signals, each with its reason:
 * - `drop`: the follow-up sets the cast's matter aside ("forget him", "先不管他了", "unrelated, but").
 * - `decision`: a new decision that follows the outcome ("if it's approved, should I…", "卖掉之后是
 *   买新房还是先租房", "如果没过线，要不要二战", "赚了钱要不要买辆车").
 * - `whose`: the same kind of question about someone else — a relative or friend doing it too ("my
 *   sister wants to open a bakery too", "我闺蜜也在找工作"), asked after ("and my husband?",
 *   "那我老婆呢", "那我呢" when the cast was about someone else), or the cast's question asked again
 *   with them leading it ("那我老公这个月能找到工作吗").
 * - `what`: another target asked after in the same breath ("and my car loan?", "车贷呢？", "what
 *   about the deal with the Brazilian supplier?"), or announced ("顺便问下…", "I'm also thinking of…").
 */
import { foldText } from "../text/language.ts";
import { asksTermsOfTheAct } from "./own-act.ts";
import { TIE_WORDS_PATTERN, whose } from "./person.ts";

export type FrameReason = "drop" | "decision" | "whose" | "what";

const DROP = /^forget [\w']+[,.]|(?:^|[,.!?] ?|ok,? |honestly,? |eh,? )forget (?!it was)|(?<![a-z])(?:forget (?:it|him|her|them|that|about)|never ?mind|unrelated|different (?:topic|question)|the real question|moving on|random(?:ly)?,? but|off topic|on another note|switching gears|changing the subject)(?![a-z])|先不管|不管(?:他|她|它|了)|算了不问|心里有数了|这个先放一边|先放一边|放一边/;
/** Setting the matter aside in speech ("算了…", "不问了", "whatever,"): only when a new question follows. */
const SET_ASIDE = /算了|算啦|不问了|不问[^，,]{1,4}了|不想问|不想了|不说(?:他|她|这个|了)|不跟(?:他|她)耗|唔讲|唔问|(?<![a-z])whatever(?![a-z])/;
const ASKS_ON = /问问|问一下|问下|问吓|想问|想知道|帮我看|看看|[吗嗎？?]|(?<![a-z])(?:will|is|can|should|am|do) (?:i|my|he|she|we)(?![a-z])/;

/** A condition on the outcome, then a decision word ("when should I…" asks when, and is no condition). */
const DECISION_EN = /(?<![a-z])(?:if|once|after|when(?! (?:should|shall|do|would|will|can|could|is|are|am) )|assuming)(?![a-z]).{0,60}?(?<![a-z])(?:should (?:i|we|he|she)|shoud i|shall (?:i|we)|do (?:i|we) (?:stay|go|move|sell|buy|quit|keep)|would it be (?:better|wise)|is it (?:better|wise) to)(?![a-z])|(?<![a-z])should (?:i|we) (?:\w+ ){0,6}(?:after|once) (?:the|it|we|i|that)(?![a-z])/;
/** Chinese decision words ("should I …"), shared by the decision rule and the along-the-way check. */
const DECISION_WORDS_ZH = "要不要|要唔要|使唔使|该不该|应不应该|应唔应该|系咪应该|系咪索性|是不是该|是不是应该|是不是干脆|是不是就";
const DECISION_ZH = new RegExp(`(?:如果|要是|假如|万一|若是|一旦|的话|嘅话|之后|以后|后，|后,|if approved|if not|if so).{0,24}?(?:${DECISION_WORDS_ZH}|应该.{0,8}还是|是.{1,12}还是|还是.{1,10}(?:[？?]|$)|去.{1,8}(?:还是|好啲|好些)|要.{1,8}还是|系.{1,8}定.{1,8}好)|(?:后|之后|以后)(?:要不要|该不该|是不是该)|(?:批下来|批了|批咗|拿到|考到|考上|到手|成了|追返|追回|选上|抽到|抽中|录取|上岸|拿下|中签)(?:了)?(?:之后|以后|后)?[，,]?.{0,8}(?:是.{1,12}还是|要不要|该不该|应唔应该|系.{1,8}定)|(?<!快到|要到|将到|就到|快)(?:了|咗)[^，,？?。]{0,6}(?:要不要|要唔要|该不该|应唔应该)`);
/**
 * A condition on something happening along the way — someone asking, demanding, offering less,
 * delaying, the weather turning, a price falling or the rent raised — makes the "should I" advice about the same matter
 * ("if the interviewer asks about my gap year…", "如果买家压到380万，要不要松口", "万一手术推迟…").
 */
const ALONG_THE_WAY =
  /(?<![a-z])(?:asks?|ask for|asks for|demands?|requires?|wants?|offers? less|counters?|suggests?|insists?|keeps?|delays?|delayed|postponed|rains?|raining|hits|there's a|there is a|interviews? (?:him|her|me)|calls?|texts?|refuses?|only returns?|stalls?)(?![a-z])|(?<![a-z])(?:contests?|it'?s not in|isn'?t in|not in the|drops? (?:another|more|further|again|below|under|to|by)|dips?|crash(?:es)?|(?:raises?|hikes?|jacks?|ups)(?: up)? (?:the |our |my )?(?:rent|price))(?![a-z])|(?:问|要求|建议|提出|压价|压到|推迟|延期|拖着|一直拖|逼|叫我|让我|下雨|刮台风|台风|再提|不回复|不回消息|不回信息|不回讯息|不理|约我|加租|只给|给了差评|check|补材料|是群面|是英文|再跌|跌了|跌到|亏|还没回来|还没回|说想|说要|改需求|改requirement|配的|配嘅|被起诉|起诉|告我|被告)/;

/** A decision about the very offer or result asked of ("if they make an offer, should I take it or negotiate?"): the same matter. */
const SAME_DECISION = /should i (?:take|accept|sign) (?:it|the offer|the job|the deal|their offer)(?![a-z])|should i (?:negotiate|counter)(?![a-z])|要不要接受|该不该接受|要不要签|要不要谈/;

/** Relatives and others beyond the ties of a useful god (an uncle's matter is read from 父母 too, but is still someone else's). */
const OTHERS_ZH = "亲妈|亲爸|我妹|我姐|我哥|我弟|家姐|细佬|小姑|大伯|二伯|姪子|侄子|侄女|外甥|师弟|师妹|老二|老大|舅舅|舅妈|姑姑|姑父|姨妈|阿姨|叔叔|婶婶|伯伯|伯父|嫂子|姐夫|妹夫|弟媳|公婆|岳父|岳母|表姐|表哥|表妹|表弟|堂哥|堂姐|室友|学弟|学妹|师兄|师姐|阿公|阿嬷|阿妹|阿哥|阿姐|同事|邻居|朋友|闺蜜|爱人|大姨子|小姨子|大舅子|小舅子|妯娌|连襟|friend";
const OTHERS_EN = "uncles?|aunts?|cousins?|in-laws|brothers?-in-law|sisters?-in-law|nieces?|nephews?|neighbou?rs?|coworkers?|colleagues?|roommates?|teammates?|twins?|boss|study partner|flatmates?|housemates?|postdoc|labmates?";
/** "will hers go through", "is his ok": the same thing asked of someone else's. */
const THEIRS = /(?<![a-z])(?:(?:will|is|are|does|did|would|can|could) (?:hers|theirs)|(?:hers|theirs) (?:be|go|pass|work|come|get)|will his (?:be|go|pass|work|come)|is his (?:ok|okay|serious|fine))(?![a-z])/;
/** Another one of the same kind doing it too ("家里另一只狗也舔了"). */
const ANOTHER_ONE_TOO = /另一(?:只|隻|个|個|位|家|套|间|間)[^，,？?]{0,8}也/;
/** Someone doing the same: a person, then 也/都/too within the clause ("我舅舅也投了", "my uncle lost money there too"). */
const PARALLEL_ZH = new RegExp(`(${TIE_WORDS_PATTERN.zh}|${OTHERS_ZH}|(?<![a-z])(?:${TIE_WORDS_PATTERN.en}|${OTHERS_EN})(?![a-z]))[^，。？！,.?!]{0,8}(?:也|都)`);
const PARALLEL_EN = new RegExp(`(?<![a-z])(?:my|our|her|his|their) (?:${TIE_WORDS_PATTERN.en}|${OTHERS_EN})(?![a-z-]).{0,60}(?<![a-z])(?:too|also|as well)(?![a-z])`);
/** The asker doing the same after a cast about someone else ("我自己也老腰疼"). */
const SELF_TOO = /^(?:那)?我(?:自己)?也|^(?:and )?(?:i|me) too(?![a-z])/;

/** Someone of the asker's named, then asked after ("my roommate applied for the Marshall, will she get it?"). */
const SOMEONE_ASKED = new RegExp(
  `(?<![a-z])(?:my|our) (?:${TIE_WORDS_PATTERN.en}|${OTHERS_EN}|friend|best friend|partner)(?![a-z-])[^.?!]{3,60}[,.;]\\s*(?:(?:will|can|could|would) (?:she|he|they)|what about (?:him|her|them)|how (?:will|would) (?:that|it) go|will (?:that|it) (?:sell|go through|work out|be fine|be ok)|(?:are|is) (?:they|she|he) (?:ok|okay|fine|safe|alright)|is (?:her|his|their) \\w+ (?:ok|okay|fine|alright))(?![a-z])`,
);
/**
 * The same, in Chinese: someone of the asker's doing their own one — sitting, applying, entering,
 * going, too — then "will she …" ("我表姐考的是另一个区，她能进面吗"); a person inside the matter
 * asked after ("面试官是我学长的朋友，他会帮我吗") does none of these.
 */
const SOMEONE_ASKED_ZH = new RegExp(
  `(?:${TIE_WORDS_PATTERN.zh}|${OTHERS_ZH})[^？?。，,]{0,12}(?:考|申请|报|投|面|参加|去|谈|自己|也|都|比我)[^？?。]{0,24}[，,]\\s*(?:他俩|她俩|他们俩|他们|她们|佢哋|他|她|佢)[^，,？?]{0,4}(?:能|会|有戏|顺利|可以|考|过|赢|进|选|成功|的|嘅|呢)`,
);

/**
 * Someone named with "too" or "will she" who is inside the asker's matter: going along, competing,
 * testifying, helping or persuading, or asked about against the asker's own ("我同学也申了，她会不会跟我抢",
 * "my wife is nervous about the joint interview"). Then it is not their own, parallel matter.
 */
const INSIDE_PERSON = /一起(?:去|走|出庭|面|住|办)|一齐|帮我|出面|替我|作证|出庭|抢|只留|劝|我的有|投标|对手|竞争|候选人|应聘者|应征者|说我|骂我|针对我|欺负我|对我|(?<![a-z])(?:(?<!stay |get back |back )together|with me|for me|against me|testif\w*|witness|joint|compet\w*|rivals?|(?:other |another )?(?:candidates?|applicants?|finalists?|bidders?|contenders?)|over me|does (?:that|this|it) matter|(?:could|would|did) (?:she|he|they) have)(?![a-z])/;

/**
 * A cast asking to meet someone at all ("这个月能脱单吗", "will I meet the one this year?"), naming no one:
 * whoever the asker meets or is introduced to is that matter's candidate, not another matter.
 */
const OPEN_SEARCH = /脱单|正缘|对的人|真命天子|真命天女|另一半|有对象|找到对象|找对象|遇到(?:喜欢|合适|心动)的人|(?<![a-z])(?:meet (?:someone|the one|my (?:soulmate|person|partner))|find (?:love|someone|a (?:partner|boyfriend|girlfriend))|stay single|still be single)(?![a-z])/;
/** Meeting or being introduced to someone new ("刚加了个男生微信", "a friend wants to set me up", "I met a guy at …"). */
const NEW_ACQUAINTANCE = /(?:认识|加了|介绍|相亲|遇到|碰到|搭讪|约了).{0,10}(?:男生|女生|男的|女的|男孩|女孩|男人|女人|朋友|对象|个仔|个女)|(?:男生|女生|男的|女的|对象|个仔|个女).{0,8}(?:追我|约我|加我|跟我表白|向我表白)|(?<![a-z])(?:met (?:a|this|someone)|set me up|introduc\w* me|asked me out|a date with)(?![a-z])/;

/** Things found back together with what the cast asks after ("车上的充电器也能一起找回来吗", "will my keys turn up along with it?"). */
const FOUND_WITH_IT = /(?:一起|一并|一齊|一併|连同|連同|連埋|连埋)(?:找回|找到|拿回|追回|追返|揾返|搵返|攞返|寻回|尋回)|(?<![a-z])(?:along|together) with it(?![a-z])/;
/** Another or an earlier loss, which "together" does not bring into the cast's ("上次丢的那只狗也能一起找回来吗"). */
const ANOTHER_LOSS = /另一|另外|上次|上回|之前|以前|去年|(?<![a-z])(?:another|other|last (?:time|week|month|year))(?![a-z])/;

/** The others competing in the same contest, asked after by that name alone ("what about the other candidates?"). */
const RIVALS = /^(?:(?:那|那么|咁)?(?:另一个|另外的?|其他的?)?(?:候选人|应聘者|应征者|对手|竞争者|情敌|第三者|小三))$|(?<![a-z])(?:the |my )?(?:other |another )?(?:rivals?|competitors?|candidates?|applicants?|finalists?|bidders?|contenders?)$|^(?:the|that) other (?:girl|guy|woman|man)(?: (?:he|she)(?:'s| is) (?:seeing|dating|with))?$/;

/**
 * A part of the matter itself asked after by that name alone ("And the deposit?", "What about the lease?",
 * "押金呢" after a cast about renting a flat): its money, its paperwork, its terms. Another flat's deposit
 * says more ("the deposit on the storage unit", "以前那个房子的押金") and is judged as before.
 */
const PARTS = /^(?:(?:那|那么|咁)?(?:这个|那个|个)?(?:押金|定金|订金|首付|租约|房租|租金|合同|薪水|工资|薪资|待遇|钥匙|价格|价钱|利息|手续费|条件|赔偿|赔偿金|赔款|律师费|诉讼费))$|^(?:the |my |our )?(?:security )?(?:deposit|down payment|lease|rent|contract|salary|pay|offer letter|keys|paperwork|documents|price|interest rate|fees|terms|damages|compensation|settlement|legal fees|court costs)$/;

/** Someone's own one of the same ("学长自己也想转调", "interviewing at KPMG herself", "his own dispute"), asked after. */
const OWN_MATTER = /(?:自己(?:的|也|还|在|想|要)|(?<![a-z])(?:his|her|their) own(?![a-z])|(?<![a-z])(?:interviewing|applying|sitting|running|suing) [^.?!]{1,30} (?:herself|himself)(?![a-z]))[^]*(?:[吗嗎？?]|(?<![a-z])(?:will|can|is|does) (?:she|he|they|it)(?![a-z]))/;

/** Asking after something else: "and X?", "what about X?", "X呢？" (X not a bare pronoun, nor a condition or a sequel of the matter: "and if it fails?", "and then?"). */
const AFTER_EN = /^(?:and|also|what about|how about)(?![a-z])\s+(?!(?:him|her|them|it|that|this|he|she|if|when|then|after|once)\b)(.{2,60}?)\s*(?:[?？,]|$)/;
/** An aspect of the same event ("the weather that day", "the essay portion", "下午两点到六点这段"): not another target. */
const ASPECT = /(?<![a-z])(?:that day|portion|part|section|round|stage|side|time slot|the day of)(?![a-z])|这段|那段|时间|时段|小时|部分|阶段|那关|环节/;
/** Another target of the same kind, said to be going on too ("阿里那边也在面，那个能成吗", "我还有个甲状腺结节，那个要不要紧"). */
const PARALLEL_TARGET = /(?:也|还有个|还有一个|还想|另外)[^，,]{1,16}[，,]\s*那(?:个|個|间|間|趟|笔|筆|单|單|套|只|隻|边|邊)|(?<![a-z])i (?:also )?(?:applied|interviewed|filed|submitted)[^.?!]{0,40}(?:too|also|as well)(?![a-z])|(?<![a-z])i also (?:applied|interviewed|filed|submitted|entered|queried|pitched)(?![a-z])/;
/** An earlier, other item ("上个月飞走的那只鹦鹉", "上次它吞的那颗扣子"). */
const EARLIER_ITEM = /^(?:那|咁)?(?:上个月|上次|上回|去年|之前)[^，,？?]{0,14}的?(?:那|嗰)(?:只|隻|颗|顆|串|件|个|個|事|笔|筆|趟|批|份|场|次|单|套|间)/;
/** Another one of the same kind pointed at ("隔壁小区那套", "另一家", "the other agent I queried"). */
const OTHER_ONE = /隔壁[^，,？?]{0,6}(?:那|嗰)?(?:套|家|间|所)|另(?:外)?一(?:家|套|间|所)(?!人)|^(?:and |what about |how about )(?:the other|another) (?!(?:question|thing|one|way|time|round|option|approach|reading|cast|line|interviewer|examiner|judge|buyer|seller|agent of|side|person|finalist|candidate|applicant|bidder|party|driver|rival|competitor|team)\b)[a-z]+|^(?:and |what about |how about )(?:the one (?:in|at|on|from)|(?:my|our) other (?!half)[a-z]+)|(?<![a-z])(?:my|our) other (?!half|one)(?:cat|dog|kid|son|daughter|car|flat|house|job|shop|store|account|case|pet)(?![a-z])/;
/** "X呢" ends a clause at punctuation, at the end, or at a space before more words ("那 GRE 呢 下个月考"). */
const AFTER_ZH = /^(?:那|那么|那麼|咁)?(.{1,24}?)(?:呢|嘅呢)(?:[？?，,\s]|$)/;
/** "那我老婆明年能升职吗": a leading 那 then someone. */
const THEN_ZH = /^(?:那|那么|那麼|咁)(?!是|就|个|這|这|樣|样)/;
/** Words too common to tell two targets apart. */
const STOP_EN = new Set(["the", "a", "an", "my", "our", "of", "with", "from", "to", "in", "on", "for", "and", "at", "this", "that", "next", "last", "other", "one"]);
/** The words that announce another question ("顺便问一下", "对了", "另外", "还有"). */
const ANNOUNCED = /^(?:顺便问(?:一?下)?|对了|另外|还有)/;
/**
 * What follows such words when it asks only about this reading ("另外，要注意什么", "顺便问下应期", "对了，什么时候有结果"):
 * the whole rest, so that a matter named after it ("另外，什么时候能结婚") is still another question.
 */
const READING_ASKED = /^[，,、：:\s]*(?:(?:我|我们)?还?(?:要|该|应该|需要)?(?:注意(?:些)?什么|怎么(?:做|办)|做(?:些)?什么)|应期(?:呢|是(?:什么时候|哪天))?|(?:大概|大约)?(?:什么时候|多久|几时)(?:有结果|有消息|能有结果|会有结果|出结果)?|用神|动爻|世爻|应爻|变卦|这卦(?:怎么看|怎么说)?)[吗呢？?。.!！~\s]*$/;
/**
 * Someone's view of this matter, and nothing else ("家里人的意见呢", "我妈怎么看", "what does my mom think?",
 * "what about my family's opinion?"): a person inside it. The whole follow-up, so that another matter named
 * beside the view ("我妈怎么看我跳槽") is not taken in.
 */
const OPINION = /^(?:那|那么)?[^，,。？?\s]{0,5}?(?:的)?(?:意见|看法|态度|想法|反应)(?:呢|如何|怎么样|是什么)?[？?]?$|^(?:那|那么)?[^，,。？?\s]{1,5}?(?:会)?怎么(?:看|想|说)(?:这件事|这事)?[？?]?$|^(?:and |so )?what (?:does|do|would|will) (?:my |our |the )?[a-z-]+(?: [a-z-]+)? (?:think|say)(?: about (?:it|this|that))?\??$|^(?:what about |how about |and )?(?:my |our |the |their |his |her )?(?:[a-z-]+(?:'s|s') )?(?:opinion|view|views|thoughts|take|reaction)\??$/;

/** A question announced as another one ("还有，我女儿…"; not "还有呢？", "还有什么要注意的？": more of the same reading; nor "还有救吗", "还有希望吗": the matter's own chance). */
const ANOTHER = /^(?:顺便问(?:一?下)?|对了|另外(?!那|嗰|的)|还有(?!呢|吗|么|什么|啥|没|别的|其他|救|希望|机会|戏|可能|转机|余地|挽回|[？?]|$))|(?<![a-z])(?:i'?m also (?:thinking|planning|wondering)|also thinking of|another thing|one more thing)(?![a-z])|另外还想|还想问问|也想问问/;
/** Words that tie "X?" back into the cast's matter (the licence "that was in it", 里面的). */
const INSIDE = /(?<![a-z])(?:in it|inside|that was in|from it|of it)(?![a-z])|里面|里头|其中/;
const PRONOUN_ONLY = /^(?:他|她|它|他们|她们|佢|佢哋|him|her|them|it|he|she)$/;
/** "然后呢", "感情方面呢", "结果呢", "还有呢": asking on about the same reading, not after another target. */
const SAME_READING = /然后|之后|接下来|方面|怎么|为什么|什么|多久|几时|结果|后来|具体|详细|其他|别的|^还有$|^(?:then|next|more|so|after that|what else|why|how|the rest|otherwise|if not|if so)$/;

/**
 * The cast's question asked again of someone else, who leads the follow-up ("那我老公这个月能找到
 * 工作吗" after "这个月能找到新工作吗", "Is my brother hiding something from his wife?" after "Is my
 * husband hiding something from me?"): what follows the person repeats the question's words and
 * leaves the asker out of it (a "me" there makes the person part of the asker's matter).
 */
const LEADING_PERSON_ZH = new RegExp(`^(?:那|那么|那麼|咁)?(?:我|我们|我哋|我家|我个|我個)?(?:的|嘅)?(${TIE_WORDS_PATTERN.zh}|${OTHERS_ZH})(?:的|嘅)?`);
const LEADING_PERSON_EN = new RegExp(`^(?:(?:and|so|ok|what about|how about),? )?(?:(?:is|will|can|does|did|would|could|are) )?(?:my|our) (${TIE_WORDS_PATTERN.en}|${OTHERS_EN}|friend|best friend|bestie|partner)(?:'s)?(?![a-z-])`);
const ASKER_IN_IT = /我|(?<![a-z])(?:me|my|i|mine|myself)(?![a-z])/;
/** The person only reports or asks the question ("我老公觉得这次面试能过吗", "my mum wonders if…"): still the asker's. */
const REPORTED = /^\s*(?:也?(?:觉得|认为|说|问|想知道|担心|怕|希望|觉|讲|话))|^\s*(?:thinks?|says?|asks?|wonders?|worries|wants to know|believes?|hopes?|feels?)(?![a-z])/;

/** Han bigrams of a text. */
const bigrams = (text: string) => {
  const han = text.replace(/[^\p{Script=Han}]/gu, "");
  return Array.from({ length: Math.max(0, han.length - 1) }, (_, i) => han.slice(i, i + 2));
};
const CONTENT_EN = (text: string) => text.split(/[^a-z0-9']+/).filter((w) => w.length > 2 && !STOP_EN.has(w) && !["will", "can", "does", "did", "would", "could", "are", "is", "be", "get", "his", "her", "their", "him", "she", "they"].includes(w));

function sameQuestionOfSomeoneElse(q: string, f: string): boolean {
  const zh = LEADING_PERSON_ZH.exec(f);
  const en = zh ? null : LEADING_PERSON_EN.exec(f);
  const person = zh?.[1] ?? en?.[1];
  if (!person || q.includes(person)) return false;
  const rest = f.slice((zh ?? en)![0].length);
  if (ASKER_IN_IT.test(rest) || REPORTED.test(rest)) return false;
  if (zh) {
    const mine = bigrams(rest);
    const shared = mine.filter((b) => q.includes(b)).length;
    return shared >= 2 && shared / mine.length >= 0.5;
  }
  const words = CONTENT_EN(rest);
  const asked = new Set(CONTENT_EN(q));
  const shared = words.filter((w) => asked.has(w)).length;
  return shared >= 2 && shared / words.length >= 0.5;
}

const NUMERAL = /[一二三四五六七八九十0-9]/;
/** The same thing with another number ("科目三" after "科目二", "二面" after "一面"): another stage, another event. */
function otherNumber(han: string, question: string): boolean {
  const at = question.indexOf(han.slice(0, 2));
  const mine = NUMERAL.exec(han.slice(2, 4))?.[0];
  const theirs = NUMERAL.exec(question.slice(at + 2, at + 4))?.[0];
  return mine !== undefined && theirs !== undefined && mine !== theirs;
}

/** An English target none of whose words the cast's question has, or one with a proper name it lacks ("the Brazilian supplier"). */
function newTarget(subject: string, question: string, original: string): boolean {
  const words = subject.split(/[^a-z0-9']+/).filter((w) => w && !STOP_EN.has(w));
  const asked = new Set(question.split(/[^a-z0-9']+/));
  const absent = words.filter((w) => !asked.has(w)).length;
  // None of its words in the cast's question, or most of several ("my motorcycle endorsement test" after "my driving test").
  if (words.length > 0 && (absent === words.length || (absent >= 2 && absent / words.length >= 0.6))) return true;
  const proper = original.match(/(?<!^)(?<![.?!]\s)\b[A-Z][a-z]+/g) ?? [];
  return proper.some((w) => !asked.has(w.toLowerCase()));
}

const DECISION_WORD = new RegExp(`${DECISION_WORDS_ZH}|还是|(?<![a-z])should (?:i|we|he|she)(?![a-z])`);

/** The condition before the decision word names something along the way (ALONG_THE_WAY). */
function alongTheWay(f: string): boolean {
  const decision = DECISION_WORD.exec(f);
  return decision !== null && ALONG_THE_WAY.test(f.slice(0, decision.index));
}

export interface FrameChange {
  changed: boolean;
  reason: FrameReason | null;
  /** Asked after a person of the matter itself ("what about the other candidates?"): no other matter, whatever the words. */
  inside?: true;
}

/**
 * Whether `followUp` opens another matter than `castQuestion`, by the signals above.
 * @example frameChange("我明年能升职吗？", "升不了的话，是不是该跳槽？") // { changed: true, reason: "decision" }
 * @example frameChange("Will I get my wallet back?", "What about my license that was in it?") // { changed: false, reason: null }
 */
export function frameChange(castQuestion: string, followUp: string): FrameChange {
  const f = foldText(followUp).trim();
  const q = foldText(castQuestion);
  const yes = (reason: FrameReason): FrameChange => ({ changed: true, reason });
  if (DROP.test(f)) return yes("drop");
  if (SET_ASIDE.test(f) && ASKS_ON.test(f.replace(SET_ASIDE, ""))) return yes("drop");
  if (asksTermsOfTheAct(q, f) || (FOUND_WITH_IT.test(f) && !ANOTHER_LOSS.test(f)) || OPINION.test(f)) return { changed: false, reason: null, inside: true };
  if ((DECISION_EN.test(f) || DECISION_ZH.test(f)) && !SAME_DECISION.test(f) && !alongTheWay(f)) return yes("decision");
  const insidePerson = INSIDE_PERSON.test(f);
  // The person the cast asks about, doing something too ("我妈也有高血压" after "我妈的手术"), is still in that matter.
  const parallel = PARALLEL_ZH.exec(f);
  const parallelElsewhere = parallel !== null && !q.includes(parallel[1]!);
  if (!insidePerson && (parallelElsewhere || PARALLEL_EN.test(f) || THEIRS.test(f) || ANOTHER_ONE_TOO.test(f) || SOMEONE_ASKED.test(f) || SOMEONE_ASKED_ZH.test(f) || OWN_MATTER.test(f))) return yes("whose");
  if (!insidePerson && sameQuestionOfSomeoneElse(q, f)) return yes("whose");
  const cast = whose(castQuestion);
  const next = whose(followUp);
  if (cast.owner && SELF_TOO.test(f)) return yes("whose");
  if (!cast.owner && cast.named.length === 0 && !next.owner && OPEN_SEARCH.test(q) && NEW_ACQUAINTANCE.test(f)) return { changed: false, reason: null, inside: true };
  if (THEN_ZH.test(f) && next.owner && next.owner !== cast.owner && !cast.named.includes(next.owner)) return yes("whose");
  // Asked after someone by their tie: another owner than the cast's (or the asker, after someone else's cast).
  const askedAfter = AFTER_EN.exec(f)?.[1] ?? AFTER_ZH.exec(f.replace(/[，,。.！!\s]+$/, ""))?.[1];
  if (askedAfter !== undefined) {
    const subject = askedAfter.replace(/^(?:my|our) /, "").trim();
    if (RIVALS.test(subject) || PARTS.test(subject)) return { changed: false, reason: null, inside: true };
    if (PRONOUN_ONLY.test(subject) || INSIDE.test(f) || INSIDE_PERSON.test(subject) || SAME_READING.test(subject) || ASPECT.test(subject)) return { changed: false, reason: null };
    if (/^(?:我|我自己|me|mine|myself)$/.test(subject)) return cast.owner ? yes("whose") : { changed: false, reason: null };
    const tie = next.named.find((t) => !cast.named.includes(t));
    if (tie) return yes("whose");
    // Something not in the cast's question: another target.
    const han = subject.replace(/^(?:我的|我们的|我家的?|我)/, "");
    if (/\p{Script=Han}/u.test(subject) ? han.length > 0 && (!q.includes(han.slice(0, 2)) || otherNumber(han, q)) : newTarget(subject, q, followUp)) return yes("what");
  }
  if ((ANOTHER.test(f) && !READING_ASKED.test(f.replace(ANNOUNCED, ""))) || PARALLEL_TARGET.test(f) || EARLIER_ITEM.test(f) || (OTHER_ONE.test(f) && !insidePerson)) return yes("what");
  return { changed: false, reason: null };
}
