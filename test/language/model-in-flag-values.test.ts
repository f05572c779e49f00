import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../corpus/corpus.js';
import { read } from './reading-fixtures.js';

/**
 * A model named inside a flag's value is the model the command runs (rmodel7, 2026-12-05):
 * - a short flag's file whose size is glued to the family ("-m wizard-falcon40b.ggmlv3.q4_K_S.bin",
 *   cmp-nct/ggllm.cpp#31, c2156), in prose or after a Windows prompt (prose.short-flags); first sight 3 of 8;
 * - a path with a separator after its last folder: a continuation backslash glued to the value
 *   ("--model_name_or_path Qwen/Qwen2.5-VL-7B-Instruct\ in run_sft_video.sh", tulerfeng/Video-R1#124, c1274)
 *   or a Windows folder's "D:\models\Qwen2.5-7B-Instruct\" (config-keys/models.ts); first sight 1 of 8.
 * And a method asked of another's run ("did u use LORA PEFT", question.authors-method-asked) is not the
 * user's: first sight 1 of 6 (two silent).
 */

const line = (id: string) => loadCorpus().find((l) => l.id === id)!;
const arch = (text: string) => read(text).scenario.model.arch;

describe('a model in a short flag\'s file name, its size glued to the family', () => {
  it.each<[string, string]>([
    ['I run falcon_main -t 8 -m wizard-falcon40b.ggmlv3.q4_K_S.bin -ngl 100 on my 8GB card', 'falcon-40b'],
    ['PS C:\\Users\\me\\koboldcpp> .\\koboldcpp.exe -m mistral7b-instruct.Q5_K_M.gguf on a 3070', 'mistral-7b'],
    ['I launched it with -m qwen14b-chat-q4_k_m.gguf and -ngl 99 on a 4090, it OOMs', 'qwen-14b'],
    ['用 -m codellama34b.Q4_K_M.gguf 在3090上跑，显存不够', 'codellama-34b'],
    ['```\nC:\\falcGGML\\ggllm.cpp\\build\\bin\\Release>falcon_main -t 8 -ngl 100 -m falcon7b-instruct.ggmlv3.q8_0.bin -c 2048\n```\nRTX 2060 SUPER 8GB', 'falcon-7b'],
  ])('%s', (text, name) => expect(arch(text)).toEqual(arch(`${name} inference`)));

  it('c2156: WizardLM-Falcon-40B in GGML q4_K_S under ggllm.cpp', () => {
    expect(arch(line('c2156').text)).toEqual(arch('falcon-40b inference'));
  });
});

describe('a model path with a separator after its last folder', () => {
  it.each<[string, string]>([
    ['I put --model_name_or_path Qwen/Qwen2.5-VL-7B-Instruct\\ in run_sft.sh and full sft OOMs on 4 A100 80GB', 'qwen2.5-vl-7b'],
    ['I set --model meta-llama/Llama-2-13b-hf\\ with vllm --tensor-parallel-size 2 on 2x A10G', 'llama-2-13b'],
    ['lora with --model_name_or_path=Qwen/Qwen2.5-14B-Instruct\\ on a 4090 runs out of memory', 'qwen2.5-14b'],
    ['我在脚本里写了 --model_name_or_path Qwen/Qwen2-7B-Instruct\\ ，lora 在 T4 上爆显存', 'qwen2-7b'],
    ['vllm serve with --model D:\\models\\Qwen2.5-7B-Instruct\\ --max-model-len 8192 on a 4090', 'qwen2.5-7b'],
    ['python train.py --model_name_or_path C:\\Users\\me\\models\\Llama-2-7b-chat-hf\\ --lora_r 8\nRTX 3060 12GB OOM', 'llama-2-7b'],
  ])('%s', (text, name) => expect(arch(text)).toEqual(arch(`${name} inference`)));
});

describe('the method of another\'s run, asked about, is not the user\'s', () => {
  it.each<[string, string]>([
    ['did you use LoRA for this? my full sft of llama-2-7b OOMs on 4 A100 80G', 'full'],
    ["Did u use LORA PEFT while doing this SFT? I'm fine-tuning qwen2.5-7b on 8x A100 80G and get OOM", 'full'],
    ['Were you using qlora when you trained the 13b? full finetune of llama-2-13b OOMs on 8 A100 40G', 'full'],
    ['请问作者训练时用的是lora吗？我全参微调qwen2-7b在8张A800上OOM', 'full'],
    ['I sft llama-2-7b on 2x A100 80G and it OOMs. Do you use lora when training the 7b?', 'full'],
    // The user's own LoRA stays.
    ['I use lora on llama-2-7b with a 3090 and it OOMs. did you use the same settings?', 'lora'],
  ])('%s', (text, mode) => {
    const { scenario, said } = read(text);
    expect(scenario.mode).toBe(mode);
    if (mode === 'full') expect(said).toMatch(/asks the method of another's run/);
  });

  it('c1274: Video-R1\'s full SFT of Qwen2.5-VL-7B on four A100 80GB, LoRA only asked of the authors', () => {
    const { scenario } = read(line('c1274').text);
    expect(scenario.mode).toBe('full');
    expect(scenario.model.arch).toEqual(arch('qwen2.5-vl-7b inference'));
  });
});
