/**
 * Traditional Chinese characters (Taiwan, Hong Kong) of the words the reader knows, each read as its
 * simplified form: "顯卡是使用 RTX 2080 11G" (Facico/Chinese-Vicuna#29, corpus c095) is 显卡, "單卡4090
 * 微調" is 单卡 … 微调. One character for one, so every position still maps back to the user's text,
 * and every Chinese rule (counters, 显存, 训练, 全参 …) reads both scripts without a second spelling.
 *
 * Only characters whose simplified form is another code point, and none that Japanese writes the
 * same way with another meaning: 調, 練, 機, 張, 長 are also Japanese, where 调整 / 训练 / 机 read
 * the same (adjust, training, machine). 個 → 个 is Chinese's and Japanese's counter alike ("1個").
 * 推論 (inference in Taiwan and Japan) has no simplified twin here: it is a word of its own
 * (prose.chinese-words).
 */
export const TRADITIONAL_TO_SIMPLIFIED: Readonly<Record<string, string>> = {
  單: '单', 雙: '双', 兩: '两', 顯: '显', 參: '参', 數: '数', 預: '预', 訓: '训', 練: '练', 調: '调', 機: '机', 張: '张',
  塊: '块', 臺: '台', 長: '长', 夠: '够', 個: '个', 節: '节', 點: '点', 內: '内', 記: '记', 憶: '忆', 體: '体', 載: '载',
  啟: '启', 開: '开', 關: '关', 沒: '没', 這: '这', 請: '请', 問: '问', 嗎: '吗', 們: '们', 為: '为', 麼: '么', 還: '还',
  與: '与', 並: '并', 時: '时', 較: '较', 報: '报', 錯: '错', 務: '务', 輸: '输', 讓: '让', 設: '设', 過: '过', 達: '达',
  對: '对', 試: '试', 無: '无', 實: '实', 際: '际', 導: '导', 處: '处', 壓: '压', 轉: '转', 換: '换', 緩: '缓', 衝: '冲',
  // 梯度累積 / 梯度檢查點 (gradient accumulation / checkpointing), 會不會 (will it): Japanese writes 積 with the same meaning.
  積: '积', 檢: '检', 會: '会',
};

/** Any character of the table. */
export const TRADITIONAL = new RegExp(`[${Object.keys(TRADITIONAL_TO_SIMPLIFIED).join('')}]`, 'g');

/** A word with its traditional characters read as simplified (the filler lists are simplified). */
export function simplified(word: string): string {
  return word.replace(TRADITIONAL, (c) => TRADITIONAL_TO_SIMPLIFIED[c]!);
}
