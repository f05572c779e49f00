import type { ProseRule } from '../types.js';

/**
 * A count with a token unit is a length, whatever sentence it sits in (rlen2, docs/reading.md "Tokens a batch
 * holds"). "each batch has to read about 9000 tokens", "每个batch都需要读9000个token", "per batch the context is ~6k
 * tokens", "배치마다 8000 토큰", "1バッチあたり4096トークン": the batch word had taken the number as the micro-batch
 * (9,000 sequences a step). Tokens a batch holds are micro-batch × length; with no count of sequences said, they are
 * read as one sequence of that length (the same tokens in memory), said with its switch. With a count of sequences
 * a batch said beside them ("16384 tokens per batch with 4 sequences per batch"), the length is their quotient,
 * said. A global batch counted in tokens, or a token count beside a length said elsewhere, is a token budget: set
 * aside and said, never the length nor the batch.
 */

/** The batch word, with what people put before it ("each", 每个, 한, "1") and after it (마다, あたり). */
const BATCH = String.raw`(?<![\w-])(?:(?:per|each|every|a|one|the|this|my)[ \t]+|每个?[ \t]?|한[ \t]?|1[ \t]?)?(?:micro[ \t_-]?)?(?:batch(?:es)?|bs|배치|バッチ)(?![a-z])(?:[ \t_-]?size)?(?:[ \t]?(?:마다|당|에|あたり|ごと|里|中))?`;
/** A count of tokens: "9000", "9,000", "~6k", "9000个", "3000多个的". */
const COUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)[ \t]*(k)?[ \t]*(?:(?:左右|多)[ \t]*)?(?:个[ \t]*)?(?:的[ \t]*)?`;
/** The token unit, not a rate ("tokens/s", "tokens per second") nor "tokenizer". */
const UNIT = String.raw`(?:tokens?|토큰|トークン)(?![a-z]|[ \t]*\/|[ \t]*per[ \t]+s)`;
/** A batch word said of each batch: "each batch", "per batch", 每个batch, 한 배치, 1バッチあたり. */
const BATCH_EACH = String.raw`(?<![\w-])(?:(?:per|each|every|one)[ \t]+|每个?[ \t]?|한[ \t]?|1[ \t]?)(?:batch|배치|バッチ)(?![a-z])(?:[ \t]?(?:마다|당|あたり|ごと))?`;
/** The token noun written before its count: "tokens per batch: 12000", "每个batch的token数是8192", "token count 8192". */
const TOKEN_NOUN = String.raw`(?:tokens?(?:[ \t]?(?:count|number|num))?|token[ \t]?数量?|토큰[ \t]?수|トークン数)`;
const NOUN_JOIN = String.raw`[ \t]*(?:[:=：]|is|are|of|是|为|는|은|は)?[ \t]*`;
/** Words between the batch word and its count, inside one clause: no digit, no clause mark. */
const CLAUSE = String.raw`[^\d\n,;.!?，。；、]{0,40}?`;
/** The batch a global count belongs to: the whole step's, not one GPU's. */
const GLOBAL_BEFORE = /(?:global|total|effective|全局|总的?|글로벌|グローバル)[ \t]?$/;
/** A length said elsewhere in the message: then a batch's token count is its budget, not the length. */
const LENGTH_SAID = /(?<![\w-])(?:seq(?:uence)?[ \t_-]?len(?:gth)?s?|seqlen|seq|max[ \t_-]?(?:seq[ \t_-]?)?len(?:gth)?|cutoff[ \t_-]?len|model[ \t_-]?max[ \t_-]?len|max[ \t_-]?model[ \t_-]?len|ctx|context[ \t_-]?(?:length|len|size|window))(?![a-z])|序列长度|上下文长度|시퀀스[ \t]?길이|シーケンス長|-c[ \t]+\d/;
/** A count of sequences a batch holds, said beside a token count: "4 sequences per batch", "batch of 4 samples". */
const SEQUENCES_A_BATCH = /(?<![\w.])(\d{1,4})[ \t]*(?:sequences|samples|examples|prompts|seqs|rows)[ \t]+(?:per|each|a|in[ \t]+(?:a|each))[ \t]+batch(?![a-z])|batch(?:es)?[ \t]+of[ \t]+(\d{1,4})[ \t]*(?:sequences|samples|examples|prompts|seqs)(?![a-z])/;

/** A batch set by its key or its word with a number: "per_device_train_batch_size = 8", "bs 4", "batch size: 16". */
const BATCH_SET = /(?:batch(?:[ \t_-]?size)?|(?<![\w-])m?bs)[ \t]*[=:：]?[ \t]*\d/;

const tokensOf = (digits: string, k: string | undefined) => {
  const n = Number(digits.replace(/,/g, ''));
  return k ? Math.round(n * 1024) : n;
};

/** What one match says: the length, the quotient over the sequences, or a budget set aside. */
function batchTokens(m: RegExpExecArray, notes: string[], count: RegExpExecArray | null, digits: string, k: string | undefined): string {
  const words = m[0].trim();
  const before = m.input.slice(Math.max(0, m.index - 14), m.index);
  const outside = m.input.slice(0, m.index) + ' ' + m.input.slice(m.index + m[0].length);
  const tokens = tokensOf(digits, k);
  if (GLOBAL_BEFORE.test(before)) {
    notes.push(`"${words}" counts the tokens of the whole step's batch, not one sequence's length: not read (say seq N and gbs M)`);
    return ' '.repeat(m[0].length);
  }
  const sequences = count ? Number(count[1] ?? count[2]) : 0;
  if (sequences > 1 && Number.isInteger(tokens / sequences)) {
    notes.push(`"${words}" over ${sequences} sequences a batch: seq ${tokens / sequences} each (say seq N if not)`);
    return `seq ${tokens / sequences}`.padEnd(m[0].length);
  }
  if (LENGTH_SAID.test(outside)) {
    notes.push(`"${words}" is a batch's token budget beside the length you said: not read as the length or the batch`);
    return ' '.repeat(m[0].length);
  }
  notes.push(`"${words}": the tokens of one batch, read as one sequence of ${tokens} tokens (micro-batch 1); say "seq N bs M" if a batch holds several`);
  return ` ${digits.replace(/,/g, '')}${k ?? ''} tokens`.padEnd(m[0].length);
}

export const BATCH_TOKEN_RULES: readonly ProseRule[] = [
  {
    id: 'training.batch-token-count',
    pattern: new RegExp(String.raw`${BATCH}${CLAUSE}(?<![\d.])${COUNT}${UNIT}`, 'g'),
    when: (t) => /batch|\bbs\b|배치|バッチ/.test(t) && /token|토큰|トークン/.test(t),
    write: (m, notes, given) => batchTokens(m, notes, SEQUENCES_A_BATCH.exec(given ?? m.input), m[1]!, m[2]),
    example: '每个batch都需要读9000个token，qwen2-7b lora 单卡4090',
    // Weak: how the batch's tokens split into sequences is a guess (one sequence of them, the same tokens in memory).
    weak: true,
  },
  {
    // The token noun first: "tokens per batch: 12000", "每个 batch 的 token 数是 8192", "배치당 토큰 수 8000".
    id: 'training.batch-token-noun',
    pattern: new RegExp(
      // "Batch tokens: 4096" with no "each" / 每个 / 的 is a serving engine's prefill budget (batched-tokens.ts, c3307).
      String.raw`(?:${BATCH_EACH}[ \t]?(?:的[ \t]?)?|${BATCH}[ \t]?的[ \t]?)${TOKEN_NOUN}${NOUN_JOIN}${COUNT}(?![\w.%])` +
        String.raw`|(?<![\w-])${TOKEN_NOUN}[ \t]+(?:per|each|a|in[ \t]+(?:a|each))[ \t]+batch${NOUN_JOIN}${COUNT}(?![\w.%])`,
      'g',
    ),
    when: (t) => /batch|배치|バッチ/.test(t) && /token|토큰|トークン/.test(t),
    write: (m, notes, given) => batchTokens(m, notes, SEQUENCES_A_BATCH.exec(given ?? m.input), m[1] ?? m[3]!, m[1] !== undefined ? m[2] : m[4]),
    example: 'tokens per batch: 12000, qwen2-7b lora on 1x a100-80g',
    weak: true,
  },
  {
    // The count first: "16384 tokens per batch", "9000 tokens a batch", "8k tokens in each batch".
    id: 'training.token-count-a-batch',
    pattern: new RegExp(String.raw`(?<![\w.,])${COUNT}${UNIT}[ \t]+(?:per|each|a|in[ \t]+(?:a|each|every|one))[ \t]+(?:micro[ \t_-]?)?batch(?![a-z])`, 'g'),
    when: (t) => t.includes('batch') && t.includes('token'),
    write: (m, notes, given) => batchTokens(m, notes, SEQUENCES_A_BATCH.exec(given ?? m.input), m[1]!, m[2]),
    example: '16384 tokens per batch with 4 sequences per batch, llama-3-8b sft on 8x h100',
    weak: true,
  },
  {
    // A count of samples a batch holds is the batch: "4 sequences per batch", "한 배치에 샘플 4개", "배치당 시퀀스 8개",
    // "1バッチあたり4サンプル" ("a batch of 8 sequences" and 每个batch 4条样本 were read already).
    id: 'training.samples-a-batch',
    pattern: /(?<![\w.])(\d{1,4})[ \t]*(?:sequences|samples|examples|seqs)[ \t]+(?:per|each|a|in[ \t]+(?:a|each))[ \t]+batch(?![a-z])|(?:배치|バッチ)[ \t]?(?:에|당|마다|あたり|ごと)[ \t]?(?:(?:샘플|サンプル|시퀀스|シーケンス)[ \t]?(\d{1,4})[ \t]?(?:개|個|件)?|(\d{1,4})[ \t]?(?:개의?[ \t]?)?(?:샘플|サンプル|시퀀스|シーケンス))/g,
    when: (t) => /batch|배치|バッチ/.test(t) && /sequences|samples|examples|seqs|샘플|サンプル|시퀀스|シーケンス/.test(t),
    // Prompts are not here: in an RL run "8 prompts in a batch, each samples 8 responses" is the generation batch, and the
    // micro-batch is the trainer's (test/language/rbatch1-batch-slot.test.ts, c2192's shape).
    // A batch set elsewhere by its key or word ("per_device_train_batch_size = 8 … means 8 prompts in a batch", c2192)
    // is the stronger cue: the count is then the user's reasoning about it, left to the batch readers.
    write: (m, _notes, given) => {
      const text = given ?? m.input;
      const outside = text.slice(0, m.index) + ' ' + text.slice(m.index + m[0].length);
      if (BATCH_SET.test(outside)) return m[0];
      return `bs ${m[1] ?? m[2] ?? m[3]}`.padEnd(m[0].length);
    },
    example: '한 배치에 샘플 4개, 샘플당 2048 토큰, llama-3-8b LoRA, A100 80GB 1장',
  },
];
