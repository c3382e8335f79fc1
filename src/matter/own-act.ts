/**
 * A cast that asks whether to do something ("我该不该跟老公离婚", "借不借", "should I lend Jake
 * $3000?") is weighed by what the act costs, yields and needs. A follow-up that takes that very act
 * as its condition and asks after its money or its paperwork ("离的话房子和存款我能分到多少",
 * "辭咗之後積蓄撐唔撐到", "借的话要不要让弟媳也签个字", "if I lend it, should I get an IOU?") is
 * inside the matter. A new venture that follows the act ("辞职以后去开网店能赚钱吗", "买了以后要
 * 不要把老房子卖掉") names none of these and is judged as before: a decision after the outcome.
 */

/** The cast asks whether to do something ("借不借", not "会不会", "能不能" or "考唔考到": an outcome). */
const DECIDES = /要不要|要唔要|该不该|应不应该|应唔应该|使唔使|([^\P{Script=Han}会能可是系有])(?:不|唔)\1(?![到得成])|(?<![a-z])should (?:i|we)(?![a-z])/u;

/** "离的话", "辞咗之后", "如果借出去以后", opening a clause: the act (its first character), then the condition word; the rest is what is asked. */
const CONDITION_ZH = /(?:^|[，,\s])(?:那|咁)?(?:如果|要是|假如|若是|真要|真的|真)?(?:我|我们|我哋)?(\p{Script=Han})\p{Script=Han}{0,3}?(?:的话|嘅话|之后|以后|后)(.+)/u;
/** "if I lend it, …", "once we sign …": the act, then what is asked. */
const CONDITION_EN = /(?<![a-z])(?:if|once|after) (?:i|we) ([a-z]+)(.+)/;

/** What an act costs, yields or needs on paper: savings, income, a share, a signature, an IOU, a lawyer. */
const TERMS =
  /存款|积蓄|储蓄|收入|分到|分得|能拿|拿多少|有几多|有多少|多少钱|够不够|够撑|撑得|撑唔撑|撑不撑|借条|借据|欠条|签字|签个字|签名|合同|协议|律师|(?<![a-z])(?:sign|signed|iou|agreement|contract|in writing|written|lawyer|attorney|savings|how much|afford|alimony|child support|severance)(?![a-z])/;

/** The condition's act is one the cast asks about: the same character (Chinese) or the same first three letters ("lend" for "lending"). */
function sameAct(act: string, castQuestion: string, latin: boolean): boolean {
  return latin ? castQuestion.split(/[^a-z]+/).some((w) => w.slice(0, 3) === act.slice(0, 3)) : castQuestion.includes(act);
}

/**
 * Whether `followUp` (folded) asks after the money or paperwork of the very act the cast's
 * question (folded) asks whether to do.
 * @example asksTermsOfTheAct("我该不该跟老公离婚", "离的话房子和存款我能分到多少") // true
 * @example asksTermsOfTheAct("这套房该不该买", "买了以后要不要把老房子卖掉") // false
 */
export function asksTermsOfTheAct(castQuestion: string, followUp: string): boolean {
  if (!DECIDES.test(castQuestion)) return false;
  const zh = CONDITION_ZH.exec(followUp);
  const hit = zh ?? CONDITION_EN.exec(followUp);
  return hit !== null && sameAct(hit[1]!, castQuestion, zh === null) && TERMS.test(hit[2]!);
}

/** A follow-up that opens by offering another option ("or should we wait…", "还是先…", "或者…", "定係…"). */
const ANOTHER_OPTION = /^(?:or|还是|或者|或是|定系|定还是|抑或)(?![a-z])/;

/**
 * Whether `followUp` (folded) offers another option to the decision the cast's question (folded) asks
 * about ("should we do IVF this year?" → "or should we wait until after my promotion"): the same
 * decision, whatever domain its words are in.
 * @example offersAnotherOption("should we do ivf this year or keep trying naturally", "or should we wait until after my promotion") // true
 */
export const offersAnotherOption = (castQuestion: string, followUp: string) => DECIDES.test(castQuestion) && ANOTHER_OPTION.test(followUp.trim());
