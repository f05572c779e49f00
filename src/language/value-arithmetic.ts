import type { MappedText } from './mapped-text.js';

/**
 * A setting whose value is written as a sum (issue 22, item 2: a key's value is its cue, in any
 * notation): Python and YAML pastes write lengths as the arithmetic that made them —
 * `max_model_len=4096*2` (vllm-project/vllm#22173, c2025), `max_length = int(2048 - (336 / 14)**2)`
 * (XTuner's LLaVA config, SmartFlowAI/Llama3-Tutorial#23, c1867: the image's 576 tokens taken from a
 * 2048 budget), `"max_seq_len": 8 * 1024`, `cutoff_len: 1024+512`. The program runs with the value,
 * so the key reads the value: the expression is written as its number before the key tables read it
 * (shell `$((…))` is shell-script.ts's; this is the language's own notation, no `$`).
 *
 * Only numbers, `+ - * / // % **`, parentheses and Python's int / round / math.floor / math.ceil;
 * the expression must hold an operator a date or a version does not (`*`, a bracket, or a sign with
 * spaces on both sides: `2024/05/05`, `12.1-1` and `0.9-1` stay as written), and it ends where the
 * value does (a comma, a closing bracket, a comment, the line's end). Prose arithmetic ("2x24=48GB",
 * "24*0.9 ≈ 21.6") has no key before it, and a spec list's label ("GPU: 8 * 4090") is no code key: neither
 * is read here.
 */

/** `key = expr` / `key: expr` / `"key": expr`; groups: the key and its sign, then the expression. */
const KEYED_EXPRESSION =
  /(?<![\w.\-/])(["']?[a-z_][a-z0-9_.]*["']?[ \t]*[=:][ \t]*)((?:int|round|math\.floor|math\.ceil|floor|ceil)?[ \t]*[(\d.][\d. \t()*/%+\-]*[\d)])(?=[ \t]*(?:[,;\n}\]#]|$))/gm;

type Token = { kind: 'num'; value: number } | { kind: 'op'; op: string } | { kind: 'fn'; name: string } | { kind: '(' } | { kind: ')' };

function tokens(expression: string): Token[] | null {
  const out: Token[] = [];
  const re = /\s*(?:(\d+(?:\.\d+)?|\.\d+)|(\*\*|\/\/|[-+*/%])|(math\.floor|math\.ceil|int|round|floor|ceil)|([()]))/y;
  let at = 0;
  while (at < expression.length) {
    if (/^\s*$/.test(expression.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(expression);
    if (!m) return null;
    at = re.lastIndex;
    if (m[1] !== undefined) out.push({ kind: 'num', value: Number(m[1]) });
    else if (m[2] !== undefined) out.push({ kind: 'op', op: m[2] });
    else if (m[3] !== undefined) out.push({ kind: 'fn', name: m[3] });
    else out.push({ kind: m[4] as '(' | ')' });
  }
  return out;
}

const FUNCTIONS: Record<string, (x: number) => number> = { int: Math.trunc, round: Math.round, floor: Math.floor, ceil: Math.ceil, 'math.floor': Math.floor, 'math.ceil': Math.ceil };

/** Python's arithmetic, by precedence: ** (right to left), then * / // %, then + -; NaN when it does not parse. */
export function evaluatePython(expression: string): number {
  const list = tokens(expression);
  if (!list || list.length === 0) return NaN;
  let i = 0;
  const peek = () => list[i];
  const primary = (): number => {
    const t = list[i++];
    if (!t) return NaN;
    if (t.kind === 'num') return t.value;
    if (t.kind === 'op' && (t.op === '-' || t.op === '+')) return (t.op === '-' ? -1 : 1) * power();
    if (t.kind === 'fn') {
      if (peek()?.kind !== '(') return NaN;
      i++;
      const v = sum();
      if (list[i++]?.kind !== ')') return NaN;
      return FUNCTIONS[t.name]!(v);
    }
    if (t.kind === '(') {
      const v = sum();
      if (list[i++]?.kind !== ')') return NaN;
      return v;
    }
    return NaN;
  };
  const power = (): number => {
    const base = primary();
    const t = peek();
    if (t?.kind === 'op' && t.op === '**') {
      i++;
      return base ** power();
    }
    return base;
  };
  const product = (): number => {
    let v = power();
    for (let t = peek(); t?.kind === 'op' && ['*', '/', '//', '%'].includes(t.op); t = peek()) {
      i++;
      const r = power();
      v = t.op === '*' ? v * r : t.op === '/' ? v / r : t.op === '//' ? Math.floor(v / r) : v % r;
    }
    return v;
  };
  const sum = (): number => {
    let v = product();
    for (let t = peek(); t?.kind === 'op' && (t.op === '+' || t.op === '-'); t = peek()) {
      i++;
      const r = product();
      v = t.op === '+' ? v + r : v - r;
    }
    return v;
  };
  const v = sum();
  return i === list.length ? v : NaN;
}

/** An operator no date, version or range carries: `*`, a sign with a space on each side, or one beside a bracket. */
const ARITHMETIC_OPERATOR = /\*|\s(?:\/\/|[-+/%])\s|\)[ \t]*(?:\/\/|[-+/%])|(?:\/\/|[-+/%])[ \t]*\(/;

/** The number an expression's value is written as: whole when it is, else at most four decimals. */
const written = (v: number) => (Number.isInteger(v) ? String(v) : String(Number(v.toFixed(4))));

/** Each keyed arithmetic value written as its number (the rule `code.value-arithmetic`). */
export function evaluateValueArithmetic(text: MappedText): MappedText {
  if (!/\d[ \t]*(?:\*\*?|[ \t](?:\/\/|[-+/%])[ \t])[ \t]*[\d(]|\(\s*\d/.test(text.text)) return text;
  return text.replace(
    KEYED_EXPRESSION,
    (m) => {
      const expression = m[2]!;
      // A label of a spec list ("GPU: 8 * 4090", kvcache-ai/ktransformers#188) is prose with a product of cards:
      // only a code identifier (snake_case) or an assignment (`=`) holds a value the program computes.
      if (!ARITHMETIC_OPERATOR.test(expression) || !/_|=/.test(m[1]!)) return m[0];
      const open = (expression.match(/\(/g) ?? []).length;
      const close = (expression.match(/\)/g) ?? []).length;
      // A closing bracket of the call around the value (`LLM(…, max_model_len=4096*2)`) is not the expression's.
      let trimmed = expression;
      for (let extra = close - open; extra > 0 && /\)[ \t]*$/.test(trimmed); extra--) trimmed = trimmed.replace(/\)[ \t]*$/, '');
      const v = evaluatePython(trimmed);
      if (!Number.isFinite(v) || v <= 0) return m[0];
      const tail = expression.slice(trimmed.length);
      return `${m[1]}${written(v)}${tail}`;
    },
    'code.value-arithmetic',
  );
}
