import { describe, expect, test } from "bun:test";
import { classifyMatter, detectMatterChange, detectMatterChangeByRules, MATTERS } from "../../../src/matter/matter.ts";
import { frameChange } from "../../../src/matter/frame-change.ts";
import { offersAnotherOption } from "../../../src/matter/own-act.ts";
import { MATTER_LEXICON } from "../../../src/matter/lexicon.ts";
import pairs from "./matter-pairs.json";
import { formatTally, tally } from "../../helpers/tally.ts";
import { formatMatterFigures, loadMatterSet, type MatterSetName, matterFigures } from "../../helpers/matter-sets.ts";

type Row = [cast: string, followUp: string, changed: boolean, tag?: string];
const tune = pairs.tune as Row[];
const heldout = pairs.heldout as Row[];
const all = [...tune, ...heldout];

const score = (rows: Row[]) =>
  tally(rows.map(([cast, followUp, expected]) => ({ predicted: detectMatterChange(cast, followUp).changed, expected })));

describe("labelled change-of-matter set", () => {
  test("is large and balanced enough to mean something", () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(all.filter((r) => r[2]).length / all.length).toBeGreaterThanOrEqual(0.4);
    expect(heldout.length).toBeGreaterThanOrEqual(50);
  });

  // The learned model is trained on these pairs too (scripts/train-matter-model.ts): here they show
  // the rules and the model together still decide the team's own cases; the independent sets measure.
  test("precision ≥ 0.95 and recall ≥ 0.85 on the tuned, held-out and whole set", () => {
    for (const [label, rows] of [["tune", tune], ["heldout", heldout], ["all", all]] as const) {
      const t = score(rows);
      console.log(formatTally(`matter/${label}`, t));
      expect(t.precision).toBeGreaterThanOrEqual(0.95);
      expect(t.recall).toBeGreaterThanOrEqual(0.85);
    }
  });

  test("never fires on the ordinary follow-ups, against any cast question in the set", () => {
    const ordinary = all.filter((r) => r[3] === "ordinary").map((r) => r[1]);
    const briefed = ["what should I do next?", "那什么时候会好转？", "why?", "能再详细说说吗", "what does the moving line mean?", "他会怎么做？"];
    const casts = [...new Set(all.map((r) => r[0]))];
    const fired = casts.flatMap((cast) =>
      [...ordinary, ...briefed].filter((f) => detectMatterChange(cast, f).changed).map((f) => `${cast} → ${f}`),
    );
    console.log(`matter/ordinary ${casts.length} casts × ${ordinary.length + briefed.length} follow-ups, fired ${fired.length}`);
    expect(fired).toEqual([]);
  });
});

describe("classifyMatter", () => {
  test.each([
    ["我的工作能保住吗", ["career"]],
    ["工作日还是周末去比较好", []],
    ["丢了工作怎么办", ["career"]],
    ["钱包丢了能找回吗", ["lost_item"]],
    ["我們會離婚嗎", ["relationship", "lawsuit"]],
    ["我老公的身体怎么样", ["health"]],
    ["我老公会回来吗", ["relationship"]],
    ["妻财爻发动代表什么", []],
    ["What does the wealth line mean?", []],
    ["I'd love to know more", []],
    ["I'm sick of waiting", []],
    ["Will my startup make money?", ["career", "money"]],
    ["Will my relationship with my boss improve?", ["career"]],
    ["我跟婆婆的关系能改善吗", ["family"]],
    ["What about the weather?", []],
  ] as const)("%s → %p", (text, expected) => {
    expect(classifyMatter(text)).toEqual([...expected]);
  });

  test("every lexicon row names only matters from the closed set", () => {
    for (const row of MATTER_LEXICON) for (const m of row.matters) expect(MATTERS).toContain(m);
  });
});

describe("detectMatterChange", () => {
  test("fires on a clearly different matter and says which", () => {
    expect(detectMatterChange("这次面试能通过吗", "我的身体有没有什么问题")).toEqual({
      changed: true,
      from: ["career", "study"],
      to: ["health"],
      reason: "different_matter",
    });
  });

  test("same matter, other aspects: no change", () => {
    expect(detectMatterChange("Will I get the job offer?", "Will the salary be good?").reason).toBe("same_matter");
    expect(detectMatterChange("我的病能好吗", "这病会不会影响我工作").changed).toBe(false);
  });

  test("the other candidates of the same contest are inside it; the other employer is not", () => {
    const bank = "Will I get the data analyst job at the bank I interviewed with?";
    for (const f of ["What about the other candidate?", "and the other applicants?", "How about the other finalist?"]) expect(detectMatterChangeByRules(bank, f).changed).toBe(false);
    expect(detectMatterChangeByRules(bank, "What about the other bank?")).toMatchObject({ changed: true, reason: "what" });
    expect(detectMatterChangeByRules("这次银行数据分析岗的面试能过吗", "那另一个候选人呢").changed).toBe(false);
    expect(detectMatterChangeByRules("這次銀行的面試能過嗎", "另一個應徵者呢？").changed).toBe(false);
    // Asked after by that name alone, they are inside the matter whatever the learned model makes of the words.
    for (const f of ["What about the other candidates?", "and the other applicants?", "那另一个候选人呢", "what about my rivals"]) expect(detectMatterChange(bank, f)).toMatchObject({ changed: false, reason: "inside_the_matter" });
    // In a relationship, the third person is inside it too.
    const back = "Will my boyfriend and I get back together?";
    for (const f of ["What about the other girl he's seeing?", "what about the other woman", "And the other guy?"]) expect(detectMatterChange(back, f)).toMatchObject({ changed: false, reason: "inside_the_matter" });
    for (const f of ["那小三呢", "那第三者呢？", "情敌呢"]) expect(detectMatterChange("我和男朋友能复合吗", f)).toMatchObject({ changed: false, reason: "inside_the_matter" });
    // With more said, the other signals still count.
    expect(detectMatterChange(bank, "What about the other bank?").changed).toBe(true);
    // A part of the matter by that name alone (its money, paperwork, terms) is inside it; another one's is not.
    const flat = "Will I get the apartment I applied for?";
    for (const f of ["And the deposit?", "What about the lease?", "and my security deposit", "how about the rent?", "And the keys?"]) expect(detectMatterChange(flat, f)).toMatchObject({ changed: false, reason: "inside_the_matter" });
    for (const f of ["押金呢", "那租约呢？", "那个合同呢", "薪水呢？"]) expect(detectMatterChange("这次能租到那套公寓吗", f)).toMatchObject({ changed: false, reason: "inside_the_matter" });
    expect(detectMatterChange(flat, "what about the deposit on the storage unit I rented?")).toMatchObject({ changed: true, reason: "what" });
    expect(detectMatterChange("这次能租到那套公寓吗", "我以前住的那个房子的押金呢")).toMatchObject({ changed: true, reason: "what" });
    // A lawsuit's money by that name alone: its damages, its settlement, its fees.
    for (const f of ["What about the damages?", "And the settlement?", "the legal fees?", "and the court costs"]) expect({ f, changed: detectMatterChange("Will I win the lawsuit against my landlord?", f).changed }).toEqual({ f, changed: false });
    expect(detectMatterChange("Will I win the lawsuit against my landlord?", "What about the damages?").reason).toBe("inside_the_matter");
    for (const f of ["赔偿呢", "那律师费呢？", "诉讼费呢"]) expect(detectMatterChange("这场官司能赢吗", f)).toMatchObject({ changed: false, reason: "inside_the_matter" });
    expect(detectMatterChange("这场官司能赢吗", "我老公上个月那个剐蹭的赔偿呢").changed).toBe(true);
  });

  test("a cast asking to meet someone at all: whoever the asker meets or is introduced to is its candidate", () => {
    for (const [q, f] of [
      ["今年能遇到正缘吗", "朋友说要给我介绍个男生"],
      ["这个月能脱单吗", "昨天相亲认识了一个女生，感觉还不错"],
      ["年底前能找到对象吗", "有个男的一直约我出去"],
      ["Will I meet someone this year?", "I met a guy at the gym yesterday, is he the one?"],
      ["Will I find love before summer?", "my sister wants to set me up with her coworker"],
    ]) expect({ f, change: detectMatterChange(q!, f!) }).toMatchObject({ f, change: { changed: false, reason: "inside_the_matter" } });
    // Someone else's own search, and a cast about one person, are not this.
    expect(detectMatterChange("这个月能脱单吗", "我闺蜜也认识了一个男生，她能脱单吗").changed).toBe(true);
    expect(frameChange("我和他能在一起吗", "我又认识了一个男生").inside).toBeUndefined();
    expect(frameChange("我妈今年能找到对象吗", "有人给我介绍了个男生").inside).toBeUndefined();
    expect(frameChange("这个月能脱单吗", "同事说想介绍个客户给我").inside).toBeUndefined();
  });

  test("the money or paperwork of the very act a cast asks whether to do is inside its matter", () => {
    for (const [q, f] of [
      ["我该不该跟老公离婚", "离的话房子和存款我能分到多少"],
      ["我應唔應該辭職照顧屋企老人", "辭咗之後冇收入，積蓄撐唔撐到"],
      ["弟弟找我借十万买房 借不借", "借的话要不要让弟媳也签个字"],
      ["要不要把钱借给我表哥周转", "如果借出去以后要不要写借条"],
      ["Should I lend my friend Jake $3000?", "if I lend it, should I make him sign an agreement?"],
      ["should I quit my job this spring", "if I quit, will my savings last a year?"],
      ["要不要辞职去考公", "辞职以后存款够撑一年吗"],
      ["Should we sell the house?", "once we sell how much do we keep after the mortgage"],
      ["Should I divorce him?", "I keep wondering, if I divorced him would alimony be paid?"],
      ["My friend Jake asked to borrow $3000, should I lend it?", "if I lend it, is an agreement enough"],
      ["我的车卖不卖呢", "说实话，卖的话合同要注意什么"],
    ]) expect({ f, change: detectMatterChange(q!, f!) }).toMatchObject({ f, change: { changed: false, reason: "inside_the_matter" } });
    // A new venture after the act, another act, or an outcome question's cast is not this.
    for (const [q, f] of [
      ["这套房该不该买", "买了以后要不要把老房子卖掉"],
      ["要不要辞职", "辞职以后去开网店能赚钱吗"],
      ["我申請嘅公屋今年會唔會編到？", "編到之後要唔要將啲儲蓄拎去買車"],
      ["这次面试能不能过", "过了以后工资能拿多少"],
      ["该不该借钱给我弟", "买了房以后存款够不够"],
      ["Should I sell my car?", "if I move, how much will the lease cost?"],
      ["要不要买这套房", "我朋友买的话合同要注意什么"],
    ]) expect({ f, inside: frameChange(q!, f!).inside }).toEqual({ f, inside: undefined });
  });

  test("another option to the cast's own decision stays in it, whatever domain its words are in", () => {
    expect(detectMatterChange("should we do ivf this year or keep trying naturally", "or should we wait until after my promotion")).toMatchObject({ changed: false, reason: "inside_the_matter" });
    expect(detectMatterChange("要不要今年要孩子", "还是等我升职以后再说")).toMatchObject({ changed: false });
    expect(offersAnotherOption("要不要辞职", "或者先请个长假")).toBe(true);
    expect(offersAnotherOption("要不要辞职", "  还是先跟老板谈谈")).toBe(true);
    // Not an option to a decision: an outcome asked, or "or" inside a word or later in the sentence.
    expect(offersAnotherOption("今年能升职吗", "还是说我干脆跳槽")).toBe(false);
    expect(offersAnotherOption("should i move to berlin", "organic food stores there?")).toBe(false);
    expect(offersAnotherOption("should i move to berlin", "what about the flat, or the job?")).toBe(false);
    // A plain switch of domain after a decision, offering nothing, is judged as before.
    expect(detectMatterChangeByRules("should we do ivf this year or keep trying naturally", "Will I get promoted this year?").reason).toBe("different_matter");
  });

  test("a follow-up that asks about cause or effect stays on the matter", () => {
    expect(detectMatterChange("他还爱我吗", "他是不是因为工作太忙才冷淡我的").reason).toBe("linked_to_cast_matter");
  });

  test("unknown cast matter: only an explicit new question fires", () => {
    expect(detectMatterChange("帮我算一卦", "我的官司能赢吗").reason).toBe("cast_matter_unknown");
    expect(detectMatterChange("帮我算一卦", "换个问题，我的官司能赢吗").reason).toBe("explicit_new_question");
    expect(detectMatterChange("Please cast for me", "another question").changed).toBe(false);
  });

  test("a switch phrase alone never fires", () => {
    expect(detectMatterChange("我的工作会顺利吗", "换个问题").changed).toBe(false);
    expect(detectMatterChange("Will I get the job?", "By the way, thanks!").changed).toBe(false);
  });

  test("a weakly named matter (a person) fires by the rules only with an explicit switch; the learned model then judges it", () => {
    expect(detectMatterChangeByRules("Will I get promoted?", "Will my girlfriend forgive me?").reason).toBe("weak_follow_up_matter");
    expect(detectMatterChange("Will I get promoted?", "Will my girlfriend forgive me?")).toMatchObject({ changed: true, reason: "learned_new" });
    expect(detectMatterChange("我的工作会顺利吗", "换个问题，我女朋友会原谅我吗").changed).toBe(true);
  });

  test("deterministic", () => {
    const a = detectMatterChange("今年能买到房子吗", "我的考研能上岸吗");
    expect(detectMatterChange("今年能买到房子吗", "我的考研能上岸吗")).toEqual(a);
  });
});

/** A labelled set's figures by the judgment itself, printed, and held to their floors. */
function expectFigures(name: MatterSetName, precision: number, recall: number) {
  const f = matterFigures(loadMatterSet(name), (p) => detectMatterChange(p.question, p.follow_up).changed);
  console.log(formatMatterFigures(`matter/${name}`, f));
  expect(f.precision).toBeGreaterThanOrEqual(precision);
  expect(f.recall).toBeGreaterThanOrEqual(recall);
}

describe("the independent labelled pairs (test/data/matter), development sets", () => {
  // D was written to be hard: conditional advice about the same matter beside decisions that follow the outcome.
  test.each([
    ["set-a-dev", 0.95, 0.8],
    ["set-b-dev", 0.95, 0.8],
    ["set-d-dev", 0.94, 0.95],
    ["set-e-dev", 0.99, 0.93],
    ["set-f-dev", 0.97, 0.72],
    // G, a seventh author's, measured before any tuning on it at 0.953 / 0.691.
    ["set-g-dev", 0.95, 0.76],
    // H, an eighth author's, measured before any tuning on it at 0.940 / 0.553 (the rules alone).
    ["set-h-dev", 0.95, 0.7],
    // O and P, the two teaching sets (a decision's object; a person of the matter against another's own),
    // before any use: O 0.741 / 0.963 and P 0.851 / 0.909.
    ["set-o-dev", 0.99, 0.95],
    ["set-p-dev", 0.99, 0.95],
  ] as const)("%s (tuned on): precision ≥ %d and recall ≥ %d (the held-out sets run through the API)", (name, precision, recall) => {
    expectFigures(name, precision, recall);
  });

  // K, an eleventh author's, written for precision (people, money and consequences inside the matter):
  // 0.956 / 0.850 before any use. Trained on, it lowered the held-out figures, so the model is not;
  // it stays a set read freely but never learned from. The teaching sets O and P were asked for with
  // examples of the kinds K and M hold, so K and M no longer measure text unlike the training: with
  // them, 0.974 / 0.833 and 0.966 / 0.772 (the held-out sets run through the API are what count).
  test("set-k-validation (never trained on): precision ≥ 0.97 and recall ≥ 0.83", () => {
    expectFigures("set-k-validation", 0.97, 0.83);
  });

  // M, a thirteenth author's, the hardest for precision (conditional advice on the option itself, people
  // pointed back to, money and alternatives inside the matter): 0.911 / 0.772 before any use, under the
  // goal. Rules tuned on it, and the model retrained with them, lost one right "same" on each of A and C
  // held out, so neither was kept; with the teaching sets O and P (above) 0.966 / 0.772.
  test("set-m-validation (never trained on): precision ≥ 0.96 and recall ≥ 0.77", () => {
    expectFigures("set-m-validation", 0.96, 0.77);
  });

  // S, a nineteenth author's, written after everything else for precision (people, things, conditions,
  // timing and chat inside the matter, 122 contrast groups): 0.994 / 0.797 before any use; never tuned on.
  test("set-s-validation (never trained on): precision ≥ 0.99 and recall ≥ 0.79", () => {
    expectFigures("set-s-validation", 0.99, 0.79);
  });

  // T and U, a twentieth and a twenty-first author's, written for precision (T: people and things inside the
  // matter in another domain's words, advice that sounds like its own decision; U: whole conversations over
  // days, drifting now and then): 0.967 / 0.883 and 0.941 / 0.828 before any use; read freely, never trained on.
  // V and W, a twenty-second and a twenty-third author's, written for precision on advice (V) and on people and
  // things inside the matter (W): 0.972 / 0.648 and 0.986 / 0.906 before any use; read freely, never trained on.
  // V's recall is low by design: its "new" are advice about another target or person, said in advice's words.
  test.each([
    ["set-t-validation", 0.97, 0.88],
    ["set-u-validation", 0.95, 0.82],
    ["set-v-validation", 0.98, 0.64],
    ["set-w-validation", 0.98, 0.9],
  ] as const)("%s (never trained on): precision ≥ %d and recall ≥ %d", (name, precision, recall) => {
    expectFigures(name, precision, recall);
  });

  test("things found back with what was lost are inside its matter; another or an earlier loss is not", () => {
    const inside = (question: string, followUp: string) => detectMatterChangeByRules(question, followUp).reason === "inside_the_matter";
    expect(inside("被偷的摩托车能找回来吗", "车上的头盔和手机也能一起找回来吗")).toBe(true);
    expect(inside("我部相機喺的士度唔見咗，搵唔搵得返", "袋入面啲鏡頭可唔可以連埋搵返")).toBe(true);
    expect(inside("Will I get my stolen bike back?", "did the lock turn up along with it?")).toBe(true);
    expect(inside("我的钱包丢了能找回来吗", "上次丢的耳机也能一起找回来吗")).toBe(false);
    expect(inside("Will I get my stolen bike back?", "will my other bike turn up along with it?")).toBe(false);
  });

  test("a price falling or the rent raised is along the way; advice on it stays in the matter", () => {
    for (const [question, followUp] of [
      ["Will my index fund recover this year?", "if prices drop further, should I wait?"],
      ["Will my index fund recover this year?", "if they dip again should I sell?"],
      ["Will my index fund recover this year?", "if the market does crash, should I sell?"],
      ["Will my index fund recover this year?", "if it crashes again should I hold?"],
      ["Will the landlord renew our lease?", "if they raise the rent, should we move out?"],
      ["Will the landlord renew our lease?", "if they hike the rent, should we leave?"],
      ["Will the landlord renew our lease?", "if they jack up the rent, should we stay?"],
      ["Will the landlord renew our lease?", "if he ups the rent should we fight it?"],
    ]) expect(detectMatterChangeByRules(question!, followUp!).changed).toBe(false);
  });

  test.each([
    ["我明年能升职吗？", "那我老婆明年能升职吗？", "whose"],
    ["我今年考研能上岸吗？", "我男朋友也考，他能上岸吗？", "whose"],
    ["Will my work visa be approved?", "If it's approved, should I sell my car here or ship it?", "decision"],
    ["这笔房贷要不要提前还？", "车贷呢？", "what"],
    // Announced as another question and naming another matter after it.
    ["这次面试能通过吗", "另外，什么时候能结婚", "what"],
    ["这次面试能通过吗", "对了，我爸的身体怎么样", "what"],
    ["这次面试能通过吗", "另外，我女儿要注意什么", "what"],
    ["我跟男友交往五年了，他會跟我求婚嗎？", "先不管他了，我今年的工作運怎樣？", "drop"],
    ["我間舖頭嘅租約續唔續到？", "唔續嘅話，係咪索性移民算", "decision"],
    // Sets E and F (development): someone's own one of the same, a next stage, another one pointed at.
    ["我考的教师编笔试能进面吗", "我表姐考的是另一个区，她能进面吗", "whose"],
    ["这次公司竞聘部门经理能上吗", "我爱人单位也在提拔，她有戏吗", "whose"],
    ["Will I win the design competition I entered?", "My partner entered a photography contest, will she win?", "whose"],
    ["這次台積電的面試會上嗎?", "學長自己也想轉調部門，他能調成嗎?", "whose"],
    ["我今年驾照科目二能一次过吗", "那科目三呢", "what"],
    ["这套学区房能顺利买下来吗", "要不要再看看隔壁小区那套", "what"],
    ["这周末的相亲能成吗", "上次那个相亲对象还会联系我吗", "what"],
    ["我这次出国交换能被选上吗", "选上了要不要延毕", "decision"],
    ["Will my dog recover from his surgery?", "Random, but is this a good year for me financially?", "drop"],
    ["这次跳槽去新公司好不好？", "还有，我上周丢的耳机能找到吗", "what"],
    // A condition on the outcome before "when should I", and an earlier loss found "together".
    ["Will I pass my driving test?", "if I pass, when should I buy a car?", "decision"],
    ["这次考研能上岸吗", "考上了要不要换个城市生活", "decision"],
    ["我的猫丢了能找回来吗", "上次丢的那只狗也能一起找回来吗", "what"],
    ["我的钱包丢了能找回来吗", "另一个钱包也能一起找回来吗", "whose"], // another one of the same kind, "too"
  ] as const)("%s → %s: new (%s)", (question, followUp, reason) => {
    expect(detectMatterChange(question, followUp)).toMatchObject({ changed: true, reason });
  });

  test.each([
    ["I lost my wallet. Will I get it back?", "What about my driver's license that was in it?"], // inside the wallet
    ["我老公这次竞聘处长能成功吗？他的对手是一个女同事。", "那她呢？"], // the rival, inside the matter
    ["Will our IVF transfer succeed?", "Is our clinic's doctor good?"], // a person inside the matter, not a health question
    ["我下周二的公务员面试能过吗？", "面试那天穿正装还是商务休闲？"], // advice
    ["滨江花园那套房子这个月能卖出去吗", "如果买家压到380万，我要不要松口"], // a condition along the way: advice
    ["Will I win my custody modification hearing?", "If the judge asks about my night shifts, should I tell the truth?"],
    // Set F (development): someone inside the matter, with "too" or "will she".
    ["我妈下个月的胆囊手术能顺利吗?", "我妈也有高血压，手术中会不会因为这个出状况?"], // the same person
    ["我的uni application能拿到UCL的offer吗?", "同一个program我同学也申了，名额很少，她会不会跟我抢?"], // a rival
    ["我跟现在这家公司的劳动仲裁能拿到赔偿吗?", "我同事也被一起裁了，他愿意给我作证吗?"], // a witness
    ["Will my green card interview go well?", "My wife is nervous about the joint interview. Will she hold up?"], // the joint interview
    ["我们公司能拿下这次政府招标项目吗?", "另一家投标单位是本地企业，有关系，会被他们抢走吗?"], // the other bidder
    ["我跟前公司的竞业协议纠纷，对方会告我吗?", "如果真的被起诉，我该和解还是应诉?"], // a condition along the way
    // Set V: an occasion coming ("快到了") is no outcome a decision follows.
    ["我和她还能和好吗", "她生日快到了，要不要送个礼物"],
    ["我们的友谊还能修复吗", "他下周要到了，要不要去接机"],
    // Sets T and U (development): "when should I" asks when; a price or the rent moving is along the way; things found with it.
    ["Should we buy the flat on Elm Road?", "when should we make the offer?"],
    ["Will my gold ETF go back up?", "if it drops another 10%, should I sell?"],
    ["Will my index fund recover this year?", "if the market dips, should we buy more?"],
    ["Will the landlord renew our lease?", "if he raises the rent, should we stay?"],
    ["我的钱包丢了能找回来吗", "里面的身份证也能一起找回来吗"],
    ["Will I get my stolen laptop back?", "will the charger in the bag turn up along with it?"],
    // "What else?" asks on about the same reading; "还有" opening another matter is below.
    ["这次跳槽去新公司好不好？", "還有呢？"],
    ["这次跳槽去新公司好不好？", "那还有呢"],
    ["这次跳槽去新公司好不好？", "还有吗"],
    ["这次跳槽去新公司好不好？", "还有什么要注意的？"],
    ["这次跳槽去新公司好不好？", "还有别的吗？"],
    // "还有救吗", "还有希望吗": whether the matter itself still has a chance, not another matter.
    ["我和男朋友还能复合吗", "还有救吗"],
    ["这次面试能通过吗", "还有希望吗？"],
    ["这次面试能通过吗", "还有机会吗"],
    ["我和男朋友还能复合吗", "还有挽回的余地吗"],
    ["这次跳槽去新公司好不好？", "还有转机吗"],
    // Announced as another question, but asking only about this reading.
    ["我和男朋友还能复合吗", "另外，要注意什么"],
    ["我和男朋友还能复合吗", "顺便问下应期"],
    ["这次面试能通过吗", "对了，大概什么时候有结果？"],
    ["这次面试能通过吗", "对了，我该怎么做"],
    ["这次面试能通过吗", "顺便问一下，动爻？"],
    ["这次面试能通过吗", "另外：这卦怎么看"],
    ["这次面试能通过吗", "顺便问，应期？"],
    ["这次面试能通过吗", "另外 要注意什么"],
    ["这次面试能通过吗", "另外，注意什么"],
    ["这次面试能通过吗", "对了，我该做什么"],
    ["这次面试能通过吗", "顺便问一下，什么时候有消息"],
    ["这次面试能通过吗", "对了，多久"],
    ["这次面试能通过吗", "对了，这卦？"],
  ] as const)("%s → %s: same", (question, followUp) => {
    expect(detectMatterChange(question, followUp).changed).toBe(false);
  });
});

test("announced as another question but asking only about this reading: no other matter, by the frame rules alone", () => {
  for (const followUp of ["另外，要注意什么", "顺便问下应期", "对了，大概什么时候有结果？", "对了，我该做什么", "顺便问一下，动爻？", "另外：这卦怎么看", "顺便问，应期？", "另外 要注意什么", "另外，注意什么", "顺便问一下，什么时候有消息", "对了，多久", "对了，这卦？"]) {
    expect({ followUp, frame: frameChange("这次面试能通过吗", followUp).changed }).toEqual({ followUp, frame: false });
  }
  for (const followUp of ["另外，我女儿要注意什么", "还有，我女儿的学业呢", "对了，我爸的身体怎么样"]) expect({ followUp, frame: frameChange("这次面试能通过吗", followUp).changed }).toEqual({ followUp, frame: true });
});

test("bearing the matter's load is its strain, whatever domain the body or the money is; another person's health is still theirs", () => {
  for (const [question, followUp] of [["这次面试能通过吗", "我身体吃得消吗"], ["Will I get the job offer?", "我身体吃得消吗"], ["这套房子能卖出去吗", "我扛得住吗"], ["Will I get the job offer?", "will my health hold up?"], ["搬去深圳发展好不好", "我的身体受得了吗"]]) {
    expect({ followUp, rules: detectMatterChangeByRules(question!, followUp!).changed }).toEqual({ followUp, rules: false });
  }
  expect(detectMatterChangeByRules("这次面试能通过吗", "我身体吃得消吗").reason).toBe("linked_to_cast_matter");
  expect(detectMatterChangeByRules("这次面试能通过吗", "我爸身体吃得消吗").changed).toBe(true);
  expect(detectMatterChangeByRules("这次面试能通过吗", "我身体最近怎么样").changed).toBe(true);
});

test("someone's view of this matter, and nothing else, is a person inside it; a view of another matter is not", () => {
  for (const followUp of ["家里人的意见呢", "家人意见？", "我爸妈怎么看", "他会怎么想？", "医生的看法呢", "那我妈的态度呢", "what about my family's opinion?", "what does my mom think?", "what does mom think?", "what does my mom think", "what would my big sister say?", "and what would my parents say about it?", "my boss's take?", "their reaction?", "opinion?", "his reaction"]) {
    expect({ followUp, frame: frameChange("这次面试能通过吗", followUp) }).toEqual({ followUp, frame: { changed: false, reason: null, inside: true } });
  }
  expect(detectMatterChange("我和男朋友还能复合吗", "我妈怎么看我跳槽").changed).toBe(true);
  expect(frameChange("这次面试能通过吗", "我妈怎么看我跳槽").inside).toBeUndefined();
  expect(frameChange("这次面试能通过吗", "what does my mom think about my marriage?").inside).toBeUndefined();
  // The whole follow-up is the view: with more before or after it, it is read as it would be without the rule.
  for (const followUp of ["家里人的意见呢，我的工作呢", "我问你，家人的意见呢", "so I asked: what does my mom think?", "my boss's take on my marriage", "my wife asks what about her parents' opinion?", "我妈怎么看，我爸的病能好吗", "我问你，我妈怎么看"]) expect({ followUp, inside: frameChange("这次面试能通过吗", followUp).inside }).toEqual({ followUp, inside: undefined });
});

test("'and if it fails?' asks on about the matter's outcome, not after another thing", () => {
  for (const followUp of ["and if it fails?", "And if he says no?", "what about when it's done?", "and then?", "and after that?", "and once it's approved?"]) expect({ followUp, frame: frameChange("Will I get the job offer?", followUp).changed }).toEqual({ followUp, frame: false });
  expect(frameChange("Will I get the job offer?", "and my sister's interview?").changed).toBe(true);
  // A decision after the outcome is still one.
  expect(detectMatterChangeByRules("Will my work visa be approved?", "and if it's approved, should I sell my car?").reason).toBe("decision");
});
