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
];

const KOREAN = [
  '로', '으로', '를', '을', '이', '가', '은', '는', '에', '에서', '의', '와', '과', '도', '만', '하고', '랑', '이랑', '요',
  '제가', '저는', '저', '나', '내', '수', '있나요', '있을까요', '있어요', '있습니다', '있는지', '돌릴', '돌리려면', '돌리고', '돌려도',
  '실행', '실행할', '할', '하려면', '하면', '되나요', '될까요', '궁금합니다', '감사합니다', '안녕하세요', '어떻게', '얼마나', '필요한가요',
  // "GPU 16G 메모리 중 15G 를 torch가 사용하여" (Beomi/KoAlpaca, c638): memory is the number's word; the number is read by its own cue.
  '메모리', '램',
];

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
  return covers(0);
}
