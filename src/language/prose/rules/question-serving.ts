import { ENGINE_NAMED } from '../../vocabulary.js';
import type { ProseRule } from '../types.js';

/**
 * A serving load said in a question: concurrent users or requests, users with a length each, a
 * batch in tokens, a million-token context.
 */

/**
 * A server the message runs, named by its own words (vLLM, SGLang, TGI, TensorRT-LLM, LMDeploy, Ollama, llama.cpp's
 * server), or a tool or word that sends it a load (a benchmark, a load or stress test, Apache Bench, locust, 压测).
 */
const SERVER_UNDER_LOAD = new RegExp(
  String.raw`${ENGINE_NAMED.source}|\b(?:tgi|text-generation-inference|ollama|llama[.-]?cpp|llama-server|api_server|launch_server|benchmark\w*|bench|load[- ]?test\w*|stress[- ]?test\w*|apache bench|locust|genai-perf|llmperf|wrk)\b|压测|压力测试|测试|벤치마크|부하\s*테스트|서빙`,
  'i',
);

/**
 * The load a client sends a running server: "256 concurrent requests" (Apache Bench's), "concurrency 128",
 * "--max-concurrency 32", "the concurrency-128 serving benchmark", "ab -n 1000 -c 256", "请求并发度8", "压测并发100", "并发16时",
 * "100个并发请求", "동시 요청 32개". A concurrency stated as what the server is to carry, with no request, test or
 * moment around it ("vllm部署qwen2.5-7b，4090，并发数 50"), is the serving batch prose.chinese-words reads.
 * vLLM, SGLang and TGI take what their KV pool and max-num-seqs allow and queue the rest, so a concurrency is no
 * batch the server holds and no micro-batch (vllm-project/vllm#2988, c2697: Apache Bench's 256 read as mbs 256;
 * modelscope/ms-swift#7892, c2783: 请求并发度8 read as mbs 8). Said, with the setting that caps it. A load written
 * with each request's length ("20 concurrent requests each with 1k tokens") is the sized work the question is about
 * and stays with question.concurrent-people and question.users-each.
 */
const CLIENT_LOAD = new RegExp(
  [
    // A target the server is to carry ("for 20 concurrent users", "to support 50 concurrent requests") stays the batch asked for.
    String.raw`(?<![\w.])(?<!\b(?:for|to|support|serve|handle|handling|supporting)\s(?:up\sto\s)?)\d{1,5}\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|requests?|sessions?|clients?|connections?|queries)\b(?!\s*,?\s*(?:of\s+|with\s+)?(?:\d|each\b))`,
    String.raw`(?<![\w-])(?:--)?(?:max[-_ ]?|num[-_ ]?)?concurrency(?:\s+(?:level|of|at))?(?:\s*[=:-])?\s*\d{1,5}(?![\w.])`,
    String.raw`\bat\s+\d{1,5}\s+concurrency\b`,
    String.raw`--num[-_]concurrent[-_]requests[= ]\d{1,5}(?![\w.])`,
    String.raw`\b(?:ab|hey|oha)\s[^\n]{0,40}?-c\s*\d{1,5}(?![\w.])`,
    String.raw`(?:请求|压测|测试)并发(?:度|数|量)?\s*(?:(?:为|是|=|:|：|到|达到)\s*)?\d{1,5}(?![\d.])(?:\s*(?:个|路))?(?:请求|用户)?`,
    String.raw`并发(?:度|数|量)?\s*(?:(?:为|是|=|:|：|到|达到)\s*)?\d{1,5}(?![\d.])(?:\s*(?:个|路))?(?:请求|用户)?(?=\s*(?:时|的时候|下|情况下))`,
    String.raw`(?<![\w.])\d{1,5}\s*(?:(?:个|路)\s*)?并发(?:请求|(?:用户)?(?=\s*(?:时|的时候|下|情况下)))`,
    String.raw`동시\s*(?:요청|접속|사용자)\s*\d{1,5}\s*(?:개|명)?`,
    String.raw`(?<![\w.])\d{1,5}\s*(?:개|명)의?\s*동시\s*(?:요청|접속|사용자)`,
  ]
    .map((form) => `(?:${form})`)
    .join('|')
    // "256 concurrent requests against the vLLM server": the server the load is sent to, not a setup weighed against it
    // (phrasing reads "against" as "vs"); the word goes with the load.
    .replace(/^/, '(?:')
    .concat(String.raw`)(?:\s+against(?=\s))?`),
  'g',
);

/**
 * The load as the item language writes it, over the words that said it: "concurrency N" (N the load's last number). Not
 * "concurrent users N": after a number another rule has written ("tp 2") that reads as "2 concurrent users".
 */
function loadWritten(words: string, _input: string): string {
  const numbers = words.match(/\d{1,5}/g);
  const n = numbers ? numbers[numbers.length - 1] : undefined;
  return n === undefined ? ' '.repeat(words.length) : ` concurrency ${n}`.padEnd(words.length);
}

/** A length for each request after the load ("each with 1k tokens", "of 2k tokens each"). */
const EACH_AFTER = /^\s*,?\s*(?:each\b|(?:of|with)\s+\d)/;

/** A word that already says what is done with the model (as the prose rules' SERVING_WORD). */
const DOING_WORD = /\b(?:train\w*|fine-?tun\w*|finetun\w*|sft|q?lora|serv\w*|deploy\w*|host\w*|vllm|sglang|tgi|ollama|llama\.cpp|inference|infer|run\w*|chat\w*)\b/i;

export const SERVING_QUESTION_RULES: readonly ProseRule[] = [
  {
    // "how many concurrent users", "how many simultaneous requests": the largest serving batch, with
    // the simultaneity said before the noun (the prose rule reads it only when "can"/"at once" follows).
    id: 'question.how-many-concurrent',
    pattern: /\bhow many\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|people|requests?|clients?|sessions?|sequences?|chats?|connections?)\b/g,
    when: (t) => t.includes('how many'),
    write: (m) => 'max batch'.padEnd(m[0].length),
    example: 'how many concurrent users for llama-3-8b on an l4',
  },
  {
    // The same question in Chinese, Japanese and Korean: "大概能支持多少并发" (about how much concurrency can it
    // support), "最大并发是多少", "几路并发", "同时支持多少用户", "同時に何リクエスト" (read as 同时, the reader's
    // simplified form), "동시 사용자 몇 명": the largest serving batch.
    // A concurrency with its number ("并发 16", "最大并发数: 8") is stated, not asked, and left to the keys.
    id: 'question.how-many-concurrent-cjk',
    pattern:
      /(?:能|可以|可)?(?:支持|承受|扛|跑)?(?:多少|几个|几路|几)(?:个|路)?(?:并发|并行)(?:用户|请求|数|量)?|(?:最大|最多)(?:能|可以)?(?:支持)?(?:的)?并发(?:数|量)?(?:是|有)?(?:多少|几)|同时(?:能|可以)?(?:支持|服务|处理)?(?:多少|几)(?:个)?(?:用户|请求|人)|同[時时]に?(?:何|いくつ)(?:人|件|リクエスト|ユーザー?)|동시\s*(?:사용자|요청|접속)?\s*(?:몇|얼마)/g,
    when: (t) => /并发|并行|同時|同时|동시/.test(t),
    write: (m) => ' max batch '.padEnd(m[0].length),
    example: '两张A100 40G，max-model-len设成32768，显存够吗？大概能支持多少并发？',
  },
  {
    id: 'question.client-load',
    pattern: CLIENT_LOAD,
    when: (t) => /concurren|simultaneous|parallel|\b(?:ab|hey|oha)\s|并发|동시/.test(t) && SERVER_UNDER_LOAD.test(t),
    write: (m, notes) => {
      notes.push(`"${m[0].replace(/\s+against$/, '').trim()}": the load the clients send, not a server setting (the engine holds what its KV cache and max-num-seqs allow and queues the rest; say "max seqs N" for the cap you set)`);
      return loadWritten(m[0], m.input);
    },
    example: 'Used Apache Bench for testing with 256 concurrent requests',
    source: 'vllm-project/vllm#2988',
  },
  {
    // "50 concurrent users", "16 parallel requests", "for 20 concurrent users": the same load, with no server or test
    // around it. It was the serving batch (bs N: N sequences the server must hold at once, or the answer was "does not
    // fit"); the server queues what it cannot hold, so the reply holds what it serves at once against the load.
    id: 'question.concurrent-people',
    pattern: /(?<![\w.])(\d{1,5})\s+(?:concurrent|simultaneous|parallel)\s+(?:users?|requests?|sessions?|clients?|connections?)\b/g,
    when: (t) => /concurrent|simultaneous|parallel/.test(t),
    // With each request's length after it ("20 concurrent requests each with 1k tokens", sgl-project/sglang, c881) the
    // requests are the sized work asked about: held at once, the batch, as before.
    write: (m) =>
      `${DOING_WORD.test(m.input) ? '' : 'serve '}${EACH_AFTER.test(m.input.slice(m.index + m[0].length, m.index + m[0].length + 24)) ? `bs ${m[1]}` : loadWritten(m[0], m.input).trim()}`.padEnd(m[0].length),
    example: 'mistral-7b, 50 concurrent users, a100',
  },
  {
    // The same load in other words: "100 requests concurrently", "30 people at once", "concurrent requests (24)" (a
    // results table's row, triton-inference-server/server#8691, c2113), "raise concurrency to 32" (cloudrift-ai/emmy#130,
    // c2822), "需要支持20个并发用户", "10个并发用户", "同時10人" / "同时10人", "동시 사용자 20명", "20명이 동시에". Each was a
    // micro-batch (h2oai/h2ogpt#997, c1278: "serve like 100 requests concurrently" read as mbs 100) or not read.
    id: 'question.concurrent-load-words',
    pattern: new RegExp(
      [
        String.raw`(?<![\w.])(\d{1,5})\s+(?:requests?|users?|people|persons|clients?|sessions?|queries)\s+(?:concurrently|simultaneously|at\s+(?:once|the\s+same\s+time)|in\s+parallel)\b`,
        String.raw`\bconcurrent\s+(?:requests?|users?)\s*\(\s*(\d{1,5})\s*\)`,
        String.raw`\bconcurrency\s+(?:to|of|at)\s+(\d{1,5})(?![\w.])`,
        String.raw`(?<![\w.])(\d{1,5})\s*(?:个|路)?\s*并发(?:用户|请求|访问)`,
        String.raw`同[時时]に?\s*(\d{1,5})\s*(?:人|个用户|名|位|ユーザー|リクエスト|件)`,
        String.raw`(?<![\w.])(\d{1,5})\s*(?:人|个用户|名)(?:が)?\s*同[時时]`,
        String.raw`(?<![\w.])(\d{1,5})\s*명이?\s*동시에`,
        String.raw`동시\s*(?:사용자|요청|접속)\s*(\d{1,5})\s*(?:명|개)?`,
        String.raw`(?<![\w.])(\d{1,5})\s*(?:개|명)의?\s*동시\s*(?:요청|접속|사용자)`,
      ].join('|'),
      'g',
    ),
    when: (t) => /concurren|simultaneous|at once|same time|in parallel|并发|同[時时]|동시/.test(t),
    write: (m) => `${DOING_WORD.test(m.input) ? '' : 'serve '}concurrency ${m.slice(1).find((g) => g !== undefined)}`.padEnd(m[0].length),
    example: 'how much gpus power required to serve like 100 requests concurrently when running llama-2-13b model?',
    source: 'h2oai/h2ogpt#997',
  },
  {
    // "3 users, 8k each": the serving batch and a length per user. Weak: the length is a number
    // attached only by "each", with "tokens" and "context" optional.
    id: 'question.users-each',
    pattern: /(?<![\w.])(\d{1,5})\s+users?\s*[,;]?\s*(?:with\s+)?(\d+(?:\.\d+)?k?)\s*(?:tokens?\s+)?(?:of\s+)?(?:context\s+)?each\b/g,
    when: (t) => t.includes('each'),
    write: (m) => `${DOING_WORD.test(m.input) ? '' : 'serve '}bs ${m[1]} seq ${m[2]}`.padEnd(m[0].length),
    example: 'llama-3-8b on a 4090 for 3 users, 8k each',
    weak: true,
  },
  {
    // "a 4M token batch", "batch of 2M tokens": the tokens per optimizer step over all GPUs, not a
    // model size or a micro-batch. Set aside, said: the estimate needs the per-GPU batch.
    id: 'question.token-batch',
    pattern: /\b(?:(?:a|the)\s+)?(\d+(?:\.\d+)?\s*[mk])\s*(?:tokens?)[\s-]+(?:global\s+)?batch(?:\s+size)?\b|\bbatch(?:\s+size)?\s+of\s+(\d+(?:\.\d+)?\s*[mk])\s*tokens?\b/g,
    when: (t) => t.includes('batch'),
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}": a global batch in tokens is not read; say the per-GPU batch and length (e.g. bs 8 seq 4096)`);
      return ' '.repeat(m[0].length);
    },
    example: 'pretrain a 7b with a 4m token batch on 8 h100',
  },
  {
    // "1M context", "1m tokens context": a million tokens (1M = 1024k, as 4k is 4096). Weak: "1M
    // context" is most often the model's own window, taken here as the length the user runs.
    // A multiplier belongs to the number it follows with a hyphen or a space too, and the noun may be the
    // length's or the run's: "Document 1M-token training … a book-length sequence per step" (huggingface/trl#6846,
    // c2641, read as seq 1 from "sequence … on one"), "1M-token context window", "at 1M tokens", "with a 2M
    // context", "1M 컨텍스트로", "1M上下文", "1Mコンテキスト" (the run's noun after "1M-token" is kept for the
    // mode). Only up to 16M: "pretrained on 300M tokens" counts
    // a data set, and "of data" after the tokens says so for a small one too.
    id: 'question.million-context',
    pattern: new RegExp(
      String.raw`(?<![\w.])(\d+(?:\.\d+)?)\s*m(?:\s*|-)(?:tokens?(?:\s+|-))?(?:context|ctx|window|seq(?:uence)?s?)(?![a-z])(?:\s+(?:length|window|size))?` +
        String.raw`|(?<![\w.])(\d+(?:\.\d+)?)\s*m-tokens?(?=\s+(?:long\s+)?(?:training|train|sft|fine-?tun\w*|prompts?|inputs?|documents?|samples?|runs?)\b)` +
        String.raw`|(?<=\b(?:at|with|of|to|up\s+to)\s+)(\d+(?:\.\d+)?)\s*m[\s-]*tokens?\b(?!\s+(?:of\s+)?(?:data|dataset|corpus|text|training\s+data)\b)` +
        String.raw`|(?<![\w.])(\d+(?:\.\d+)?)\s*m\s*(?:토큰\s*|token\s*|トークン)?(?:컨텍스트|上下文|コンテキスト)`,
      'g',
    ),
    when: (t) => /\dm|\d\s+m\b/.test(t),
    write: (m) => {
      const n = Number(m[1] ?? m[2] ?? m[3] ?? m[4]);
      return n > 16 ? m[0] : ` seq ${Math.round(n * 1024)}k`.padEnd(m[0].length);
    },
    example: 'qwen2.5-7b-instruct-1m with 1m context on 8x h100',
    source: 'huggingface/trl#6846',
    weak: true,
  },
];
