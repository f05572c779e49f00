import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Scenario } from '../../src/scenario/schema.js';
import { corpusLineRead, fieldMisses, runInvented } from './reading-fixtures.js';

/**
 * rques3 (s47): a question about a requirement is asked, not answered as a setup (docs/reading.md "The question slot:
 * a requirement doubted, a count of machines, a cap complained of"). Invented lines, written from the words before any
 * change; each carries the fields it must read. Three mechanisms the lead saw in the fresh batches (3 of 9 silent
 * misreadings answered a setup where the user asked a question):
 * 1. a yes/no question about a requirement carries the asked number: the count is doubted, not owned — the needs
 *    question, the asked count said;
 * 2. a count asked in machines, nodes, servers, boxes, hosts: the needs question in cards, a node's cards said;
 * 3. a complaint about a cap asks how long a context the user can run: `max seq` on what they stated, the cap said,
 *    the model's window neither.
 * Near misses (each mechanism's last lines) must not fire: counts owned or measured, reports, speeds, settings,
 * a capability asked.
 */
interface Want {
  /** "how many gpus", "how many <card id>", "maxSeq", "none", "which gpu". */
  question?: string;
  /** "none", "N gpus", "Nx <card id>" (a card id is matched as a prefix: "a100" holds "a100-80g"). */
  hw?: string;
  mode?: string;
  seq?: number;
  /** The length is never this number (the model's window, the engine's cap). */
  seqNot?: number;
  /** Words the first screen or the assumptions must hold. */
  said?: RegExp;
}

function questionOf(s: Scenario): string {
  const q = s.question;
  return q.kind === 'whichGpu' ? 'which gpu' : q.kind === 'howMany' ? `how many ${q.gpuId ?? 'gpus'}` : q.kind;
}
function hwOf(s: Scenario): string {
  if (s.hardware) return `${s.hardware.count}x ${s.hardware.gpuId ?? `${Math.round(s.hardware.capacityBytes / 2 ** 30)}gb`}`;
  return s.unnamedGpus ? `${s.unnamedGpus} gpus` : 'none';
}

function misses(text: string, want: Want): string[] {
  return fieldMisses(text, (s, check, out, said) => {
    const q = questionOf(s);
    if (want.question !== undefined && !(q === want.question || (want.question.startsWith('how many ') && want.question !== 'how many gpus' && q.startsWith(want.question))))
      out.push(`question ${q} (want ${want.question})`);
    const hw = hwOf(s);
    if (want.hw !== undefined && !(hw === want.hw || (/x /.test(want.hw) && hw.startsWith(want.hw)))) out.push(`hw ${hw} (want ${want.hw})`);
    check('mode', s.mode, want.mode);
    check('seq', s.seq, want.seq);
    if (want.seqNot !== undefined && s.seq === want.seqNot) out.push(`seq ${s.seq} (never ${want.seqNot})`);
    if (want.said && !want.said.test(said)) out.push(`said lacks ${want.said}`);
  });
}

export const INVENTED: Record<string, [string, Want][]> = {
  '1. a requirement doubted: the asked count is said, never set': [
    ['Does llama-3-70b full fine-tuning really require 16 H100s?', { question: 'how many h100', hw: 'none', mode: 'full', said: /16/ }],
    ['is it true that qwen2.5-72b inference needs 4x A100 80GB?', { question: 'how many a100', hw: 'none', said: /\b4\b/ }],
    ['someone told me mixtral-8x7b needs 2 A100s to serve, is that right', { question: 'how many a100', hw: 'none', said: /\b2\b/ }],
    ['do I really have to buy two 3090s for qwen2.5-32b lora?', { question: 'how many rtx-3090', hw: 'none', mode: 'lora', said: /\b2\b|two/ }],
    ['8 H100 just to serve deepseek-v3 in fp8, seriously?', { question: 'how many h100', hw: 'none', said: /\b8\b/ }],
    ['Would a 13b full finetune take 4 gpus minimum?', { question: 'how many gpus', hw: 'none', mode: 'full', said: /\b4\b/ }],
    ['qwen2-72b 推理是不是必须要4张A100？', { question: 'how many a100', hw: 'none', said: /\b4\b|4张/ }],
    ['全参微调llama3-8b非得8张卡吗', { question: 'how many gpus', hw: 'none', mode: 'full', said: /\b8\b|8张/ }],
    ['跑qwen2.5-32b真的需要两张4090吗', { question: 'how many rtx-4090', hw: 'none', said: /\b2\b|两张/ }],
    ['llama-3-70b 추론하려면 H100 2장은 있어야 하나요?', { question: 'how many h100', hw: 'none', said: /\b2\b|2장/ }],
    ['qwen2.5-14b 파인튜닝에 GPU 4개가 꼭 필요한가요?', { question: 'how many gpus', hw: 'none', said: /\b4\b|4개/ }],
    ['Llama-3-70BのLoRAにA100が4枚ないと無理ですか', { question: 'how many a100', hw: 'none', mode: 'lora', said: /\b4\b|4枚/ }],
    ['Are 16 GPUs the minimum for pretraining a 7b at seq 8192?', { question: 'how many gpus', hw: 'none', seq: 8192, said: /16/ }],
    ["Can't believe gemma-2-27b needs three L4s just to run", { question: 'how many l4', hw: 'none', said: /\b3\b|three/ }],
    ['So a 34b qlora needs 2 cards?? I thought one 24GB card was enough', { question: 'how many gpus', said: /\b2\b/ }],
    // near misses: a count owned or measured, a report, a speed, a capability asked, a count owned elsewhere
    ['I run llama-3-8b on 8 cards and it needs 60 GB each', { question: 'none', hw: '8 gpus' }],
    ['qwen2-7b used to need 4 cards, now 2 is enough', { question: 'none' }],
    ['how many tokens per second does llama-3-70b do on 8 H100', { question: 'none', hw: '8x h100' }],
    ['does vllm support 8 cards for llama-3-70b tensor parallel?', { question: 'none' }],
    ['we have 4 A100s; does llama-3-70b lora need all 4?', { question: 'none', hw: '4x a100' }],
  ],
  '2. a count asked in machines, nodes, servers: the needs question in cards': [
    ['how many nodes would a full llama-3-70b continued pretrain take at minimum', { question: 'how many gpus', hw: 'none', said: /node/ }],
    ['How many servers do we need to serve deepseek-v3 in bf16?', { question: 'how many gpus', hw: 'none', said: /server|node/ }],
    ['Minimum number of machines for llama-3.1-405b full fine-tuning with FSDP?', { question: 'how many gpus', hw: 'none', said: /machine|node/ }],
    ['how many 8xH100 boxes to pretrain a 70b at seq 8192', { question: 'how many h100', hw: 'none', seq: 8192 }],
    ["What's the node count I'd need for grpo on qwen2.5-32b", { question: 'how many gpus', hw: 'none', said: /node/ }],
    ['number of hosts required to serve llama-3.1-405b fp8 with vllm', { question: 'how many gpus', hw: 'none', said: /host|node/ }],
    ['至少需要多少台机器才能全参微调qwen2.5-72b', { question: 'how many gpus', hw: 'none', mode: 'full', said: /机器|node/ }],
    ['deepseek-v3 推理需要几个节点', { question: 'how many gpus', hw: 'none', said: /节点|node/ }],
    ['训练llama3-70b要几台8卡A100服务器', { question: 'how many a100', hw: 'none' }],
    ['llama-3-70b 풀 파인튜닝하려면 서버 몇 대 필요해요?', { question: 'how many gpus', hw: 'none', said: /서버|node/ }],
    ['노드 몇 개면 deepseek-v3 서빙 가능?', { question: 'how many gpus', hw: 'none', said: /노드|node/ }],
    ['Llama-3-405Bの推論は何ノード必要ですか', { question: 'how many gpus', hw: 'none', said: /ノード|node/ }],
    ['Qwen2.5-72Bのフル学習にはサーバーが何台いる？', { question: 'how many gpus', hw: 'none', said: /サーバー|node/ }],
    // near misses: nodes owned, another's nodes, a rate per node
    ['we have 2 nodes of 8xH100, how long will llama-3-70b sft take?', { question: 'none', hw: '16x h100' }],
    ['我们有3台机器，每台8张4090，qwen2.5-72b lora能跑吗', { question: 'none', hw: '24x rtx-4090' }],
    ['how many nodes did you use for the 70b run?', { question: 'none' }],
    ['tokens per second per node for qwen2-7b pretraining on 4 nodes of 8 A100?', { question: 'none', hw: '32x a100' }],
  ],
  '3. a cap complained of asks how long a context fits': [
    ["why is the input capped at 2048 tokens for qwen2.5-7b on my 4090 when the model supports 32k? I can't change it", { question: 'maxSeq', hw: '1x rtx-4090', seqNot: 32768, said: /2048|2,048/ }],
    ['llama-3-8b on a 4090 with vllm: max length stuck at 4096 whatever I set', { question: 'maxSeq', hw: '1x rtx-4090', said: /4096|4,096/ }],
    ['为什么qwen2-7b在4090上最大长度只能2048', { question: 'maxSeq', hw: '1x rtx-4090', said: /2048|2,048/ }],
    ['qwen2.5-7b 컨텍스트가 4096으로 고정돼요, A100 40GB 1장', { question: 'maxSeq', hw: '1x a100', said: /4096|4,096/ }],
    ['Ollama keeps truncating my prompts to 2048 tokens on a 3090 running llama3-8b, why?', { question: 'maxSeq', hw: '1x rtx-3090', said: /2048|2,048/ }],
    ["mistral-7b on TGI refuses anything over 4096 input tokens on an A10G even though it's a 32k model", { question: 'maxSeq', hw: '1x a10g', seqNot: 32768, said: /4096|4,096/ }],
    ['llama.cpp context limited to 512 with qwen2-7b q4_k_m on my 3060, how to get more', { question: 'maxSeq', hw: '1x rtx-3060', said: /512/ }],
    ["why can't I go beyond 8192 context with llama-3.1-70b awq on 2x A6000? it's a 128k model", { question: 'maxSeq', hw: '2x rtx-a6000', seqNot: 131072, said: /8192|8,192/ }],
    ['Qwen2.5-14BをvLLMで動かすと最大長が4096に制限される、RTX 4090', { question: 'maxSeq', hw: '1x rtx-4090', said: /4096|4,096/ }],
    ['The max context seems hard-limited to 2k for phi-3-mini on an L4, is there a way to raise it?', { question: 'maxSeq', hw: '1x l4', said: /2k|2048|2,048/ }],
    ['gemma-2-9b 上下文一直被截断到1024，4090单卡', { question: 'maxSeq', hw: '1x rtx-4090', said: /1024|1,024/ }],
    ['vllm caps max_model_len at 16384 for qwen2.5-32b-awq on 2x 4090, how far can I push it?', { question: 'maxSeq', hw: '2x rtx-4090', said: /16384|16,384/ }],
    // near misses: a length set by the user, run at a length below the window, capped on purpose
    ['I set max length to 4096 for llama-3-8b lora on a 4090', { question: 'none', seq: 4096 }],
    ['llama-3-8b supports 8k context; I run it at 4096 on a 3090', { question: 'none', seq: 4096 }],
    ['qwen2-7b lora, cutoff_len capped at 2048 to save memory, 1x a100-80g, batch 4', { question: 'none', seq: 2048 }],
    ['我把最大长度设成2048，qwen2-7b 4090', { question: 'none', seq: 2048 }],
  ],
};

/** Lines still misread after the change, each with why (an it.fails: the test says so when one starts to read). */
export const KNOWN_MISSES: ReadonlyMap<string, string> = new Map([
  // The second sentence states one 24 GB card, read as the hardware (a count of cards stated outside the doubted one is
  // the setup asked about); its estimate answers the doubt, but the question is not the needs question.
  ['So a 34b qlora needs 2 cards?? I thought one 24GB card was enough', 'one 24GB card stated: the setup'],
  // The config-key stage reads "max_model_len at 16384" as the key's value before the question rules see the words, so
  // no length noun is left beside the cap (a key said in prose is the config keys' slot).
  ['vllm caps max_model_len at 16384 for qwen2.5-32b-awq on 2x 4090, how far can I push it?', 'the key read first'],
  // A bare number after "run it at" has no length cue in its clause (the length slot's, not the question's).
  ['llama-3-8b supports 8k context; I run it at 4096 on a 3090', 'a bare number as the length'],
]);

runInvented(INVENTED, KNOWN_MISSES, misses);

/** A released corpus line as the bench reads it (its thread first): its question and hardware. */
function lineRead(id: string): { question: string; hw: string; seq: number } {
  const { scenario } = corpusLineRead(id);
  return { question: questionOf(scenario), hw: hwOf(scenario), seq: scenario.seq };
}

describe('released lines: the mechanisms move what they should and leave the rest', () => {
  it('c126: "how many nodes each having 8 H100s do I need" counts the H100 a node holds', () => {
    expect(lineRead('c126').question).toMatch(/^how many h100/);
  });
  it('c549: "使用了vllm后，要两张A100才能跑起来" is a report (its sentence ends before the next one asks 吗): the cards stay', () => {
    expect(lineRead('c549').hw).toBe('2x a100-80g');
  });
  it('c202: "num_ctx limited to 8192, so it probably lost context" is the setting, no cap complained of', () => {
    expect(lineRead('c202')).toMatchObject({ question: 'none', seq: 8192 });
  });
  it('c1354: "sequence length limited to 2048." is the length the user ran', () => {
    expect(lineRead('c1354')).toMatchObject({ question: 'none', seq: 2048 });
  });
  it('c1281: "we need at least 10 H100 GPUs?" is the user working it out, not a count doubted', () => {
    expect(lineRead('c1281')).toMatchObject({ question: 'none', hw: '1x h100-80g' });
  });
  it('c1295: "why do u need 2GPUs" beside "my 4090" keeps the card owned', () => {
    expect(lineRead('c1295').hw).toBe('1x rtx-4090');
  });
  it('c3626: "now requires only 2 GPUs for RL training" is a requirement stated, no doubt: the count stays', () => {
    expect(lineRead('c3626').hw).toBe('2 gpus');
  });
});

describe('properties', () => {
  const cards: [string, string][] = [
    ['H100s', 'h100'],
    ['A100s', 'a100'],
    ['L40S', 'l40s'],
    ['RTX 4090s', 'rtx-4090'],
  ];
  const doubts = [(n: number, c: string) => `does llama-3-70b lora really need ${n} ${c}?`, (n: number, c: string) => `is it true that serving qwen2.5-72b requires ${n} ${c}?`, (n: number, c: string) => `${n} ${c} just to run mixtral-8x7b, seriously?`];
  it('a count doubted is never the setup; the same count owned is', () => {
    fc.assert(
      fc.property(fc.constantFrom(...doubts), fc.constantFrom(...cards), fc.integer({ min: 2, max: 16 }), (doubt, [card, id], n) => {
        const asked = fieldMisses(doubt(n, card), (s, _check, out, said) => {
          if (!questionOf(s).startsWith(`how many ${id}`)) out.push(`question ${questionOf(s)}`);
          if (hwOf(s) !== 'none') out.push(`hw ${hwOf(s)}`);
          if (!said.includes(`needs ${n}`)) out.push('count not said');
        });
        expect(asked).toEqual([]);
        const owned = fieldMisses(`I have ${n} ${card}. ${doubt(n, card)}`, (s, _check, out) => {
          if (!hwOf(s).startsWith(`${n}x ${id}`)) out.push(`hw ${hwOf(s)}`);
          if (questionOf(s).startsWith('how many')) out.push(`question ${questionOf(s)}`);
        });
        expect(owned).toEqual([]);
      }),
      { numRuns: 25 },
    );
  });
  const caps = [(v: number) => `max context stuck at ${v} whatever I set, llama-3-8b on a 4090`, (v: number) => `why is my prompt truncated to ${v} tokens? llama-3-8b on a 4090`, (v: number) => `llama-3-8b on a 4090: the input is capped at ${v} tokens, can't change it`];
  it('a cap complained of is never the length; a length set is', () => {
    fc.assert(
      fc.property(fc.constantFrom(...caps), fc.constantFrom(512, 1024, 2048, 4096, 6000, 8192), (cap, v) => {
        expect(fieldMisses(cap(v), (s, _check, out) => {
          if (s.question.kind !== 'maxSeq') out.push(`question ${questionOf(s)}`);
        })).toEqual([]);
        expect(fieldMisses(`I set max length to ${v} for llama-3-8b on a 4090`, (s, check, out) => {
          check('seq', s.seq, v);
          if (s.question.kind !== 'none') out.push(`question ${questionOf(s)}`);
        })).toEqual([]);
      }),
      { numRuns: 20 },
    );
  });
});
