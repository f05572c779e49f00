import { describe, expect, it } from 'vitest';
import { read } from './reading-fixtures.js';

/**
 * IPEX-LLM names its weight formats in its own words (ipex_llm/ggml/quantize.py ggml_tensor_qtype):
 * `load_in_low_bit="sym_int4"` in from_pretrained, `--load-in-low-bit sym_int4` in its vLLM and
 * benchmark scripts, "INT4_SYM" in its benchmark reports. sym_int4 / asym_int4 are 4-bit integers
 * with a 16-bit scale per block (read as int4), sym_int8 8-bit, fp8 8-bit floats.
 */
describe("IPEX-LLM's low-bit names are weight formats", () => {
  // intel/ipex-llm#12080 (c1164): its benchmark on one Arc A770 with `--load-in-low-bit sym_int4` beside `--dtype float16`.
  it('c1164: --load-in-low-bit sym_int4 in a command with --dtype float16 is int4 weights, fp16 compute', () => {
    const { scenario } = read(
      'python ./benchmark_docker_throughput.py --backend vllm --model Qwen2-7B-Instruct --gpu-memory-utilization 0.7 --device xpu --dtype float16 --max-model-len 4096 --load-in-low-bit sym_int4 on 1x 16GB',
    );
    expect(scenario.weights).toBe('gptq');
    expect(scenario.compute).toBe('fp16');
  });

  it('from_pretrained(load_in_low_bit=…) and its values', () => {
    expect(read("model = AutoModelForCausalLM.from_pretrained('Qwen/Qwen2-7B', load_in_low_bit='sym_int4') on a 16GB card").scenario.weights).toBe('gptq');
    expect(read('qwen2-7b load_in_low_bit="asym_int4" on 16GB').scenario.weights).toBe('gptq');
    expect(read('qwen2-7b load_in_low_bit=sym_int8 on 16GB').scenario.weights).toBe('int8');
    expect(read('qwen2-7b load_in_low_bit=fp8_e5m2 on 16GB').scenario.weights).toBe('fp8');
    expect(read('qwen2-7b load_in_low_bit=nf4 on 16GB').scenario.weights).toBe('nf4');
  });

  // intel/ipex-llm#11219 (c1171): "Qwen-7B-Chat:Precision (INT4_SYM) + Input/output token (1024/128)".
  it('the names said in prose, in either order and case', () => {
    for (const text of ['qwen2-7b sym_int4 on 16GB', 'qwen2-7b SYM-INT4 on 16GB', 'qwen2-7b asym_int4 on 16GB', 'Qwen-7B-Chat with Precision (INT4_SYM) on my 16GB card, how much memory does it need?']) {
      expect(read(text).scenario.weights, text).toBe('gptq');
    }
    expect(read('qwen2-7b sym_int8 on 16GB').scenario.weights).toBe('int8');
  });
});
