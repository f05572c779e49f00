import type { ProseRule } from '../types.js';
import { kMultiple } from '../../numbers.js';
import { servedLengthNote } from './served-length.js';

/**
 * The length the user writes, in the words people use for it (issue 22, item 7: "the user's length
 * words set seq"): a length noun given its value ("max seq len to 512", "max sequence length of
 * 4096", "最大长度 8192"), a length written after its number in Chinese ("8192长度的token", "2k上文"),
 * and a prompt with its answer ("input 2k output 512": the sequence holds both).
 */

/** A number as the item language spells it: "2k" stays "2k" (2,048), "1m" is 1024k, "16,384" loses its comma. */
function lengthWords(digits: string, unit: string | undefined): string {
  const n = digits.replace(/[,\s]/g, '');
  const u = (unit ?? '').toLowerCase();
  if (u === 'm') return `${Math.round(Number(n) * 1024)}k`;
  if (u === '万') return String(Math.round(Number(n) * 10_000));
  // Chinese counts in thousands and millions too: "32千" is 32,000, "1百万" 1,000,000 (decimal, as 万 is).
  if (u === '千') return String(Math.round(Number(n) * 1_000));
  if (u === '百万') return String(Math.round(Number(n) * 1_000_000));
  return `${n}${u}`;
}

/**
 * A context total written out in thousands ("65,000"): a binary step people round to its thousands (KoboldCPP's 65k
 * step is 65,536) is written "65k", which numbers.ts reads as that power of two; any other figure is as written.
 */
function thousandsAsWritten(digits: string, unit: string | undefined): string {
  const n = Number(digits.replace(/[,\s]/g, ''));
  if (!unit && Number.isInteger(n / 1000) && [65, 131, 262, 524, 1048].includes(n / 1000)) return `${n / 1000}k`;
  return lengthWords(digits, unit);
}

/** The same number as a count of tokens, for a sum ("2k" + "512" = 2,560). */
function tokens(digits: string, unit: string | undefined): number {
  const n = Number(digits.replace(/[,\s]/g, ''));
  const u = (unit ?? '').toLowerCase();
  return Math.round(u === 'k' ? n * kMultiple(n) : u === 'm' ? n * 1024 * 1024 : u === '万' ? n * 10_000 : u === '千' ? n * 1_000 : u === '百万' ? n * 1_000_000 : n);
}

/** A word that says the message trains: then the answer's tokens are part of the sample, not generated. */
const TRAINS = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|dpo|grpo|ppo|pretrain\w*)\b|微调|训练/i;

/**
 * "2k", "4096", "16,384", "1M", "3万", "32千", "1百万": a length's number and its unit; thousands may be grouped by a space, as
 * French, Russian and SI style write them ("context length 40 000", lmstudio-ai/lmstudio-bug-tracker#1192, c1669;
 * "contexte de 32 768"). A full stop after it ends the
 * sentence ("max seq length of 2048.", unslothai/unsloth, corpus c596); a dot before more of the word does not.
 */
const NUMBER = String.raw`(\d{1,3}(?:,\d{3})+|\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)|\d+(?:\.\d+)?)\s*([km万千]|百万)?(?![\w%]|\.\w)`;
/** A length's noun or key, which "it" in "set it to N" then stands for (prose.length-set-it-to). */
const LENGTH_BEFORE_IT = /(?:num_ctx|n_ctx|\bctx\b|context|max[_ -]?model[_ -]?len|\bseq\b|seq(?:uence)?[_ -]?len(?:gth)?|cutoff_len|max_length|上下文|长度)/;

/**
 * Words that may stand between a noun and its number: "of", "to", "=", "is", "about", "为"; "设置的" and
 * the other ways of saying "set to" ("token长度设置的8192", QwenLM/Qwen3#1509, c680); "about", "only", "reaches" in
 * Chinese ("最大长度大概8192左右", c646; "prompt长度只有8", InternLM/lmdeploy, c662).
 */
const JOIN = String.raw`(?:\s*(?:[=:]|\b(?:is|are|was|were|of|at|to|as|be)\b|设置为|设置成|设置的|设置了|设置到|设定为|设定成|设定的|设为|设成|调整为|调整到|调整成|改为|改成|改到|调到|开到|为|是))?\s*(?:(?:about|around|roughly|approximately|usually|typically|mostly|up\s+to|at\s+most|~|大概|大约|约|只有|仅有|仅|才|达到了?)\s*)?`;

/**
 * The length's nouns: "max seq len", "max sequence length", "maximum context", "max length",
 * "sequence length", "context window", "ctx size", "seqlen", "max model len", "最大长度", "序列长度",
 * "上下文长度", "上下文". A serving cap's noun (max model len, max total tokens) also says the model is served.
 */
const NOUN = String.raw`\bmax(?:imum)?[\s_-]*(?:seq(?:uence)?|context|ctx|model|total|token)[\s_-]*(?:len(?:gth)?|window|size|tokens)?\b|\bmax(?:imum)?[\s_-]*len(?:gth)?\b|\b(?:seq(?:uence)?|context|ctx|token)[\s_-]*(?:len(?:gth)?|window|size)\b|\bseqlen\b|最大长度|最长长度|序列长度|上下文长度|上下文|输入长度|长度`;

const SERVING_CAP = /model|total/;

/** "N 长度", "N上文", "N的上下文", "N token", and "200k或者几十k的上文" (the noun after "N or M" is N's too). */
const ZH_AFTER = String.raw`(?:\s*(?:或者|或是|或)[^，。？！,.?!\n]{0,12}?)?\s*(?:的\s*)?(?:长度|上下文|上文)`;

export const LENGTH_RULES: readonly ProseRule[] = [
  {
    // vLLM's own estimate in its start-up error: "Based on the available memory, the estimated maximum model
    // length is 810208." (kaito-project/kaito, c1152; vllm/v1/core/kv_cache_utils.py). It is what the engine
    // says would fit, never the length the server was started with: set aside (the fit is what the reply works out).
    id: 'prose.engine-estimated-length',
    pattern: /(?:\bbased on the available memory,?\s*)?\bthe estimated maximum model length is\s*\d[\d,]*\.?/g,
    when: (t) => t.includes('estimated maximum model length'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" is vLLM's estimate of what fits, not the length you serve`);
      return ' '.repeat(m[0].length);
    },
    example: 'which is larger than the available KV cache memory (17.39 GiB). Based on the available memory, the estimated maximum model length is 810208.',
    source: 'kaito-project/kaito#2132',
  },
  {
    // text-generation-webui's line after each reply: "Output generated in 50.07 seconds (0.80 tokens/s, 40 tokens,
    // context 16, seed 1373053629)" (c508; oobabooga/textgen#538 added "context N", the prompt's tokens of that
    // one reply; #2564, #4814 paste runs of them). Its context is one reply's prompt and its tokens the reply's
    // length, never the loader's n_ctx or a setting: the whole line is set aside, said once.
    id: 'prose.textgen-output-line',
    pattern: /\boutput generated in\s*[\d.]+\s*seconds?\s*\([^)\n]*\bcontext\s+\d+[^)\n]*\)/g,
    when: (t) => t.includes('output generated in'),
    write: (m, notes) => {
      const note = "text-generation-webui's \"Output generated in …\" lines: their context is one reply's prompt, not the loader's n_ctx (say seq N for yours)";
      if (!notes.includes(note)) notes.push(note);
      return ' '.repeat(m[0].length);
    },
    example: '> Output generated in 50.07 seconds (0.80 tokens/s, 40 tokens, context 16, seed 1373053629)',
    source: 'oobabooga/textgen#538',
  },
  {
    // "prompt_template（约1500 tokens）+3000~3500字符串长度的内容" (QwenLM/Qwen3#442, c1013): a count of tokens
    // added to a count of characters or words is a length only partly in tokens (a Chinese character is
    // roughly one token, an English word more than one), so neither number is the sequence: set aside,
    // said, and the reply asks for the length in tokens. "1500 tokens + 3000 characters", "2k tokens plus 500 words" alike.
    id: 'prose.tokens-plus-characters',
    pattern: new RegExp(
      String.raw`(?<![\w.])${NUMBER}\s*tokens?\s*[)）]?\s*(?:[+＋]|\bplus\b|加上?)\s*(?:about\s+|around\s+|~|约|大约)?(\d[\d,]*(?:\s*[~～-]\s*\d[\d,]*)?)\s*(?:个)?(?:字符串?|汉字|字|characters?|chars\b|words?\b)`,
      'gi',
    ),
    when: (t) => /token/.test(t) && /字|char|word/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": a length partly in characters or words is not read as tokens; say "seq N" with the whole input in tokens`);
      return ' '.repeat(m[0].length);
    },
    example: '我的输入组成是：prompt_template（灵积上计算token数量约1500 tokens）+3000~3500字符串长度的内容',
    source: 'QwenLM/Qwen3#442',
  },
  {
    // "How much additional VRAM per 1k context? … if using 16k context" (turboderp-org/exllamav2#37,
    // c724): a length after "per" (each, for every, 每) is the unit of a rate — memory per 1k tokens —
    // never the run's length, which the message states apart. Its words are set aside.
    id: 'prose.per-length',
    pattern: /(?:\b(?:per|for every|for each|every|each)\s+|每\s*)(?:\d+(?:\.\d+)?\s*k?|1,000|a thousand|thousand)\s*(?:tokens?|toks?|context|ctx)\b(?:\s+of\s+context\b)?|每\s*\d+\s*k?\s*个?\s*(?:token|上下文)/g,
    when: (t) => /per|every|each|每/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: 'How much additional VRAM per 1k context?',
    source: 'turboderp-org/exllamav2#37',
  },
  {
    // "that's around 2.5G for 10k tokens" (the user's own KV arithmetic beside TGI's --max-total-tokens 11000,
    // huggingface/text-generation-inference#1769, c910), "KV cache holds only 150K tokens in 7.7 GiB"
    // (vllm-project/vllm#51041): a number of tokens an amount of memory is worked out for is that
    // figure's basis, as "per 1k tokens" is a rate's; the run's length is what its settings say.
    id: 'prose.memory-for-tokens',
    pattern: /(?<![\w.])\d+(?:\.\d+)?\s*(?:g|gb|gib|m|mb|mib)\s+(?:for|of)\s+(?:about\s+|around\s+|~)?\d+(?:\.\d+)?\s*k?\s*tokens?\b|(?<![\w.])\d+(?:\.\d+)?\s*k?\s*tokens?\s+(?:in|take|takes|took|need|needs|use|uses|cost|costs)\s+(?:about\s+|around\s+|~)?\d+(?:\.\d+)?\s*(?:g|gb|gib|m|mb|mib)\b/g,
    when: (t) => /token/.test(t) && /\d\s*(?:g|gb|gib|m|mb|mib)\b/.test(t),
    write: (m) => ' '.repeat(m[0].length),
    example: "For kv, mem consumpstion can be caculated by ..., that's aournd 2.5G for 10k tokens.",
    source: 'huggingface/text-generation-inference#1769',
  },
  {
    // "input 2k output 512", "prompt of 3000 tokens and 500 output tokens", "输入2k，输出512", verl's lengths in
    // words ("max prompt length=2048, max response length=1024", verl-project/verl GRPO settings, c296): a
    // prompt and its answer. The sequence the model holds is both (as TensorRT-LLM's input and
    // output lengths are read, config-keys/sequence.ts); served, the answer is generated.
    id: 'prose.input-output',
    pattern: new RegExp(
      // Each value may stand in parentheses after its label, as a list of settings writes it: "block size (32)
      // input (64), output (1024)" (vllm-project/vllm#1039, c1939).
      String.raw`\b(?:max(?:imum)?\s+)?(?:inputs?|prompts?)(?:[\s_-]*(?:length|len|tokens?))?${JOIN}\(?\s*${NUMBER}\s*\)?(?:\s*tokens?)?\s*(?:,|\/|\+|&|\band\b|\bwith\b|\bplus\b)?\s*(?:(?:an?|the|its)\s+)?(?:max(?:imum)?\s+)?(?:outputs?|completions?|generations?|responses?|answers?)(?:[\s_-]*(?:length|len|tokens?))?${JOIN}\(?\s*${NUMBER}\s*\)?(?:\s*tokens?)?` +
        String.raw`|\b(?:inputs?|prompts?)(?:[\s_-]*(?:length|len|tokens?))?${JOIN}${NUMBER}(?:\s*tokens?)?\s*(?:,|\/|\+|&|\band\b|\bwith\b|\bplus\b)\s*${NUMBER}\s*(?:tokens?\s+)?(?:outputs?|completions?|generated|generations?|responses?)\b(?:\s*tokens?)?` +
        String.raw`|(?<![\w.])${NUMBER}\s*(?:tokens?\s+)?(?:inputs?|prompts?|in)(?:\s*tokens?)?\s*(?:,|\/|\+|&|\band\b|\bwith\b)\s*${NUMBER}\s*(?:tokens?\s+)?(?:outputs?|completions?|generated|generations?|responses?|out)\b(?:\s*tokens?)?` +
        String.raw`|(?:输入|提示词?)(?:长度)?${JOIN}${NUMBER}\s*(?:tokens?)?\s*[，,、/+和]?\s*(?:输出|生成|回答)(?:长度)?${JOIN}${NUMBER}(?:\s*tokens?)?` +
        // Both labels first, then both values, slash for slash: "Input/output token (1024/128)" (intel/ipex-llm#11219,
        // c1171), "in/out 2048/512", "输入/输出长度 1024/128", as benchmark tables write a case.
        String.raw`|(?:\b(?:inputs?|prompts?|in)\s*\/\s*(?:outputs?|out|completions?|generations?)\b|(?:输入|提示)\s*\/\s*(?:输出|生成))(?:[\s_-]*(?:lengths?|lens?|tokens?|长度))?\s*(?:[=:]\s*)?\(?\s*${NUMBER}\s*\/\s*${NUMBER}\s*\)?`,
      'gi',
    ),
    when: (t) => /input|prompt|\bin\b|输入|提示/.test(t) && /\bin\b|\bout\b|output|completion|generat|respon|answer|输出|生成|回答/.test(t),
    // Served, the sum is said with the words it came from (served-length.ts).
    write: (m, notes) => {
      const g = m.slice(1);
      const pairs = [0, 4, 8, 12, 16].map((i) => g.slice(i, i + 4)).find((p) => p[0] !== undefined)!;
      const input = tokens(pairs[0]!, pairs[1]);
      const output = tokens(pairs[2]!, pairs[3]);
      // Two lengths in k add in k, as the writer adds them: "Prompt length: 40K tokens, Response length: 10K
      // tokens" is a 50K sequence (c589), read as a round 50,000 like any "50k" (numbers.ts kMultiple).
      const inK = pairs[1]?.toLowerCase() === 'k' && pairs[3]?.toLowerCase() === 'k';
      const seq = inK ? `${Number(pairs[0]!.replace(/,/g, '')) + Number(pairs[2]!.replace(/,/g, ''))}k` : String(input + output);
      if (TRAINS.test(m.input)) return ` seq ${seq} `;
      notes.push(servedLengthNote(seq, output, m[0]));
      return ` seq ${seq} gen ${output} `;
    },
    example: 'llama-3-8b on an a100, input 2k output 512, how many users?',
    // "input/output 1024/128" is shaped like a Hub id (owner/name) and a path; its words are a length's.
    insideHubIds: true,
  },
  {
    // "It goes OOM if seq length is larger than 1024 which is small, I need at least 2048" (huggingface/trl#1268,
    // c888): a length the run fails beyond is a limit, not the run's length; the length the user needs,
    // said after it, is. "超过1024就OOM，我需要至少2048" alike. The limit is said in a note.
    id: 'prose.length-beyond-needed',
    pattern: new RegExp(
      String.raw`(${NOUN})\s*(?:(?:is|are|gets?|goes|was)\s+)?(?:(?:larger|longer|greater|bigger|higher|more)\s+than|beyond|above|over|exceeds?|past)\s*${NUMBER}(?:\s*tokens?)?[^.?!\n]{0,40}?[,;]?\s*\b(?:i|we)\s+(?:really\s+)?(?:need|want|require|have\s+to\s+(?:use|train\s+with|run))\s+(?:(?:at\s+least|at\s+minimum|a\s+minimum\s+of)\s+)?${NUMBER}(?:\s*tokens?)?` +
        String.raw`|(${NOUN})\s*(?:超过|大于|超出)\s*${NUMBER}[^。？！\n]{0,20}?(?:我|我们)?(?:需要|想要|要)(?:至少)?\s*${NUMBER}`,
      'gi',
    ),
    when: (t) => /than|beyond|above|over|exceed|past|超过|大于|超出/.test(t) && /need|want|require|have to|需要|想要|要/.test(t),
    write: (m, notes) => {
      const [limit, limitUnit, goal, goalUnit] = m[1] !== undefined ? [m[2]!, m[3], m[4]!, m[5]] : [m[7]!, m[8], m[9]!, m[10]];
      notes.push(`"${limit}${limitUnit ?? ''}" read as the length your run fails beyond; the length you need, ${lengthWords(goal, goalUnit)}, is the one estimated`);
      return ` seq ${lengthWords(goal, goalUnit)} `;
    },
    example: 'It goes OOM if seq length is larger than 1024 which is small, I need at least 2048.',
    source: 'huggingface/trl#1268',
  },
  {
    // "lower the max seq len to 512" (meta-pytorch/torchtune#2071), "max sequence length of 4096",
    // "max_model_len为1M", "最大长度 8192": a length noun with its value. Without this, "max seq" was
    // read as the question "what is the longest sequence that fits" and the number was left over.
    // The value may stand in parentheses, as vLLM's own error states the length it serves: "The model's max
    // seq len (32768) is larger than the maximum number of tokens that can be stored in KV cache" (QwenLM/Qwen3#110
    // c828's thread, read as the question "max seq"; the same words in c126, c766, c814).
    id: 'prose.length-value',
    // The same value restated in short inside the parentheses: "the models's max seq len (262144 = 256k)"
    // (vllm-project/vllm's H20 report, c814, read as the question "max seq" beside the length it set).
    pattern: new RegExp(String.raw`(${NOUN})${JOIN}(?:\(\s*(?=\d[\d,.]*\s*[km万]?\s*(?:=\s*~?\d[\d,.]*\s*[km万]?\s*)?\)))?${NUMBER}(?:\s*=\s*~?\d[\d,.]*\s*[km万]?(?=\s*\)))?\)?(?:\s*tokens?)?`, 'gi'),
    when: (t) => /max|seq|context|ctx|len|token|长度|上下文/.test(t),
    write: (m) => ` ${SERVING_CAP.test(m[1]!) && /^max/i.test(m[1]!) ? 'serve ' : ''}seq ${lengthWords(m[2]!, m[3])} `,
    example: '200 entries chat dataset with short user prompt and gpt output so I could lower the max seq len to 512',
    source: 'meta-pytorch/torchtune#2071',
  },
  {
    // The number before a "max" length noun: "the bs: 256 is seemly a large-scale batch size with 2048 max
    // sequence length" (FreedomIntelligence/LLMZoo, c1629: "max sequence length" was read as the question
    // "max seq" and the 2048 left over; alone, "… with 4096 max sequence length" was refused as a number
    // with no unit). A "max" noun after its value is the run's cap, said as its length. Only after a
    // preposition or a clause's start: a card's number before the question ("on 1x rtx-4090 max seq", "on a 4090
    // max seq") asks the longest length on that card, and a dash sets a number apart ("a 4090 — max seq len: 512").
    id: 'prose.length-before-max-noun',
    pattern: new RegExp(String.raw`(?<=(?:^|[,;:(]|\b(?:with|at|of|using|use|to|for|by)(?:\s+(?:a|an|the))?)\s*)(?<![\w.\-/])${NUMBER}(?:\s*-?\s*tokens?)?\s+max(?:imum)?[\s_-]*(?:seq(?:uence)?|context|ctx|input)[\s_-]*(?:len(?:gth)?|window|size)?\b`, 'gi'),
    // Blanks collapsed first: the guard's three blank runs had tried every split of a long blank ("r8" and 800
    // spaces cost 270 ms, reader-cost.test.ts); one blank stands for any run, so what matches is the same.
    when: (t) => /max/i.test(t) && /\d\s*k?(?:\s*-?\s*tokens?)?\s+max/.test(t.replace(/\s+/g, ' ')),
    write: (m) => ` seq ${lengthWords(m[1]!, m[2])} `,
    example: 'the bs: 256 is seemly a large-scale batch size with 2048 max sequence length',
  },
  {
    // "When setting num_ctx to … (num_ctx of 40000 in that instance). However, when I set it to 128000, the result is:"
    // (ollama/ollama#7198, c1824): "it" is the length named just before, and the value set is the run's length.
    // The same shape in other words: "if I increase it to 32k", "bumping it up to 16384", "reduced it to 1024".
    // Which setting "it" is rests on the words before it (a length's noun or key within the 300 characters
    // before), a guess: weak, said with its words.
    id: 'prose.length-set-it-to',
    pattern: new RegExp(String.raw`\b(?:set(?:ting)?|rais(?:e|ed|ing)|increas(?:e|ed|ing)|bump(?:ed|ing)?|chang(?:e|ed|ing)|push(?:ed|ing)?|put(?:ting)?|lower(?:ed|ing)?|reduc(?:e|ed|ing)|extend(?:ed|ing)?|doubl(?:e|ed|ing))\s+it\s+(?:up\s+|down\s+|back\s+)?to\s+${NUMBER}(?:\s*tokens?)?`, 'gi'),
    when: (t) => /\bit\s+(?:up\s+|down\s+|back\s+)?to\s+\d/.test(t),
    write: (m) =>
      LENGTH_BEFORE_IT.test(m.input.slice(Math.max(0, m.index - 300), m.index)) ? ` seq ${lengthWords(m[1]!, m[2])} ` : m[0],
    weak: true,
    example: 'num_ctx of 40000 in that instance. However, when I set it to 128000, the result is:',
    source: 'ollama/ollama#7198',
  },
  {
    // "I am using 40,000 out of 65,000 context with KoboldCPP" (LostRuins/koboldcpp#804, corpus c2709): the second is the
    // context the run is set to, the first how much of it the conversation has filled so far (set aside). Also "30k of
    // 64k context used", "40k/65k tokens of context", "用了4万/6.5万上下文" is not read (no noun after). A thousands
    // figure that is a binary step written out ("65,000", "131,000") is that step, as "65k" is (numbers.ts).
    id: 'prose.length-out-of',
    pattern: new RegExp(String.raw`(?<![\w.])${NUMBER}\s*(?:tokens?\s+)?(?:out\s+of|of|\/)\s*(?:the\s+|my\s+|a\s+)?${NUMBER}\s*(?:tokens?\s+)?(?:of\s+)?(?:context|ctx)\b`, 'gi'),
    when: (t) => /(?:out of|of|\/)\s*(?:the |my |a )?\d[\d,.]*\s*k?\s*(?:tokens? )?(?:of )?(?:context|ctx)\b/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": read the context the run is set to (${m[3]}${m[4] ?? ''}); the ${m[1]}${m[2] ?? ''} filled so far is no setting`);
      return ` ctx ${thousandsAsWritten(m[3]!, m[4])} `;
    },
    example: 'So far, I am using 40,000 out of 65,000 context with KoboldCPP.',
    source: 'LostRuins/koboldcpp#804',
  },
  {
    // "I need around 60k of context", "8k tokens of context": a number of tokens of context.
    id: 'prose.tokens-of-context',
    pattern: new RegExp(String.raw`(?<![\w.])${NUMBER}\s*(?:tokens?\s+)?of\s+(?:context|ctx)\b`, 'gi'),
    // `needs`, not `when`: prose.latin-words writes "of context" for "de contexto" earlier in the same group.
    needs: /of\s+(?:context|ctx)/,
    write: (m) => ` seq ${lengthWords(m[1]!, m[2])} `,
    example: 'qwen2.5-7b on an a100, I need around 60k of context',
  },
  {
    // "能否8192长度的token微调" (can it fine-tune at 8192 tokens of length, datawhalechina/self-llm#93),
    // "只能微调2k上文" (only a 2k context), "32k的上下文": the number before a Chinese length noun.
    id: 'prose.length-zh',
    pattern: new RegExp(String.raw`(?<![\w.])${NUMBER}${ZH_AFTER}(?:\s*的?\s*tokens?)?`, 'g'),
    when: (t) => /长度|上下文|上文/.test(t),
    write: (m) => ` seq ${lengthWords(m[1]!, m[2])} `,
    example: 'LLaMA3-8B-Instruct+lora微调，单张A800（80GB显存）能否8192长度的token微调',
    source: 'datawhalechina/self-llm#93',
  },
];
