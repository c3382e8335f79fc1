/**
 * The 64 hexagrams' text in the classic (《周易》, the received text 通行本), in the King Wen order (1 乾 …
 * 64 未济): the judgment (卦辞), without the hexagram's title before it, and the image (大象), without 象曰;
 * and the judgment in plain words, Chinese and English, our own. A 纳甲 reading does not rest on them (it
 * reads the lines); an answer quotes them when asked what a hexagram means. A test holds the judgments and
 * images equal to a table written independently (test/data/liuyao/zhouyi-independent.jsonl), punctuation aside.
 */
export interface HexagramText {
  readonly judgment: string;
  readonly image: string;
  /** The judgment in plain words. */
  readonly plain: { readonly zh: string; readonly en: string };
}

/** 坎's judgment is titled 习坎 (the abyss doubled); every other's by the hexagram's short name. */
export const JUDGMENT_TITLE: Readonly<Record<number, string>> = { 29: "习坎" };

const text = ([judgment, image, zh, en]: readonly [string, string, string, string]): HexagramText => ({ judgment, image, plain: { zh, en } });

export const HEXAGRAM_TEXTS: readonly HexagramText[] = ([
  ["元亨利贞。", "天行健，君子以自强不息。", "大为亨通，守正则有利", "great success; steadfastness brings its reward"],
  ["元亨，利牝马之贞。君子有攸往，先迷后得主，利。西南得朋，东北丧朋。安贞吉。", "地势坤，君子以厚德载物。", "柔顺而亨通，像母马一样顺从守正；抢先会迷失，随从则得主；安于正道吉", "success through yielding, as a mare follows: lost when leading, finding the way when following; calm steadfastness is lucky"],
  ["元亨利贞。勿用有攸往，利建侯。", "云雷，屯；君子以经纶。", "万事开头难：大为亨通，守正有利；但先不要贸然前往，宜建立辅助", "a difficult beginning: great success, steadfastness furthers; but do not set out yet; it furthers to appoint helpers"],
  ["亨。匪我求童蒙，童蒙求我。初筮告，再三渎，渎则不告。利贞。", "山下出泉，蒙；君子以果行育德。", "蒙昧求教：是求学的人来求老师；诚心问一次，反复问就是轻慢", "youthful inexperience: the learner seeks the teacher; ask once, sincerely, not again and again"],
  ["有孚，光亨，贞吉。利涉大川。", "云上于天，需；君子以饮食宴乐。", "有诚信地等待，守正吉，时机到了可以渡过大河", "waiting with sincerity: patient steadfastness is lucky; then the great water can be crossed"],
  ["有孚，窒惕，中吉，终凶。利见大人，不利涉大川。", "天与水违行，讼；君子以作事谋始。", "争讼：适可而止吉，争到底凶；宜请德高的人评断，不宜冒险", "conflict: stopping halfway is lucky, pressing on to the end unlucky; it furthers to see a great person, not to cross the great water"],
  ["贞，丈人吉，无咎。", "地中有水，师；君子以容民畜众。", "用兵：守正，由老成持重的人统领，吉而无咎", "the army: steadfast under an experienced leader, lucky and without blame"],
  ["吉。原筮，元永贞，无咎。不宁方来，后夫凶。", "地上有水，比；先王以建万国，亲诸侯。", "亲附：吉；不安的人也来归附，迟来的凶", "holding together: lucky; those who come late fare badly"],
  ["亨。密云不雨，自我西郊。", "风行天上，小畜；君子以懿文德。", "小有蓄积：乌云密布却还没下雨，力量还在积聚", "small restraint: dense clouds but no rain yet; a small holding back before the outcome"],
  ["履虎尾，不咥人，亨。", "上天下泽，履；君子以辩上下，定民志。", "踩在老虎尾巴上却没被咬：谨慎行事可以亨通", "treading on the tiger's tail without being bitten: careful conduct succeeds"],
  ["小往大来，吉亨。", "天地交，泰；后以财成天地之道，辅相天地之宜，以左右民。", "小的去、大的来：吉祥亨通", "peace: the small goes, the great comes; lucky and successful"],
  ["否之匪人，不利君子贞，大往小来。", "天地不交，否；君子以俭德辟难，不可荣以禄。", "闭塞：闭塞不通的不是人道，不利于君子守正；大的去、小的来", "standstill: the way of people is blocked; it does not further the noble one to be steadfast; the great goes, the small comes"],
  ["同人于野，亨。利涉大川，利君子贞。", "天与火，同人；君子以类族辨物。", "在旷野与人和同：亨通，利于渡过大河", "fellowship in the open: success; it furthers to cross the great water"],
  ["元亨。", "火在天上，大有；君子以遏恶扬善，顺天休命。", "大有收获：大为亨通", "great possession: supreme success"],
  ["亨，君子有终。", "地中有山，谦；君子以裒多益寡，称物平施。", "谦虚：亨通，君子能有好的结果", "modesty: success; the noble one carries things through to the end"],
  ["利建侯行师。", "雷出地奋，豫；先王以作乐崇德，殷荐之上帝，以配祖考。", "安乐振奋：利于建立事业、出师行动", "enthusiasm: it furthers to appoint helpers and set things in motion"],
  ["元亨利贞，无咎。", "泽中有雷，随；君子以向晦入宴息。", "随从：大为亨通，守正有利，没有灾咎", "following: great success; steadfastness furthers; no blame"],
  ["元亨，利涉大川。先甲三日，后甲三日。", "山下有风，蛊；君子以振民育德。", "整治败坏：亨通，利于渡过大河；事前事后都要思量周全", "work on what has decayed: success; it furthers to cross the great water; consider well before and after"],
  ["元亨利贞。至于八月有凶。", "泽上有地，临；君子以教思无穷，容保民无疆。", "临近、监临：大为亨通，但到了八月会有凶险", "approach: great success, but the eighth month brings misfortune"],
  ["盥而不荐，有孚颙若。", "风行地上，观；先王以省方观民设教。", "观仰：像祭祀时洗手之后、献祭之前那样诚敬庄重", "contemplation: the hands washed, the offering not yet made; sincere and dignified"],
  ["亨。利用狱。", "雷电噬嗑；先王以明罚敕法。", "咬合：亨通，利于断案用刑", "biting through: success; it furthers to use the law"],
  ["亨。小利有攸往。", "山下有火，贲；君子以明庶政，无敢折狱。", "文饰：亨通，小事宜于前往", "grace: success; small undertakings further"],
  ["不利有攸往。", "山附于地，剥；上以厚下安宅。", "剥落：不宜有所前往", "splitting apart: it does not further to go anywhere"],
  ["亨。出入无疾，朋来无咎。反复其道，七日来复，利有攸往。", "雷在地中，复；先王以至日闭关，商旅不行，后不省方。", "回复：亨通，出入无碍；七日一个来回，宜于前往", "return: success; the turn comes back on the seventh day; going forward furthers"],
  ["元亨利贞。其匪正有眚，不利有攸往。", "天下雷行，物与无妄；先王以茂对时育万物。", "不妄为：大为亨通，守正有利；不正就有灾，不宜前往", "innocence: great success if upright; if not, misfortune, and going anywhere does not further"],
  ["利贞。不家食吉，利涉大川。", "天在山中，大畜；君子以多识前言往行，以畜其德。", "大有蓄积：守正有利，不在家吃闲饭吉，利于渡过大河", "great taming: steadfastness furthers; not eating at home is lucky; the great water can be crossed"],
  ["贞吉。观颐，自求口实。", "山下有雷，颐；君子以慎言语，节饮食。", "颐养：守正吉，看他自己求取什么来养口", "nourishment: steadfastness is lucky; watch what one seeks to fill one's mouth with"],
  ["栋桡，利有攸往，亨。", "泽灭木，大过；君子以独立不惧，遁世无闷。", "大为过度：栋梁弯曲，宜于有所前往，亨通", "great excess: the ridgepole sags; it furthers to have somewhere to go; success"],
  ["有孚，维心亨，行有尚。", "水洊至，习坎；君子以常德行，习教事。", "重重险陷：心怀诚信，内心亨通，行动会得到嘉尚", "the abyss repeated: with sincerity the heart succeeds; acting is esteemed"],
  ["利贞，亨。畜牝牛，吉。", "明两作，离；大人以继明照于四方。", "附丽、光明：守正有利，亨通；畜养母牛吉", "the clinging, fire: steadfastness furthers; success; caring for the cow brings luck"],
  ["亨，利贞。取女吉。", "山上有泽，咸；君子以虚受人。", "感应：亨通，守正有利，娶妻吉", "influence, courtship: success; steadfastness furthers; to take a wife is lucky"],
  ["亨，无咎，利贞。利有攸往。", "雷风，恒；君子以立不易方。", "恒久：亨通无咎，守正有利，宜于前往", "duration: success without blame; steadfastness furthers; going forward furthers"],
  ["亨，小利贞。", "天下有山，遁；君子以远小人，不恶而严。", "退避：亨通，小事守正有利", "retreat: success; in small things steadfastness furthers"],
  ["利贞。", "雷在天上，大壮；君子以非礼弗履。", "大为强盛：守正有利", "great power: steadfastness furthers"],
  ["康侯用锡马蕃庶，昼日三接。", "明出地上，晋；君子以自昭明德。", "晋升：康侯得到许多赏赐的马，一天之内三次受到接见", "progress: the lord is honoured with many horses and received three times in a day"],
  ["利艰贞。", "明入地中，明夷；君子以莅众，用晦而明。", "光明受损：在艰难中守正有利", "darkening of the light: it furthers to be steadfast in hardship"],
  ["利女贞。", "风自火出，家人；君子以言有物，而行有恒。", "家人：女子守正有利", "the family: the woman's steadfastness furthers"],
  ["小事吉。", "上火下泽，睽；君子以同而异。", "乖离：小事吉", "opposition: in small matters, luck"],
  ["利西南，不利东北；利见大人，贞吉。", "山上有水，蹇；君子以反身修德。", "艰难：往西南有利，往东北不利；宜见贵人，守正吉", "obstruction: the southwest furthers, the northeast does not; it furthers to see a great person; steadfastness is lucky"],
  ["利西南，无所往，其来复吉。有攸往，夙吉。", "雷雨作，解；君子以赦过宥罪。", "解除：往西南有利；无处可去就回来吉，有地方去早去吉", "deliverance: the southwest furthers; with nowhere to go, returning is lucky; with somewhere to go, going early is lucky"],
  ["有孚，元吉，无咎，可贞，利有攸往。曷之用？二簋可用享。", "山下有泽，损；君子以惩忿窒欲。", "减损：心怀诚信大吉无咎；两簋薄礼就足以祭享", "decrease: with sincerity, great luck and no blame; two small bowls suffice for the offering"],
  ["利有攸往，利涉大川。", "风雷，益；君子以见善则迁，有过则改。", "增益：宜于前往，利于渡过大河", "increase: it furthers to go forward and to cross the great water"],
  ["扬于王庭，孚号，有厉。告自邑，不利即戎，利有攸往。", "泽上于天，夬；君子以施禄及下，居德则忌。", "决断：在王庭上公开宣布，有危险；不宜动武，宜于前往", "breakthrough: make it known at the king's court, with danger; not by arms; going forward furthers"],
  ["女壮，勿用取女。", "天下有风，姤；后以施命诰四方。", "相遇：女子过于强盛，不要娶这样的女子", "coming to meet: the woman is strong; do not marry such a woman"],
  ["亨。王假有庙，利见大人，亨，利贞。用大牲吉，利有攸往。", "泽上于地，萃；君子以除戎器，戒不虞。", "会聚：亨通；君王到宗庙祭祀，宜见贵人，用大牲祭祀吉，宜于前往", "gathering: success; the king approaches his temple; it furthers to see the great person; great offerings bring luck; going forward furthers"],
  ["元亨，用见大人，勿恤，南征吉。", "地中生木，升；君子以顺德，积小以高大。", "上升：大为亨通，宜见贵人，不必忧虑，往南出征吉", "pushing upward: great success; see the great person, do not worry; going south is lucky"],
  ["亨，贞，大人吉，无咎。有言不信。", "泽无水，困；君子以致命遂志。", "困穷：亨通，守正的大人吉无咎；说的话没人相信", "exhaustion: success for the steadfast great person, no blame; words are not believed"],
  ["改邑不改井，无丧无得，往来井井。汔至，亦未繘井，羸其瓶，凶。", "木上有水，井；君子以劳民劝相。", "井：村邑可以迁移，水井不会迁移；打水的绳子不够长、打破了瓶子，凶", "the well: the town changes, the well does not; if the rope falls short and the jug breaks, misfortune"],
  ["巳日乃孚，元亨利贞，悔亡。", "泽中有火，革；君子以治历明时。", "变革：到了那一天才取信于人，大为亨通，悔恨消失", "revolution: believed once its day has come; great success; remorse vanishes"],
  ["元吉，亨。", "木上有火，鼎；君子以正位凝命。", "鼎：大吉，亨通", "the cauldron: great luck and success"],
  ["亨。震来虩虩，笑言哑哑；震惊百里，不丧匕鬯。", "洊雷，震；君子以恐惧修省。", "震动：亨通；雷来时惊惧，过后谈笑自若；震惊百里而不失主祭的镇定", "shock, thunder: success; fear comes, then laughter; the shock spreads far, the ladle is not dropped"],
  ["艮其背，不获其身；行其庭，不见其人，无咎。", "兼山，艮；君子以思不出其位。", "止：止于背后，看不见自己，也不见别人，无咎", "keeping still: still as one's back; no blame"],
  ["女归吉，利贞。", "山上有木，渐；君子以居贤德善俗。", "渐进：女子出嫁吉，守正有利", "gradual progress: the maiden's marriage is lucky; steadfastness furthers"],
  ["征凶，无攸利。", "泽上有雷，归妹；君子以永终知敝。", "嫁妹：前往凶，无所利", "the marrying maiden: setting out brings misfortune; nothing furthers"],
  ["亨，王假之，勿忧，宜日中。", "雷电皆至，丰；君子以折狱致刑。", "丰盛：亨通，君王能达到这种境地；不必忧虑，宜像正午的太阳", "abundance: success; the king attains it; do not grieve; be like the sun at midday"],
  ["小亨，旅贞吉。", "山上有火，旅；君子以明慎用刑，而不留狱。", "旅行在外：小有亨通，在旅途中守正吉", "the wanderer: small success; steadfastness on the road is lucky"],
  ["小亨，利有攸往，利见大人。", "随风，巽；君子以申命行事。", "顺入：小有亨通，宜于前往，宜见贵人", "the gentle, wind: small success; it furthers to go forward and to see the great person"],
  ["亨，利贞。", "丽泽，兑；君子以朋友讲习。", "喜悦：亨通，守正有利", "the joyous: success; steadfastness furthers"],
  ["亨。王假有庙，利涉大川，利贞。", "风行水上，涣；先王以享于帝立庙。", "涣散：亨通；君王到宗庙祭祀，利于渡过大河，守正有利", "dispersion: success; the king approaches his temple; it furthers to cross the great water"],
  ["亨。苦节不可贞。", "泽上有水，节；君子以制数度，议德行。", "节制：亨通；过度节制而成苦，不可固守", "limitation: success; but bitter limits cannot be kept"],
  ["豚鱼吉，利涉大川，利贞。", "泽上有风，中孚；君子以议狱缓死。", "诚信于中：诚信连小猪和鱼都能感化，吉，利于渡过大河", "inner truth: sincerity that reaches even pigs and fishes is lucky; it furthers to cross the great water"],
  ["亨，利贞。可小事，不可大事。飞鸟遗之音，不宜上宜下，大吉。", "山上有雷，小过；君子以行过乎恭，丧过乎哀，用过乎俭。", "小有过越：可以做小事，不可做大事；宜下不宜上，大吉", "small excess: small things may be done, not great ones; not upward but downward, great luck"],
  ["亨小，利贞。初吉终乱。", "水在火上，既济；君子以思患而豫防之。", "已经完成：小事亨通，守正有利；起初吉，最后乱", "after completion: success in small things; lucky at first, disorder at the end"],
  ["亨。小狐汔济，濡其尾，无攸利。", "火在水上，未济；君子以慎辨物居方。", "尚未完成：亨通；小狐狸快渡过河时沾湿了尾巴，无所利", "before completion: success; the little fox, nearly across, wets its tail; nothing furthers"],
] as const).map(text);
