import { ggufTypeWord } from '../prose/model-name.js';
import { IGNORE, say, unquote, type Handler } from './values.js';

/**
 * KTransformers' `--gguf_path` (ktransformers/local_chat.py, server/args.py): the folder of a GGUF's files,
 * which people name by the quant type they downloaded ("--gguf_path
 * /mnt/data/deepseek/DeepSeek-R1-GGUF/DeepSeek-R1-UD-Q2_K_XL/", kvcache-ai/ktransformers via corpus c1828, had
 * been read as the q4_k_m default beside `--model_path …/DeepSeek-R1/`). The quant type its last folder or file
 * ends with is the weight format; a path with none says nothing (the model's own config names the model).
 */
export const ggufPath: Handler = (v) => {
  const parts = unquote(v).replace(/[\\/]+$/, '').split(/[\\/]/).reverse();
  for (const part of parts) {
    const word = ggufTypeWord(part);
    if (word) return say(word);
  }
  return IGNORE;
};
