/**
 * Messages that only acknowledge ("thanks!", "ok", "lol", "👍", "thanks, that helps!"): no
 * request is in them, so they get silence or one reaction, never an error card (issue 24).
 * A message is courtesy when every word in it is one of these and it is short; one setup word
 * ("ok 13b", "lol fp16") makes it something else.
 */
const COURTESY_WORDS = new Set([
  'thanks', 'thank', 'you', 'thx', 'ty', 'tysm', 'cheers', 'ta', 'merci', 'danke',
  'ok', 'okay', 'k', 'kk', 'yes', 'yep', 'yeah', 'ya', 'sure', 'np', 'no', 'problem',
  'lol', 'lmao', 'haha', 'hah', 'heh', 'rofl', 'xd',
  'nice', 'cool', 'great', 'perfect', 'awesome', 'amazing', 'neat', 'wow', 'sweet', 'brilliant', 'excellent', 'good', 'super',
  'got', 'it', 'that', 'this', 'helps', 'helped', 'helpful', 'makes', 'sense', 'sounds', 'works', 'looks', 'is', 'was', 'very', 'so', 'much', 'a', 'lot', 'lots',
  'all', 'right', 'alright', 'gotcha', 'will', 'do', 'noted', 'understood', 'i', 'see', 'ah', 'oh', 'hmm', 'thnx', 'tks', 'appreciated', 'appreciate', 'man', 'mate', 'guys',
]);

/** Slack's emoji shortcodes (":+1:", ":pray:") and pictographs ("👍", "🙏", "🎉") are acknowledgements too. */
const EMOJI = /:[a-z0-9_+'-]{1,40}:|[\p{Extended_Pictographic}\u{1F3FB}-\u{1F3FF}\u200d\ufe0f]/gu;

/** Longer than this is a message with something to say, whatever its words. */
const MAX_COURTESY_CHARS = 80;

export function isCourtesy(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_COURTESY_CHARS) return false;
  const withoutEmoji = trimmed.replace(EMOJI, ' ');
  const words = withoutEmoji.toLowerCase().split(/[^a-z']+/).map((w) => w.replace(/'/g, '')).filter((w) => w !== '');
  // Only emoji ("👍", ":tada:") or only punctuation ("!!", "+1") acknowledges.
  if (words.length === 0) return trimmed !== withoutEmoji || /^(\+1|[!.]+)$/.test(trimmed);
  if (/\d/.test(withoutEmoji.replace(/\+1\b/g, ''))) return false;
  return words.every((w) => COURTESY_WORDS.has(w) || /^(t+h+a+n+x+|t+h+a+n+k+s+|o+k+|l+o+l+|ha(ha)+|no+i+c+e+|co+l+)$/.test(w));
}
