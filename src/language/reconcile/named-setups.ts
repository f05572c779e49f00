import type { Item } from '../items.js';
import { recordAside, slotsOf, type OwnedRuns } from './owners.js';

/**
 * Several machines in one message, each named ("my home setup with … an RTX 2080 / my work setup with … an Nvidia
 * A2", PromtEngineer/localGPT#207, corpus c2690: read as the home 2080 in silence, while the run that fails is on the
 * work A2): the setup is the one the failure is said on ("but on my work setup i run on this error", "在公司的机器上
 * OOM", "fails with OOM on machine B"); the others are context, set aside and said. People name machines by place
 * (home, work, office, lab; 家里, 公司, 实验室), by kind (laptop, desktop; 笔记本, 台式机) or by a letter or number
 * ("Machine B", "server 2"). With no failure said on one name, nothing is decided here.
 */

const NAME = String.raw`home|work|office|lab|school|laptop|desktop|personal|gaming|local|remote|cloud|(?:machine|server|node|box|pc|computer|host|setup|rig|system)[ \t]*(?:[a-h]|\d{1,2})(?![\w])|家里|公司|单位|实验室|学校|笔记本|台式机|本地|服务器[ \t]*[a-h\d]`;
/** A name heading a machine's description, the nearest before its card on the same line. */
const HEADING = new RegExp(String.raw`(?<![\w])(?:${NAME})(?![\w])`, 'gi');
/** A name the run is placed on: "on my work setup", "at work", "on machine B", "在公司的机器上", "用笔记本". */
const PLACED = new RegExp(String.raw`(?:\b(?:on|at|in|with|using)[ \t]+(?:(?:my|our|the)[ \t]+)?|在|用)(?<name>${NAME})(?![\w])`, 'gi');
/** Words that say a run failed. */
const FAILS = /\boom|out[ \t]*of[ \t]*memory|outofmemory|\berror|\bfail|\bcrash|\bdoes(?:n't| not) (?:work|run|fit)|\bcan(?:'t|not) (?:run|load|fit)|报错|爆显存|显存不足|溢出|失败|エラー|에러|오류/i;
/** Words that say a run worked, which make a clause the working setup's, not the failing one's. */
const WORKS = /\b(?:works?|worked|runs? (?:fine|well|ok)|fine(?![-_ ]?tun)|perfectly|no (?:error|problem|issue)s?)\b|正常|没问题|可以跑|能跑/i;
/** A clause ends at a stop (not the dot inside "torch.cuda"), a line break or a "but". */
const CLAUSE_END = /[.;!?](?=\s|$)|[。；！？\n]|\bbut\b|但是?|却/gi;

const key = (name: string) => name.toLowerCase().replace(/[ \t]+/g, '');

/** The words of the clause around a placed name, the name itself left out ("work" is no word that it worked). */
function clauseAround(text: string, at: number, end: number): string {
  const before = text.slice(Math.max(0, at - 200), at);
  let from = 0;
  for (const m of before.matchAll(CLAUSE_END)) from = m.index + m[0].length;
  const after = text.slice(end, end + 200);
  const stop = [...after.matchAll(CLAUSE_END)][0]?.index ?? after.length;
  return `${before.slice(from)} ${after.slice(0, stop)}`;
}

/** The name heading the card's line before it, the nearest one. */
function nameOf(text: string, i: Item): string | null {
  const lineStart = text.lastIndexOf('\n', i.at - 1) + 1;
  const before = text.slice(Math.max(lineStart, i.at - 80), i.at);
  const names = [...before.matchAll(HEADING)];
  return names.length ? key(names.at(-1)![0]) : null;
}

export function namedSetups(items: Item[], text: string, notes: string[], owned?: OwnedRuns): Item[] {
  const cards = items.filter((i) => i.kind === 'hardware' && slotsOf(i).includes('hardware'));
  if (!cards.length || !text) return items;
  const failedOn = new Set<string>();
  for (const m of text.matchAll(PLACED)) {
    const clause = clauseAround(text, m.index, m.index + m[0].length);
    if (FAILS.test(clause) && !WORKS.test(clause)) failedOn.add(key(m.groups!.name!));
  }
  if (failedOn.size !== 1) return items;
  const failed = [...failedOn][0]!;
  // The failing name must head a machine the message describes, and every other card must be another named machine's.
  const named = cards.map((i) => ({ i, name: nameOf(text, i) }));
  const headed = [...text.matchAll(HEADING)].filter((m) => key(m[0]) === failed).length >= 2 || named.some((n) => n.name === failed);
  const others = named.filter((n) => n.name !== null && n.name !== failed);
  if (!headed || !others.length || named.some((n) => n.name === null)) return items;
  for (const { i, name } of others) {
    notes.push(`"${i.text.trim()}" is your ${name} machine's; the run that fails is on your ${failed} one${named.some((n) => n.name === failed) ? '' : ' (its card is not one I know: say "on <your card>")'}`);
    recordAside(owned, i, `your ${name} machine's card`);
  }
  const aside = new Set(others.map((o) => o.i));
  return items.filter((i) => !aside.has(i));
}
