import type { Item } from '../items.js';
import { catalogOf, namesModel, paramsOf } from './models.js';
import { recordAside, type OwnedRuns } from './owners.js';

/**
 * Knowledge distillation trains the student; the teacher only runs forward (docs/reading.md "What the run is and which
 * model it trains", s46 rtask). "distill Llama-3-70B into Llama-3-8B", "kd a Qwen2.5-32B teacher to a Qwen2.5-3B
 * student", OpenRLHF's `--teacher_model X --pretrain Y`, "知识蒸馏，教师模型 72B，学生模型 7B", "Qwen2.5-32B를 교사 모델로",
 * "Llama-3-70Bを教師モデル": the larger model had been taken as the run's (the first named, or the last one left), and
 * the student's training said nowhere. A model is the teacher on one of two cues:
 *  - a teacher word in its clause, nearer to it than to any other model (`distill.teacher-word`): teacher, teacher_model,
 *    教师 / 老师, 教師, 교사; a student word marks the student the same way (student, 学生, 生徒, 학생);
 *  - the direction of a distillation verb between two models (`distill.direction`): "distil(l) X into / to / → Y",
 *    "X 蒸馏到 Y", "用 X 蒸馏 Y" (X the teacher), "distill Y from X" (X the teacher).
 * Neither fires without a distillation word or both roles named: "the teacher said to use LoRA" and "a student project"
 * name people, "SFT on distilled data" names data, and a distill's Hub name ("DeepSeek-R1-Distill-Qwen-7B") no verb.
 * The teacher is set aside as the run's model, with a note that says its forward-only weights are not in the estimate
 * (the memory model has no item for a second, frozen model) and what they would add; the student stays the model, and
 * with no training word the run is training (its method from the words: full unless LoRA is said).
 */
export const DISTILL_RULES = [
  { id: 'distill.teacher-word', example: 'kd a Qwen2.5-32B teacher to a Qwen2.5-3B student, 4x A100 80GB' },
  { id: 'distill.direction', example: 'distill Llama-3-70B into Llama-3-8B on 8x A100-80G' },
] as const;

/** A distillation word (not inside a name: "R1-Distill-Qwen", "distilbert"). */
const DISTIL_WORD = /(?<![\w-])(?:distil(?!bert|gpt|roberta|whisper)\w*|kd(?![\w-])|knowledge[- ]distil\w*)|(?:知识|知識)?(?:蒸馏|蒸餾|蒸留)|(?:지식\s*)?증류/giu;
/** Words naming the teacher model (flags and keys too: `--teacher_model`, `teacher_model_name_or_path:`). */
const TEACHER_WORD = /(?<![a-z])teachers?(?![a-z])|教师|老师|教師|교사|티처/giu;
const STUDENT_WORD = /(?<![a-z])students?(?![a-z])|学生|生徒|학생/giu;
/** Words that close a clause for the role words: a comma, a semicolon, a full stop, a line, "and" / "but". */
const CLAUSE_BREAK = /[,，;；。、\n]|\.(?:\s|$)|(?<![\w-])(?:and|but|while)(?![\w-])/i;
/** How far a role word reaches its model, in characters of the clause. */
const ROLE_REACH = 32;
/** Between two models after a distillation word: the first is the teacher ("into", "to", "→", 到). */
const INTO = /^\s*(?:(?:a|an|the|our|my)\s+)?(?:into|to|→|->|=>|⇒|到|至|进|成)\s*(?:(?:a|an|the|our|my)\s+)?$/i;
/** Between two models: the second is the teacher ("distill Y from X"). */
const FROM = /^\s*(?:from|off|of)\s*(?:(?:a|an|the)\s+)?$/i;
/** The distillation word itself between two models ("用 X 蒸馏 Y", "X 蒸馏到 Y", "X distilled into Y"): the first is the teacher. */
const VERB_BETWEEN = /^\s*(?:当老师|作为老师|作为教师|as (?:the )?teacher)?\s*(?:蒸馏|蒸餾|蒸留|distil\w*|kd)\s*(?:到|至|进|成|into|to|→|->)?\s*(?:(?:a|an|the)\s+)?$/iu;

type ModelItem = Extract<Item, { kind: 'model' | 'size' | 'hub' }>;

/** Whether a clause break lies between two offsets of the text. */
const broken = (text: string, a: number, b: number) => CLAUSE_BREAK.test(text.slice(Math.min(a, b), Math.max(a, b)));

/** The model a role word at [at, end) names: the nearest in its clause, within reach; none when two are as near. */
function nearestModel(named: ModelItem[], text: string, at: number, end: number): ModelItem | undefined {
  const gaps = named
    .map((m) => ({ m, gap: m.at >= end ? m.at - end : at >= m.end ? at - m.end : 0 }))
    .filter(({ m, gap }) => gap <= ROLE_REACH && (gap === 0 || !broken(text, m.at >= end ? end : m.end, m.at >= end ? m.at : at)))
    .sort((a, b) => a.gap - b.gap);
  if (!gaps.length || (gaps[1] && gaps[1].gap === gaps[0]!.gap)) return undefined;
  return gaps[0]!.m;
}

/** Teachers and students by the role words near each model. */
function byRoleWords(named: ModelItem[], text: string, word: RegExp): Set<ModelItem> {
  const found = new Set<ModelItem>();
  for (const w of text.matchAll(word)) {
    const m = nearestModel(named, text, w.index!, w.index! + w[0].length);
    if (m) found.add(m);
  }
  return found;
}

/** Teachers by the direction of a distillation word between two models. */
function byDirection(named: ModelItem[], text: string, cues: { at: number; end: number }[]): Set<ModelItem> {
  const found = new Set<ModelItem>();
  const sorted = [...named].sort((a, b) => a.at - b.at);
  for (let k = 0; k + 1 < sorted.length; k++) {
    const [a, b] = [sorted[k]!, sorted[k + 1]!];
    const between = text.slice(a.end, b.at);
    if (between.length > 40) continue;
    if (VERB_BETWEEN.test(between)) {
      found.add(a);
      continue;
    }
    // "distill X into Y", "distilling X → Y", "distill Y from X": a distillation word before X, in X's clause.
    const cued = cues.some((c) => c.end <= a.at && a.at - c.end <= 24 && !broken(text, c.end, a.at));
    if (!cued) continue;
    if (INTO.test(between)) found.add(a);
    else if (FROM.test(between)) found.add(b);
  }
  return found;
}

const sameModel = (a: ModelItem, b: ModelItem) => {
  const [ca, cb] = [catalogOf(a)?.id, catalogOf(b)?.id];
  if (ca !== undefined && cb !== undefined) return ca === cb;
  const [pa, pb] = [paramsOf(a), paramsOf(b)];
  return Number.isFinite(pa) && Number.isFinite(pb) && Math.abs(pa - pb) <= 0.05 * Math.max(pa, pb);
};

export function distillRoles(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  if (!/distil|kd|蒸|증류|teacher|教师|老师|教師|교사|티처/iu.test(text)) return items;
  const named = items.filter(namesModel);
  if (named.length < 2) return items;
  const cues = [...text.matchAll(DISTIL_WORD)].map((m) => ({ at: m.index!, end: m.index! + m[0].length }));
  const students = byRoleWords(named, text, STUDENT_WORD);
  const teacherWords = byRoleWords(named, text, TEACHER_WORD);
  // Role words alone are a distillation only when both roles are named ("the teacher said to use LoRA" is a person).
  const byWords = cues.length || students.size ? teacherWords : new Set<ModelItem>();
  const teachers = new Set([...byWords, ...(cues.length ? byDirection(named, text, cues) : [])].filter((t) => !students.has(t)));
  if (!teachers.size) return items;
  // The teacher said again elsewhere (a Hub id and its name) goes with it; the student and its restatements stay.
  const dropped = named.filter((m) => teachers.has(m) || (!students.has(m) && [...teachers].some((t) => sameModel(t, m)) && ![...students].some((s) => sameModel(s, m))));
  const left = named.filter((m) => !dropped.includes(m));
  if (!left.length) return items;
  const teacher = [...teachers][0]!;
  const student = [...students].find((s) => left.includes(s)) ?? left[0]!;
  const params = paramsOf(teacher);
  const weights = Number.isFinite(params) ? `; its bf16 weights alone are about ${Math.round((params * 2) / 1e9)} GB more, over the GPUs that hold it` : '';
  const rule = byWords.has(teacher) ? 'distill.teacher-word' : 'distill.direction';
  notes.push(
    `"${teacher.text.trim()}" is the distillation's teacher (${rule}): it only runs forward, frozen, and headroom has no item for a second model, so this estimate is the student "${student.text.trim()}"'s training without the teacher${weights}`,
  );
  for (const d of dropped) recordAside(owned, d, 'the distillation teacher: runs forward only, not the model trained');
  // The distillation and role words were read: never listed as not read ("教师模型", "teacher_model").
  const roleWords = [...text.matchAll(TEACHER_WORD), ...text.matchAll(STUDENT_WORD)].map((m) => {
    const end = m.index! + m[0].length;
    return { at: m.index!, end: end + (/^(?:\s*(?:模型|モデル|모델)|[ _-]?models?(?:_name_or_path)?)/i.exec(text.slice(end))?.[0].length ?? 0) };
  });
  for (const c of [...cues, ...roleWords]) owned?.cues.push(c);
  const out = items.filter((i) => !dropped.includes(i as ModelItem));
  // Distillation trains the student: with no training word read, the run is training (its method from the words).
  const trains = out.some((i) => (i.kind === 'mode' && i.value !== 'inference' && i.value !== 'run') || i.kind === 'lora');
  const said = cues[0] ?? [...text.matchAll(TEACHER_WORD)].map((m) => ({ at: m.index!, end: m.index! + m[0].length }))[0];
  if (!trains && said) {
    const c = said;
    out.push({ kind: 'mode', value: 'train', at: c.at, end: c.end, text: text.slice(c.at, c.end) });
  }
  return out;
}
