import type { ProseRule } from '../types.js';

/**
 * Numbers beside a length word, or shaped like a length, that are no length of the run (the rseq
 * class: "a number near a length word that is no length", "a log's token count"). Each is blanked
 * before the item language reads "60k" or "ctx … 40960" as `seq`.
 */

const blank = (m: RegExpExecArray) => ' '.repeat(m[0].length);

/** A length as a model card writes its window: "128k", "32 k", "131072". */
const EXT_LEN = String.raw`(?:\d{1,4}(?:\.\d+)?[ \t]?k|\d{4,7})(?![\w.])`;
/** The RoPE scalings that extend a model's window. */
const EXTENDER = String.raw`(?:yarn|rope|ntk|longrope|linear[ \t]scaling|position[ \t]interpolation)`;

export const SEQ_EVIDENCE_RULES: readonly ProseRule[] = [
  {
    // llama.cpp's context warning names two lengths: the context the run made (n_ctx_per_seq, older
    // builds' n_ctx_seq) and the one the model was trained with (n_ctx_train, from the GGUF's
    // metadata). The second is the model's own maximum, never the run's: "n_ctx_seq (512) <
    // n_ctx_train (40960)" with n_ctx=2048 set by the user (abetlen/llama-cpp-python#2234, c1319, read
    // as seq 40960); "n_ctx_per_seq (512) < n_ctx_train (4096)" (simonw/llm-gguf#3); "(1024) <
    // n_ctx_train (2048)" (KohakuBlueleaf/z-tipo-extension#84); Ollama's "n_ctx_per_seq (4096) >
    // n_ctx_train (2048) -- possible training context overflow" (ollama/ollama#11175). The key and
    // its value are blanked; `llm_load_print_meta: n_ctx_train = 4096` alike.
    id: 'prose.trained-context-in-log',
    pattern: /\bn_ctx_train\b[ \t]*(?:[=:][ \t]*|\([ \t]*)?\d+(?:[ \t]*\))?/g,
    when: (t) => t.includes('n_ctx_train'),
    write: blank,
    example: 'llama_context: n_ctx_seq (512) < n_ctx_train (40960)',
    source: 'abetlen/llama-cpp-python#2234',
  },
  {
    // A model's window read where the model is described (rlen2, docs/reading.md "A window printed for the model"):
    // "the model card says context length: 262144", "模型卡写着上下文长度 131072", "モデルカードのコンテキスト長は
    // 131072". The model card, its config or its README is the model's, never the run's: the number is set aside and
    // said, and the run's length comes from its own flags (-c, --max-model-len, max_seq_length) or words, else the
    // engine's default. The source word and the length word share one clause (no comma, stop or line between).
    id: 'prose.model-card-window',
    pattern: new RegExp(
      String.raw`(?:model[ \t]?card|model[ \t]page|readme|模型卡片?|模型介绍|模型说明|모델[ \t]?카드|モデルカード)[^\n;；。,，]{0,40}?(?:context(?:[ \t_-]*(?:length|window|size))?|上下文(?:长度|窗口)?|컨텍스트(?:[ \t]?길이)?|コンテキスト長?|max[ \t_-]?position[ \t_-]?embeddings|model[ \t_-]?max[ \t_-]?length)[ \t]*(?:[:：=]|is|of|为|是|는|은|は)?[ \t]*(?:\d{1,3}(?:,\d{3})+|\d+)(?:[ \t]?k)?(?![\w.])` +
        // The source said after: "context length 262144 according to the model card", "(context length 131072 per its model card)".
        String.raw`|(?:context(?:[ \t_-]*(?:length|window|size))?|上下文(?:长度|窗口)?|컨텍스트(?:[ \t]?길이)?|コンテキスト長?)[ \t]*(?:[:：=]|is|of)?[ \t]*(?:\d{1,3}(?:,\d{3})+|\d+)(?:[ \t]?k)?[ \t]*(?:tokens?[ \t]*)?(?:according[ \t]+to|per|from|in|as[ \t]+(?:stated|listed|given)[ \t]+in|by)[ \t]+(?:the[ \t]+|its[ \t]+|their[ \t]+)?(?:model[ \t]?card|model[ \t]page|readme)`,
      'g',
    ),
    when: (t) => /model[ \t]?card|model[ \t]page|readme|模型卡|模型介绍|模型说明|모델[ \t]?카드|モデルカード/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" is the model's own window, not the length you run; not read (say seq N for yours)`);
      return ' '.repeat(m[0].length);
    },
    example: 'the model card says context length: 262144; llama-server -m qwen3-30b-a3b-q4_k_m.gguf -c 32768 -ngl 99 on a 4090',
  },
  {
    // A count of the data in Chinese, "60k的数据", "1024条数据", "9000条数据", "3万条样本": how many samples,
    // never a length (the English "5000 samples" is training.data-count). "求问训练一个7b的模型 大概60k的数据
    // 全量的grpo需要多大的显存" (deepseek-ai/DeepSeek-R1#559, c1294, read as seq 61440); "现在训练1024条数据
    // 居然要18小时" (c294); "使用9000条数据进行训练" (c640). A count under 100 without a unit is left alone:
    // "单卡A100跑1条样本" is the micro-batch (c1001). Not 数据并行 (data parallel), 数据集 (the set's name).
    id: 'prose.data-count-zh',
    pattern: /(?<![\w.])(?:\d{3,}|\d+(?:\.\d+)?[ \t]*(?:k|w|万|千))[ \t]*(?:(?:多|余)[ \t]*)?(?:(?:条|个)[ \t]*)?(?:的[ \t]*)?(?:(?:训练|微调|sft|对话)[ \t]*)?(?:数据|样本|语料)(?!集|并行|路径|类型)/g,
    when: (t) => /数据|样本|语料/.test(t),
    write: blank,
    example: '求问训练一个7b的模型 大概60k的数据 全量的grpo需要多大的显存啊',
    source: 'deepseek-ai/DeepSeek-R1#559',
  },
  {
    // A model's description prints the model's own trained window beside its other attributes: `ollama show`'s
    // Model block ("architecture qwen3 / parameters 14.8B / context length 40960 / embedding length 5120 /
    // quantization Q4_K_M", ollama/ollama, c1852 b50, c2517 b72), or the same pasted as a list ("Architecture:
    // gemma3 / Parameters: 4.3B / Context Length: 131072 (but set to num_ctx=1024) / Embedding Length: 2560", c577
    // b14). It is a broken cue for the length slot (docs/reading.md, "The length slot"): the model's maximum,
    // never the run's; the engine's default, or the user's own num_ctx beside it, is the length. Only inside such a
    // description: an embedding length (no setting has one), or both the architecture and the parameter count, on
    // lines of its own within a few lines. "- context length: 32000" under "- model: … - loader: …" is the
    // user's setting (c2118) and stays.
    id: 'prose.model-window-in-description',
    pattern: /(?<=^|\n)[ \t]*(?:[-*•][ \t]*)?(?:context[ \t_-]*(?:length|window|size)|embedding[ \t_-]*length)(?:[ \t]*:)?[ \t]*\d[\d,]*(?:[ \t]*k)?(?![\w.])/g,
    when: (t) => /context[ \t_-]*(?:length|window|size)/.test(t) && /embedding|architecture/.test(t),
    write: (m, notes) => {
      const around = m.input.slice(Math.max(0, m.index - 400), m.index + m[0].length + 400);
      const row = (word: string) => new RegExp(String.raw`(?:^|\n)[ \t]*(?:[-*•][ \t]*)?${word}\b`).test(around);
      if (!row(String.raw`embedding[ \t_-]*length`) && !(row('architecture') && row('parameters'))) return m[0];
      // (Its embedding length, the model's hidden size, is no length either.)
      if (/^\s*(?:[-*•]\s*)?context/.test(m[0])) notes.push(`"${m[0].trim()}" is the model's own context window (its description, as \`ollama show\` prints it), not the length you run`);
      return ' '.repeat(m[0].length);
    },
    example: '  Model\n    architecture        qwen2\n    parameters          14.8B\n    context length      32768\n    embedding length    5120',
    source: 'ollama/ollama#10529',
  },
  {
    // A context a model is extended to by RoPE scaling (YaRN, NTK, linear, Llama 3's) is the model's window, never the
    // length the user runs (rmode2, docs/reading.md "A model's context extension is not the user's length"): "上下文 128k
    // (yarn factor 4)", "128k context via rope scaling", "yarn로 컨텍스트 128k까지 늘린", "用yarn扩展到128k", "128kまで拡張".
    // The extension word must touch the length (before or after it, a parenthesis allowed); a length key or the user's
    // own length words stay the length, and with none the engine's default is, said. Had read 131,072 over max_model_len.
    id: 'prose.extended-model-window',
    pattern: new RegExp(
      String.raw`(?:上下文|context(?:[ \t](?:length|window))?|컨텍스트|コンテキスト)[ \t]?(?:长度[ \t]?)?(?:到|至|为|是|of|:|：)?[ \t]?${EXT_LEN}(?=[ \t]?(?:tokens?[ \t]?)?[（(]?[ \t]?(?:via|with|using|by|通过|用)?[ \t]?${EXTENDER})` +
        String.raw`|${EXT_LEN}[ \t]?(?:tokens?[ \t])?context[ \t](?:via|with|using|through|by)[ \t]${EXTENDER}` +
        String.raw`|(?:컨텍스트[ \t]?)?${EXT_LEN}[ \t]?까지[ \t]?(?:늘린|늘려|확장)|(?:扩展|拓展|延长|外推)[ \t]?(?:到|至)[ \t]?${EXT_LEN}|${EXT_LEN}[ \t]?まで[ \t]?(?:拡張|延長)`,
      'g',
    ),
    when: (t) => /yarn|rope|ntk|늘린|늘려|확장|扩展|拓展|延长|外推|拡張|延長/.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" is the model's context extended by RoPE scaling, not the length you run; not read (say seq N for yours)`);
      return ' '.repeat(m[0].length);
    },
    example: 'qwen2.5-7b 上下文 128k (yarn factor 4)，用 vllm 部署在单卡 a100 80g 上',
  },
  {
    // Ollama's `ollama ps` prints, for each loaded model, the context it allocated (its CONTEXT column, Ollama
    // v0.12 on: "NAME ID SIZE PROCESSOR CONTEXT UNTIL" / "qwen2.5vl:7b 5ced39dfa4ba 14 GB 100% GPU 16384 4 minutes
    // from now", ollama/ollama, c2242 b63; c2971 b88). That is the run's context, but the engine's figure, not a
    // setting the user wrote (Ollama picks it by release and by VRAM when none is set, llamacpp-context.ts): a weak
    // cue, read as the length and said with its words. The row is read by its columns (a 12-hex-digit id, a size,
    // the processor split), so no other table's number is taken.
    id: 'prose.ollama-ps-context',
    pattern: /(?<=(?:^|\n)[ \t]*[\w.:/-]+[ \t]+[0-9a-f]{12}[ \t]+\d+(?:\.\d+)?[ \t]*[kmgt]i?b[ \t]+\d+%(?:\/\d+%)?[ \t]+(?:cpu\/gpu|gpu\/cpu|gpu|cpu)[ \t]+)\d{3,7}(?=[ \t]|$)/g,
    when: (t) => t.includes('processor') && t.includes('context') && t.includes('until'),
    write: (m) => ` ctx ${m[0]} `,
    weak: true,
    example: 'NAME            ID              SIZE     PROCESSOR    CONTEXT    UNTIL\nqwen2.5vl:7b    5ced39dfa4ba    14 GB    100% GPU     16384      4 minutes from now',
    source: 'ollama/ollama#13722',
  },
];

/**
 * Read before the config keys (prose/card-dtype.ts), which would take each key alone and set it aside
 * for want of a value of its own.
 */
export const SEQ_KEY_RULES: readonly ProseRule[] = [
  {
    // A prompt-length key and an answer-length key named together and given one value: each is set to
    // it, and the sequence holds both (as config-keys/sequence.ts adds max_source_length and
    // max_target_length, or --max_input_len and --max_output_len, when each has its own value).
    // "max_source_length、max_target_length 尝试过512" (hiyouga/LlamaFactory#811, c401: seq 1024, had been
    // left at the default); "different --max_input_len and --max_output_len values, reducing to 512"
    // (NVIDIA/ChatRTX#15, c1342: seq 1024, had been the model's own 4,096).
    id: 'prose.paired-lengths-one-value',
    pattern: /(?:--)?max_(?:source|input|prompt)_len(?:gth)?[ \t]*(?:、|,|，|\/|\band\b|和|与|及)[ \t]*(?:--)?max_(?:target|output|response)_len(?:gth)?\b[^\n\d]{0,40}?(?:\b(?:to|of|at|as)\b|=|为|成|到|过)[ \t]*(\d{2,6})(?![\w.])/gi,
    when: (t) => /max_(?:source|input|prompt)_len/i.test(t),
    write: (m) => ` seq ${2 * Number(m[1])} `,
    example: 'max_source_length、max_target_length 尝试过512，per_device_train_batch_size 3也是同样问题',
    source: 'hiyouga/LlamaFactory#811',
  },
];
