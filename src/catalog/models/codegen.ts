import type { ModelSpec } from '../types.js';

/**
 * Salesforce's CodeGen (CodeGenForCausalLM) and Fudan's MOSS (MossForCausalLM, CodeGen-16B's code
 * with a 107,008-token vocabulary): GPT-J's block — one ln_1 feeding parallel attention and MLP,
 * fused qkv_proj and out_proj without bias, fc_in/fc_out with bias, rotary on 64 dimensions of each
 * head, activation_function "gelu_new" (kept op by op: memory/activations.ts), an untied lm_head
 * with a bias (the vocabulary's extra parameters). The totals are the configs' own counts: CodeGen's
 * paper and MOSS's README name only the class ("2B", "16B").
 */
function gptjBlock(layers: number, hidden: number, heads: number, ffn: number, vocab: number): ModelSpec['arch'] {
  return {
    layers, hidden, heads, kvHeads: heads, headDim: hidden / heads, ffn, vocab, mlp: 'plain', norm: 'layernorm',
    tiedEmbeddings: false, positions: 'rope', attentionBias: 'none', mlpBias: true, parallelBlock: true, extraParams: vocab, composedGelu: true,
  };
}

export const CODEGEN_MODELS: readonly ModelSpec[] = [
  {
    id: 'codegen-2b',
    name: 'CodeGen-2B',
    family: 'codegen',
    // CodeGen2 and 2.5 are other architectures: a bare "codegen" is not this 2022 model.
    sizeOnly: true,
    aliases: [
      'codegen 2b', 'codegen-2b-mono', 'codegen-2b-multi', 'codegen-2b-nl', 'codegen_2b', 'codegen1-2b',
      'salesforce/codegen-2b-mono', 'salesforce/codegen-2b-multi', 'salesforce/codegen-2b-nl',
    ],
    arch: gptjBlock(32, 2560, 32, 10240, 51200),
    publishedParams: 2_779_356_160,
    source:
      'fauxpilot/fauxpilot converter/models/codegen-2B-mono-1gpu/fastertransformer/config.pbtxt (model_type GPT-J: head_num 32, size_per_head 80, ' +
      'inter_size 10240, decoder_layers 32, vocab_size 51200, rotary_embedding 64, max_seq_len 2048) = Salesforce/codegen-2B-mono config.json; ' +
      'total: the config\'s own count (2.78B; the paper names the size "2B"/"2.7B")',
  },
  {
    id: 'codegen-16b',
    name: 'CodeGen-16B',
    family: 'codegen',
    sizeOnly: true,
    aliases: [
      'codegen 16b', 'codegen-16b-mono', 'codegen-16b-multi', 'codegen-16b-nl', 'codegen_16b', 'codegen1-16b',
      'salesforce/codegen-16b-mono', 'salesforce/codegen-16b-multi', 'salesforce/codegen-16b-nl',
    ],
    arch: gptjBlock(34, 6144, 24, 24576, 51200),
    publishedParams: 16_032_155_648,
    source:
      'fauxpilot/fauxpilot converter/models/codegen-16B-mono-1gpu/fastertransformer/config.pbtxt (model_type GPT-J: head_num 24, size_per_head 256, ' +
      'inter_size 24576, decoder_layers 34, vocab_size 51200, rotary_embedding 64, max_seq_len 2048) = Salesforce/codegen-16B-mono config.json; ' +
      'total: the config\'s own count (16.03B; the README names it "16B")',
  },
  {
    id: 'moss-moon-003-16b',
    name: 'MOSS-moon-003-16B',
    family: 'moss',
    aliases: [
      'moss', 'moss-moon', 'moss moon', 'moss-moon-003', 'moss-moon-003-sft', 'moss-moon-003-base', 'moss-moon-003-sft-plugin',
      'fnlp/moss-moon-003-sft', 'fnlp/moss-moon-003-base', 'fnlp/moss-moon-003-sft-plugin',
    ],
    // CodeGen-16B's shape (MOSS was initialised from it) with the vocabulary grown to 107,008.
    arch: gptjBlock(34, 6144, 24, 24576, 107008),
    publishedParams: 16_717_980_160,
    source:
      'mlc-ai/mlc-llm mlc_llm/relax_model/moss.py MODEL_CONFIG "moss-moon-003-sft" (hidden_size 6144, intermediate_size 24576, ' +
      'num_attention_heads 24, num_hidden_layers 34, vocab_size 107008, hidden_act gelu_new, rotary_pct 0.25, swizzle_style gptj, ' +
      'tie_word_embeddings false, max_sequence_length 2048) = fnlp/moss-moon-003-sft config.json (MossConfig: n_embd, n_layer, n_head, rotary_dim 64); ' +
      'total: the config\'s own count (16.72B; the README names it "16B")',
  },
];
