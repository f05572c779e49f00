import type { Item } from '../items.js';
import { catalogOf, namesModel, paramsOf } from './models.js';

/**
 * A series named as a class of models ("SGLang reports an error when running qwen3 and qwen3.5 models", the
 * title of gpustack/gpustack c2450; "llama3 系列模型", "gemma2 모델들", "qwen3 family models") is no run's model:
 * its size was only the catalog's default. Where the message also names a model of the same family with its size
 * (a Hub id on a "Warehouse ID:" line, a `--model` value, a sized name), that one is the run; the class is set
 * aside, said. A series named alone, or beside no sized model of its family, stays (reconcile/models.ts folds a
 * sizeless name into a sized one of its own series).
 */

/**
 * The words after a series that make it a class: "models", "family", "series", "系列", "모델들", or "and <series> models";
 * and a demonstrative's "these several models" ("请问Qwen3这几个模型具体都需要什么配置？" under a title that loads
 * Qwen3-VL-30B-A3B-Thinking-FP8, QwenLM/Qwen3-VL#1554, c2595; "这些模型", "各个模型"), Korean 계열 / 시리즈.
 */
const CLASS_AFTER = /^(?:[\s\-_]*(?:and|or|&|\/|和|与|及|、|,)[\s]*([a-z][\w.-]*))?[\s\-_]*(?:models\b|model family\b|family\b|series\b|系列|模型们|等模型|(?:这|那)?(?:几|些|各|两|三)(?:个|款|种)?模型|모델들|계열|시리즈)/i;

/** A name's letters and digits: "Qwen3.5-35B-A3B" is "qwen3535ba3b". */
const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A name that holds a size ("Qwen3.5-35B-A3B", "llama-3.1-8b"): not a series said alone. */
const HOLDS_SIZE = /(?<![a-z0-9.])\d+(?:\.\d+)?[bm](?![a-z0-9])/i;

export function modelClasses(items: Item[], text: string, notes: string[]): Item[] {
  const named = items.filter(namesModel);
  if (named.length < 2) return items;
  const lower = text.toLowerCase();
  const sized = named.filter((i) => (i.kind === 'hub' ? HOLDS_SIZE.test(i.repo) : i.kind === 'model' && HOLDS_SIZE.test(i.text)) && Number.isFinite(paramsOf(i)));
  const dropped = named.filter((c) => {
    if (c.kind !== 'model' || HOLDS_SIZE.test(c.text) || sized.includes(c)) return false;
    const cls = CLASS_AFTER.exec(lower.slice(c.end, c.end + 40));
    if (!cls) return false;
    // The sized model is one of the series the class names ("qwen3.5" of "qwen3 and qwen3.5 models", "llama-3.1" of
    // "llama3 系列"): a model of another series beside it ("qwen2.5-7b works but qwen3 models OOM") is another run.
    const series = [c.text, cls[1] ?? ''].map(compact).filter((w) => w.length >= 4);
    const family = catalogOf(c)?.family.toLowerCase();
    const into = sized.find((s) => catalogOf(s)?.family.toLowerCase() === family && series.some((w) => compact((s.kind === 'hub' ? s.repo : s.text).split('/').at(-1)!).startsWith(w)));
    if (!family || !into) return false;
    notes.push(`"${c.text.trim()}" names a class of models, not your setup's model: read "${(into.kind === 'hub' ? into.repo : into.text).trim()}" (say the model you run if it is another)`);
    return true;
  });
  return dropped.length ? items.filter((i) => !dropped.includes(i as (typeof dropped)[number])) : items;
}
