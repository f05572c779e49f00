import { simplified } from './traditional-chinese.js';

/**
 * Chinese, Korean and Japanese words that carry no setting (issue 22, item 4): question words, particles,
 * pronouns and the verbs of "can I run …". A run of other-script letters made only of these is
 * filler, never listed as not read ("请问我用 4090 跑 7b 的 lora 可以吗": nothing to list).
 * A word that names a setting (训练 "train", 推理 "inference", 显存 "GPU memory") is not here.
 */
const CHINESE = [
  '请问', '请', '谢谢', '感谢', '你好', '大家好', '会不会', '行不行', '可不可以', '我用', '我们', '我', '你', '他', '用', '使用', '的', '了', '吗', '呢', '吧', '啊', '呀',
  '可以', '能否', '能不能', '能', '是否', '是不是', '是', '有', '没有', '在', '和', '跟', '与', '或', '或者', '就', '都', '也', '还', '又',
  '跑', '跑起来', '运行', '一下', '怎么', '怎么办', '如何', '为什么', '什么', '多少', '需要', '要', '想', '够', '够不够', '行', '吗？',
  '这个', '那个', '这', '那', '个', '上', '下', '里', '中', '时', '时候', '会', '报', '请教', '一个', '问题', '请问一下',
  '然后', '但是', '可是', '而', '且', '并且', '虽然', '只', '只是', '比如', '大概', '起来', '得起来', '来', '到', '从', '为', '把',
  '给', '对', '还是', '以及', '目前', '现在', '已经', '才能', '想问问', '想问', '各位', '大家', '本地', '自己', '吗?',
  // "只能设置batch 1，这正常吗" (can only set batch 1, is this normal?, b12): the setting is the number's own cue.
  '只能', '设置', '正常', '不正常',
  // "做…LoRA微调", "开了deepspeed", "之前用单卡A100跑过是没问题的": doing, turning on, before, went fine —
  // the setting is in the word beside them; whose run it was is read from the clause (language/owners).
  '做', '开', '开了', '开启', '打开', '之前', '以前', '过', '没问题', '没',
  // "如题" (as in the title, 01-ai/Yi#207), 同上 (same as above): they point back to the thread and
  // carry no setting (language/points-back.ts); a message of nothing else is answered again.
  '如题', '如标题', '同上', '如上', '如上所述',
  // "最大长度大概8192左右" (about 8192, c646): 左右 after a number is "about"; the number is read by its cue.
  '左右',
  // "还是爆显存，请问是什么原因？" (what is the cause?): the question is the OOM's, read from its own words.
  '原因', '导致', '造成', '请问是什么原因',
  // "还是OOM，请问怎么解决？" (still OOM, how do I fix it?): asking for the fix, which the reply's levers answer.
  '解决', '处理', '修复', '解决办法', '办法', '方法', '该', '应该',
  // "显卡是 RTX 4060 Ti 16G" (the graphics card is …): the card noun, as "GPU:" before a card name; the card
  // and its count are read from the name and the counter words (两张显卡), never from this word alone.
  '显卡',
  // "我们有一台 8 卡 H20 的机器" (we have one machine with 8 H20s): one machine is the default's single node, and
  // the machine nouns alone carry no count; machines counted ("两台机器") are read by hardware/numeral-rules.ts.
  '一台', '机器', '服务器', '主机', '电脑', '节点', '结点',
  // "我们组有一台 8卡A800 的机器", "我们实验室有两张4090" (our group / our lab has …): whose cards they are, never a
  // setting; the cards are read from the counter words after them.
  '组', '实验室', '课题组', '团队', '公司', '学校', '手上', '手头',
  // "显存占用大概78G" (memory use was about 78G): the use word makes the number an observation (hardware/usage-words.ts);
  // the word itself carries no setting.
  '占用', '占了', '消耗', '耗', '用掉',
  // "我们打算买H100" (we plan to buy H100s): the plan and the purchase name no setting; the card is read by its name.
  '打算', '打算买', '准备买', '计划买', '买', '购买',
];

const KOREAN = [
  '로', '으로', '를', '을', '이', '가', '은', '는', '에', '에서', '의', '와', '과', '도', '만', '하고', '랑', '이랑', '요',
  '제가', '저는', '저', '나', '내', '수', '있나요', '있을까요', '있어요', '있습니다', '있는지', '돌릴', '돌리려면', '돌리고', '돌려도',
  '실행', '실행할', '할', '하려면', '하면', '되나요', '될까요', '궁금합니다', '감사합니다', '안녕하세요', '어떻게', '얼마나', '필요한가요',
  // "GPU 16G 메모리 중 15G 를 torch가 사용하여" (Beomi/KoAlpaca, c638): memory is the number's word; the number is read by its own cue.
  '메모리', '램',
  // "KV cache 부족 에러가 납니다" (a KV cache shortage error occurs): the diagnosis is read from the
  // engine's words beside them, as for Japanese 不足.
  '부족', '에러', '오류', '발생',
  // adverbs and the plain noun "model" (the model's name is read from its own letters)
  '너무', '혹시', '현재', '이미', '자꾸', '정말', '그대로', '직접', '가장', '더', '잘', '원래', '다음', '모델', '이번에', '이번',
];

/**
 * Korean words take endings whatever their stem ("올리려고", "하는데", "납니다", "실행했어요", "돌렸는데",
 * "모델을"), and a bare noun takes none ("사용" use, "환경" environment): a word whose stem (the word less its
 * ending, if it has one) names no setting is filler, so a new verb or noun is not listed as not read only
 * because a list lacks it (issue 22 item 4, one rule for the language rather than a word per message).
 * Longest endings first.
 */
const KOREAN_VERB_ENDINGS = [
  '습니다', '습니까', '니다', '니까', '는데', '은데', '려고', '으려고', '면서', '지만', '어요', '아요', '해요', '에요', '예요',
  '세요', '네요', '나요', '까요', '어서', '아서', '는지', '고', '요', '다', '데', '면', '죠',
  // adnominal and connective endings, and the particles a noun takes ("좋은", "사용한", "공개해", "실행시키니",
  // "모델을"): the stem decides, as for a verb.
  '은', '는', '을', '를', '던', '한', '해', '게', '니', '서', '지', '며', '도', '에', '의', '로', '이', '가',
].sort((a, b) => b.length - a.length);

/**
 * Stems that carry a setting (training, inference, serving, tuning, quantisation, batch, length,
 * context, tokens, accumulation, offload, parallel, precision, optimizer, attention, layers, weights,
 * parameters, activations, cache, sharding, tensors, pipeline, epochs, steps, counters of cards and
 * machines): a word built on one ("학습했어요", "양자화해서", "옵티마이저") may hold what the reader should
 * have read, so it stays listed.
 */
const KOREAN_SETTING_STEMS = [
  '학습', '훈련', '추론', '서빙', '튜닝', '미세', '양자', '배치', '시퀀스', '길이', '컨텍스트', '토큰', '누적',
  '오프로', '분산', '병렬', '체크', '그래디언트', '정밀', '비트', '로라', '기가', '노드', '카드', '장', '개', '대', '배',
  '옵티마이저', '어텐션', '플래시', '레이어', '헤드', '가중치', '파라미터', '매개변수', '활성화', '캐시', '샤딩', '텐서',
  '파이프라인', '에폭', '스텝', '혼합', '반정밀', '풀', '전체', '단일',
  // negation and switches ("없이" without, "않고" not, "끄고" turned off, "켜고" turned on): their scope is a setting
  '없', '않', '안', '못', '끄', '끈', '꺼', '켜', '켠',
  // number words ("두 장", "네 대"): a count the reader may need
  '하나', '둘', '셋', '넷', '다섯', '여섯', '일곱', '여덟', '두', '세', '네',
];

const HANGUL_ONLY = /^[\uac00-\ud7a3]+$/;

function isKoreanFiller(letters: string): boolean {
  if (!HANGUL_ONLY.test(letters)) return false;
  const ending = KOREAN_VERB_ENDINGS.find((e) => letters.endsWith(e) && letters.length > e.length);
  const stem = ending ? letters.slice(0, -ending.length) : letters;
  return !KOREAN_SETTING_STEMS.some((s) => stem.includes(s));
}

/**
 * Japanese particles, copulas and the verbs of "can I run …" ("RTX 4090 1枚でllama-3-8bをLoRAで…"): as for
 * Chinese and Korean, the setting is in the word beside them. メモリ (memory) is the number's word.
 */
const JAPANESE = [
  'の', 'で', 'を', 'は', 'が', 'に', 'と', 'も', 'へ', 'や', 'か', 'ね', 'よ', 'から', 'まで', 'より', 'など',
  'です', 'ます', 'ました', 'でした', 'ですか', 'ますか', 'でしょうか', 'ください', 'お願いします', 'ありがとうございます',
  'する', 'して', 'した', 'します', 'しています', 'したい', 'しようと', 'できる', 'できます', 'できません', 'でき',
  '使って', '使用', '使う', '動かす', '動かし', '実行', '必要', '場合', 'けど', 'ですが', 'なぜ', 'どのくらい', 'どれくらい',
  'メモリ', 'メモリー', '足りない', '足りません', '不足',
  // "メモリは足りますか" (is the memory enough?): the question the estimate answers
  '足りる', '足ります', '足りますか', '足りるか', '大丈夫', '大丈夫ですか',
  // The wish and the can of "…で動かしたいです", "…に載せたいのですが", "…で回せますか": a verb of running or
  // loading carries no setting (学習 / 推論 / 量子化 name one and stay out of this list).
  'たい', 'たいです', 'たいのですが', 'たいんですが', 'のですが', 'んですが', 'ですか', 'ません', 'ますか',
  '走らせ', '回し', '回せ', '载せ', '乗せ', '载る', '乗る', // 載 is read as its simplified 载, as the reader reads it
  'いけ', 'いける', 'られ', '可能', '可能ですか',
  // A plan ("推論する予定ですが", "学習するつもりです", "…と思っています"): as "plan" in English, the setting is in the verb before it.
  '予定', 'つもり', 'と思って', 'と思っています', 'と考えて', 'います',
];

/**
 * "Per card" (每卡 batch size 2, 每卡显存80G, 카드당): the micro-batch and a card's memory are per
 * card already in the item language, so the qualifier adds no setting of its own and is never
 * listed as not read; the number beside it is read by its own cue.
 */
const PER_CARD = ['每卡', '每张卡', '每块卡', '每个卡', '每张显卡', '每块显卡', '每张', '每块', '单卡上', '카드당', '장당'];

/** Longest pieces first, so "请问一下" is one piece, not "请问" then an unknown "一下". */
const PIECES = [...new Set([...CHINESE, ...KOREAN, ...JAPANESE, ...PER_CARD])].sort((a, b) => b.length - a.length);

/** Question marks and punctuation of those scripts that the lexer may leave on a word. */
const PUNCTUATION = /[，。？！、；：“”‘’（）《》…\s?!.,]/g;

/** A word of other-script letters that is only particles, pronouns and question words. */
export function isForeignFiller(word: string): boolean {
  // The user's own word: its traditional characters read as simplified, as the reader reads them (會不會 is 会不会).
  const letters = simplified(word).replace(PUNCTUATION, '');
  if (!letters || /[\x00-\x7f]/.test(letters)) return false;
  // Greedy longest-first cover; the lists are short words, so a failed piece rarely backtracks far.
  const covers = (at: number): boolean => at === letters.length || PIECES.some((p) => letters.startsWith(p, at) && covers(at + p.length));
  return covers(0) || isKoreanFiller(letters);
}
