/**
 * Which words a reply lists as "not used" (issue 22, item 4: every number and every setup-looking
 * word is accounted for; filler never is). A word the reader did not read is listed when its shape
 * or its stem says it could be a setting: digits ("bs8", "v2"), a program's spelling (a key, a flag,
 * a path, a CamelCase or an ACRONYM identifier), a keyword it is one slip from (the reader's own
 * suggestion), or an ML setup stem. The rest — the plain words of a question in any language
 * ("what am I missing", "¿alcanza?", "する予定ですが") — is the user's prose: listing it told
 * strangers that their grammar was a setting the bot had skipped.
 */

/**
 * Digits, or the spelling of a program's name: key_with_underscores, a.b, a/b, --flag, key=value,
 * CamelCase, ACRONYM. A hyphen alone is English ("well-known"); a hyphenated name has digits or a stem.
 */
const PROGRAM_SHAPE = /\d|[_/\\=:@#]|\.\w|^-|[a-z][A-Z]|[A-Z]{2,}/u;

/**
 * Stems of the words people use for what sets memory (English, Spanish, Portuguese, French, German,
 * Italian spellings share most): quant(ize), offload, shard, parallel, batch, token, context, cache,
 * checkpoint, accumul(ation), layer, head, embed(ding), vocab, adapter, rank, epoch, optim(izer),
 * gradient, attention, kernel, memor(y/ia), precision, decod(e), prefill, sequence/secuencia,
 * speculat(ive), distill, pretrain, finetun(e), expert, tensor, pipeline, activation, logit, float, dtype,
 * bfloat, kv.
 */
const SETUP_STEM =
  /quant|offload|shard|parallel|batch|lote|token|context|cache|checkpoint|accumul|acumul|layer|capa|head|embed|vocab|adapter|adaptad|rank|epoch|época|optim|gradient|attention|atenci|kernel|memor|speicher|m[ée]moire|precisi|pr[ée]cision|d[ée]cod|prefill|sequen|secuen|s[ée]quence|speculat|distil|pretrain|finetun|fine-tun|expert|tensor|pipeline|activation|activaci|logit|float|dtype|bfloat|^kv$|vram|^ram$|gpus?$|^cpus?$|cards?$|nodes?$/iu;

/** Hiragana only (Japanese grammar: particles, endings, auxiliaries such as "する予定ですが" minus its kanji). */
const HIRAGANA_ONLY = /^[\p{Script=Hiragana}ー\p{P}]+$/u;

export function looksLikeSetup(word: string, suggestion: string | null = null): boolean {
  if (suggestion) return true;
  if (PROGRAM_SHAPE.test(word) || SETUP_STEM.test(word)) return true;
  // Words of other scripts (Chinese, Korean, Japanese kanji and katakana) keep being listed: their
  // words for settings are not in these stems, and their grammar is dropped by foreign-filler.ts.
  if (/[^\p{Script=Latin}\p{Script=Common}\p{Script=Inherited}]/u.test(word)) return !HIRAGANA_ONLY.test(word) && !isKanaGrammar(word) && namesCjkSetup(word);
  return false;
}

/**
 * The Chinese, Japanese and Korean words for what sets memory (training, inference, quantisation, batch, length,
 * precision, parallelism, layers, cache, offload, cards and their counters, GPU memory), as SETUP_STEM is for
 * Latin letters. A run of other-script letters with none of them is the user's prose — "我刚拉取了最新代码安装了最新依赖"
 * (I just pulled the latest code and installed the latest dependencies, c3844), "分别试了一下" (tried each), "一直"
 * (all along): listing them told the user their sentence was a setting skipped (issue 22, item 4).
 */
const CJK_SETUP =
  /训练|訓練|微调|微調|推理|量化|批|长度|長度|精度|参数|參數|序列|上下文|梯度|优化|優化|并行|並行|分布式|层|層|词表|缓存|緩存|激活|检查点|重计算|卸载|分片|全量|全参|部署|半精度|混合|卡|显存|顯存|内存|記憶體|张|張|块|塊|台|比特|权重|權重|流水|专家|專家|注意力|学習|推論|量子化|分散|長さ|メモリ|グラボ|カード|バッチ|ノード|トークン|コンテキスト|キャッシュ|학습|추론|양자화|배치|길이|그래픽|카드|노드|병렬|캐시|레이어|토큰|컨텍스트|파인튜닝|미세|가중치|정밀도|오프로드/u;

/** "是不是卡不够" (is it that the cards are not enough?), "显存够吗": the question of fitting, which the reply answers. */
const ASKS_ENOUGH = /(?:是不是|会不会|能不能)?(?:显卡|显存|卡|内存|メモリ|메모리)?(?:不够|够不够|够吗|不足|足りますか|足りない|足りる|가\s*부족|이\s*부족|부족|충분)/gu;

function namesCjkSetup(word: string): boolean {
  return CJK_SETUP.test(word.replace(ASKS_ENOUGH, ''));
}

/**
 * A Japanese word that is grammar around a kanji noun already read or of no setting: a run whose
 * kana part is an ending ("する予定ですが": suru + yotei + desu ga — "I plan to"). The kanji 予定
 * (plan) 確認 (check) 質問 (question) are the words of asking, never of a setup.
 */
function isKanaGrammar(word: string): boolean {
  const kanji = word.replace(/[\p{Script=Hiragana}ー\p{P}]/gu, '');
  return kanji.length > 0 && /^(?:予定|確認|質問|場合|方法|可能|必要)+$/u.test(kanji);
}
