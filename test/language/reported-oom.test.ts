import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceText } from '../../src/adapters/console/trace.js';
import { respond } from '../../src/core/assistant.js';
import { parseRequest } from '../../src/language/parse.js';
import { OOM_REPORT_RULES } from '../../src/language/prose/index.js';
import type { EstimateReply } from '../../src/reply/types.js';
import { canonicalText } from '../../src/scenario/canonical.js';
import { corpusText, loadCorpus } from '../corpus/corpus.js';

/**
 * An out-of-memory the user reports in their own words is read once, by a named rule
 * (prose/rules/oom-reports.ts), and handed on as a reported topic, no setup fact; the reply brings
 * the OOM triage from it, whatever the verdict. A question about OOM is no report.
 */

const reported = (text: string) => {
  const parsed = parseRequest(text);
  return parsed.ok ? (parsed.reported ?? []) : [];
};
const reply = (text: string) => respond(text, null).reply as EstimateReply;
const topics = (text: string) => (reply(text).tips ?? []).map((t) => t.topic);
const unread = (text: string) => {
  const parsed = parseRequest(text);
  return parsed.ok ? parsed.unread.map((u) => u.word) : ['(refused)'];
};

describe('an out-of-memory reported in the user\'s words is a reported topic, read by a named rule', () => {
  it.each([
    // Real lines (source beside each), with the setup the thread states where the line names none.
    ['gemma-2-27b with unsloth on a single RTX A6000, Training starts fine but OOMs around step 300.', 'reported.oom'], // unslothai/unsloth report shape
    ['We finetune llama-2-7b with lora and got cuda OOM on 8 A100s', 'reported.oom'], // CarperAI/trlx#431
    ['I tried to use 2 nodes with 8xA100(40G)s to finetune the 7B models. But it still reports OOM error.', 'reported.oom'], // haotian-liu/LLaVA#655
    ['I have a A100 40GB GPU, llama-7b lora. But I ran into OOM when it was calculating attentions', 'reported.oom'], // tloen/alpaca-lora#329
    ['Llama-4-Scout-17B-16E-Instruct on 8xA100 80GB with vllm: Llama4 always go OOM when using LLama4ForCausalLM', 'reported.oom'], // vllm-project/vllm#20581
    ['8卡 A100 40G，7B的FT，仍然CUDA oom', 'reported.oom'], // the corpus line of training.ts's example
    ['Qwen2.5-32B lora微调时128步报错oom，三张L40s', 'reported.oom'], // hiyouga/LlamaFactory#10367 (title, Qwen3.5-27B there)
    ['llama2-7b 모델 학습시 OOM 에러 발생, GPU: 3090 (24GB)', 'reported.oom'], // jwj7140/Gugugo#2
    // Invented variations.
    ['qwen2-7b lora 两张3090，爆显存了', 'reported.oom-zh'],
    ['RTX 4090 두 장인데 qwen2-7b lora 메모리 부족 에러가 납니다', 'reported.oom-ko'],
    ['llama-2-7b lora 4090で学習するとメモリ不足になります', 'reported.oom-ja'],
    ['mistral-7b full finetune on 2x 4090, it OOMed at the first backward', 'reported.oom'],
    ['llama-3-8b qlora on a T4: I keep running out of memory', 'reported.oom'],
    ['llama-3-8b inference on a 3060, ran out of VRAM with 8k context', 'reported.oom'],
    ['This is the config for llama-2-7b lora on a 4090, it OOMs at the first step', 'reported.oom'],
    ['Is a 4090 enough for llama-2-7b lora? It OOMs at the first step', 'reported.oom'],
    ['llama-2-7b lora on a 4090 with seq 8192, why does it OOM?', 'reported.oom'],
    // A server or a loader that says it in other words (invented, after vLLM / Ollama start-up reports).
    ['serving qwen2.5-7b with vllm on one 4090 fails with not enough memory', 'reported.oom'],
    ['I run llama3 8b with ollama on my 3060 12gb and it says insufficient memory', 'reported.oom'],
    ['qwen2.5-7b vllm on 1x 4090, the vram is not enough', 'reported.oom'],
    ['mistral-7b lora on a T4: GPU memory was insufficient after 20 steps', 'reported.oom'],
    ['llama-3-8b on 1x l4 with sglang, insufficient GPU memory when it starts', 'reported.oom'],
    // The KV cache a server preallocates is memory too: vLLM's start-up refusal said in the user's words (invented,
    // after the forty-first session's stranger check), in each language.
    ['qwen3-32b-awq on 2x L40S, vllm tp 2, max-model-len 32768, at startup it says not enough KV cache', 'reported.oom'],
    ['serving qwen2.5-14b with vllm on one 4090: the KV cache is not enough for max-model-len 32768', 'reported.oom'],
    ['llama-3-8b vllm on 1x l4, insufficient KV cache memory at start', 'reported.oom'],
    ['用两张L40S部署Qwen3-32B-AWQ，vllm，tp 2，启动时报KV cache不够', 'reported.oom-zh'],
    ['qwen2.5-7b vllm部署在一张4090上，KV缓存不足', 'reported.oom-zh'],
    ['Qwen3-32B를 vLLM으로 L40S 2장에서 서빙하는데 KV cache 부족 에러가 납니다', 'reported.oom-ko'],
    ['qwen2.5-7bをvLLMで4090一枚に載せるとKVキャッシュが不足します', 'reported.oom-ja'],
  ])('%s', (text, rule) => {
    const said = reported(text);
    expect(said.map((r) => r.topic)).toContain('oom');
    expect(said.map((r) => r.rule)).toContain(rule);
    // The span is the user's own words of the report.
    for (const r of said) expect(text.slice(r.at, r.end).length).toBeGreaterThan(0);
    expect(topics(text)).toContain('oom');
  });

  it.each([
    'llama-2-7b lora on a 4090 with seq 8192, will it OOM?',
    'would llama-3-8b qlora on a T4 run out of memory with seq 8192',
    'llama-3-8b qlora on a T4 with seq 8192: does it run out of memory',
    'qwen2-7b lora 两张3090，会不会爆显存',
    'qwen2-7b lora 两张3090，会爆显存吗',
    'llama-2-7b lora on a 4090 with gc, to avoid OOM',
    'llama-2-7b lora on a 4090 and it does not OOM anymore',
    'RTX 4090 두 장으로 qwen2-7b lora 하면 메모리 부족할까요?',
    'llama-2-7b lora 4090で学習するとメモリ不足になりますか',
    'llama-3-8b lora on 1x a100-80g',
    'qwen2.5-7b lora on 1x a100-80g, is 80GB not enough memory?',
    'llama-3-8b inference on 1x a100-80g: plenty of room, not enough memory bandwidth',
    'llama-3-8b lora on a 4090 with gc, to avoid not enough memory',
    'qwen2.5-7b vllm on 1x 4090 with max-model-len 32768: is the KV cache enough?',
    'qwen2.5-7b vllm部署在一张4090上，KV缓存会不够吗',
  ])('%s is no report', (text) => expect(reported(text)).toEqual([]));

  it('in a short request the words are the item language\'s "oom" topic, its chain naming the rule (CarperAI/trlx#431)', () => {
    const text = 'llama-2-7b lora, got cuda OOM on 8 A100s';
    expect(reply(text).trace?.find((f) => f.fact === 'help')).toMatchObject({ value: 'oom', words: 'cuda OOM', rules: expect.arrayContaining(['reported.oom']) });
    expect(topics(text)).toContain('oom');
  });

  it('the trace shows the rule and the words', () => {
    const text = 'gemma-2-27b with unsloth on a single RTX A6000, Training starts fine but OOMs around step 300.';
    expect(traceText(text, reply(text))).toMatch(/reported \(1\):\n\s+oom\s+reported\.oom\s+73-77\s+"OOMs"/);
  });

  it('every rule reads its own example as a report, said of a setup', () => {
    for (const rule of OOM_REPORT_RULES) expect(reported(`llama-2-7b lora on a 4090\n${rule.example}`).map((r) => r.rule), rule.id).toContain(rule.id);
  });
});

describe('corpus lines that report an out-of-memory in Chinese or beside settings the grammar cannot join', () => {
  it.each([
    ['c365', '显存溢出'], // "全参数微调会显存溢出" (a full fine-tune overflows GPU memory)
    ['c544', '显存溢出'], // "0卡总是显存溢出" (card 0 always overflows)
    ['c411', '显存溢出'], // "在微调过程中遇到了显存溢出的问题？": the question mark asks about the report
    ['c715', '显存不够'], // "显示lora微调的显存不够是为什么呀" (why is the memory not enough)
    ['c663', 'OOM'], // "就直接OOM了": the grammar set the word aside; still the report, never "not read"
  ])('%s reports %s', (id, words) => {
    const text = corpusText(id);
    const said = reported(text);
    expect(said.map((r) => text.slice(r.at, r.end)).join(' ')).toContain(words);
    expect(unread(text)).not.toContain(words);
  });

  it('c566 says it is not getting any out of memory errors: no report', () => {
    expect(reported(corpusText('c566'))).toEqual([]);
  });
});

describe('the words of an out-of-memory are read, never listed as not read', () => {
  it.each([
    ['llama-2-7b lora on a 4090 and it OOMs after a while', 'OOMs'],
    ['llama-2-7b lora on a 4090 and it OOMed after a while', 'OOMed'],
    ['llama-2-7b lora on a 4090 and it ran out of memory after a while', 'ran'],
    ['llama-2-7b lora on a 4090 and it is out of VRAM after a while', 'VRAM'],
    ['RTX 4090 두 장인데 qwen2-7b lora 메모리 부족 에러가 납니다', '메모리'],
    ['llama-2-7b lora 4090で学習するとメモリ不足になります', 'メモリ'],
  ])('%s', (text, word) => {
    expect(unread(text).join(' ')).not.toContain(word);
  });
});

describe('a report changes no reading, and always brings the OOM triage', () => {
  it('a setup the estimate says fits, reported to OOM late, gets the timing table (unslothai/unsloth-style report)', () => {
    const text = 'gemma-2-27b with unsloth on a single RTX A6000, Training starts fine but OOMs around step 300.';
    expect(reply(text).estimate.fits).toBe(true);
    expect(topics(text)).toContain('oom');
  });

  it('the same setup without the report gets no OOM table, and a report never doubles the table', () => {
    const setups = fc.constantFrom('llama-3-8b lora on 1x a100-80g', 'qwen2-7b qlora on 1x rtx-4090 seq 1024', 'mistral-7b lora on 2x a100-80g');
    fc.assert(
      fc.property(setups, fc.constantFrom('', ', it OOMs', ', I get OOM after 100 steps'), (setup, report) => {
        const said = topics(setup + report).filter((t) => t === 'oom').length;
        expect(said).toBe(report ? 1 : topics(setup).filter((t) => t === 'oom').length);
        expect(said).toBeLessThanOrEqual(1);
      }),
      { numRuns: 9 },
    );
  });

  // Corpus requests the reader answers with an estimate (the first lines; the latest batches are scored blind).
  const answered = loadCorpus()
    .slice(0, 400)
    .filter((l) => l.reading !== null && respond(l.text, null).reply.kind === 'estimate');

  it('adding a sentence that reports an OOM to a corpus request leaves its reading as it was and brings the OOM tips', () => {
    expect(answered.length).toBeGreaterThan(100);
    const reports = ['It starts fine but then it OOMs.', 'It keeps running out of memory.', '还是爆显存了。', '메모리 부족 에러가 납니다.', 'メモリ不足になります。'];
    fc.assert(
      // A paragraph of its own: said on the last line, the words would be a pasted config's or a command's.
      fc.property(fc.constantFrom(...answered), fc.constantFrom(...reports), (line, report) => {
        const before = reply(line.text);
        const after = reply(`${line.text}\n\n${report}`);
        expect(after.kind).toBe('estimate');
        // Help topics are no setup: a short request's "oom" is its item-language topic, and the same words in prose a reported one.
        expect(canonicalText({ ...after.scenario, help: [] })).toBe(canonicalText({ ...before.scenario, help: [] }));
        expect(after.tips.filter((t) => t.topic === 'oom')).toHaveLength(1);
      }),
      { numRuns: 60 },
    );
  });
});
