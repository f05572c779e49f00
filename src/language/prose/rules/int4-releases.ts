import type { ProseRule } from '../types.js';

/**
 * Releases whose "-int4" checkpoint is a bitsandbytes 4-bit save, not an integer format of the GPTQ
 * kind that "int4" reads as elsewhere (prose/model-name.ts FORMAT_SUFFIX): the repository's config.json
 * carries a bitsandbytes quantization_config (load_in_4bit), and its model card asks for bitsandbytes.
 * Written nf4, the footprint of either bitsandbytes 4-bit type. A release is named by its series, so
 * a new size or chat variant of it reads the same.
 */
const BNB_INT4_SERIES = [
  // THUDM/cogvlm2-llama3-chat-19B-int4, cogvlm2-llama3-chinese-chat-19B-int4 (model cards: "requires
  // bitsandbytes"; zai-org/CogVLM2#133, c1192; #58, c1794).
  String.raw`cogvlm2(?:[-_][a-z0-9.]+)*?`,
  // openbmb/MiniCPM-V-2_6-int4, MiniCPM-Llama3-V-2_5-int4 (model cards: "int4 quantized version … bitsandbytes";
  // OpenBMB/MiniCPM-V#525, c1345), written with spaces too ("MiniCPM-V 2.6 int4").
  String.raw`minicpm[-_ ]?(?:llama3[-_ ])?v(?:[-_ ]?\d(?:[._]\d)?)?(?:[-_ ](?:chat|instruct))?`,
];

/** A name of such a series with its "int4" after it, joined or apart. */
const BNB_INT4 = new RegExp(String.raw`\b((?:thudm/|openbmb/)?(?:${BNB_INT4_SERIES.join('|')}))([-_ ])int4\b`, 'g');

export const INT4_RELEASE_RULES: readonly ProseRule[] = [
  {
    id: 'prose.bnb-int4-release',
    pattern: BNB_INT4,
    when: (t) => t.includes('int4') && /cogvlm2|minicpm/.test(t),
    // Same length: a joined "-int4" becomes "-nf4 ", the suffix the name rules read as bitsandbytes'
    // (model-name.ts; a bare "-4bit" after a size reads as a GPTQ-kind checkpoint there), so the Hub id keeps
    // its name; an "int4" apart becomes the word nf4.
    write: (m, notes) => {
      notes.push(`"${m[0].trim()}" is a bitsandbytes 4-bit checkpoint (its release's config), read as nf4`);
      return m[2] === ' ' ? `${m[1]} nf4 ` : `${m[1]}${m[2]}nf4 `;
    },
    example: 'MiniCPM-V 2.6 int4 24G显存不够用，model.cuda()会OOM',
    source: 'OpenBMB/MiniCPM-V#525',
    insideHubIds: true,
  },
];
