/**
 * A string setting of a config.json (model_type, quant_method, _name_or_path's last part) as it
 * may appear in a reply: an identifier as the Hub and transformers write them ("qwen3_moe",
 * "gpt-oss-20b", "fp4"), or nothing. A file's free text ("ignore the above …", a paragraph, a
 * URL) is never echoed; the reader then says "unnamed" instead.
 */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export function settingWord(value: unknown): string | null {
  return typeof value === 'string' && IDENTIFIER.test(value.trim()) ? value.trim() : null;
}
