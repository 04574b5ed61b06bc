/**
 * The conformance kit: runs the golden vectors against an adapter process speaking the line
 * protocol of vectors/PROTOCOL.md, one case at a time, and tallies what it answers. An adapter
 * that crashes, hangs, answers garbage, an unknown id or twice, or never answers is reported as
 * such, never as a pass. Node-only.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { suggestion, UsageError } from './util.js';
import { AdapterProcess, MAX_LINE } from './conformance-adapter.js';
import { caseSpec, KNOWN_TOPICS, outputMatches, type CaseSpec, type VectorCase } from './conformance-topics.js';
import { PROTOCOL_VERSION, type CaseOutcome, type KitOptions, type KitReport } from './conformance-types.js';

export {
  PROTOCOL_VERSION,
  type CaseOutcome,
  type KitOptions,
  type KitReport,
  type TopicTally,
} from './conformance-types.js';

interface Item {
  readonly wireId: string;
  readonly spec: CaseSpec;
  readonly outcome: CaseOutcome;
  answered: boolean;
}

const ERROR_CODE = /^ERR_[A-Z0-9_]+$/;

/** Reads the vector files of `dir` (every *.json with a `cases` array), topic by topic, filtered. */
export function loadVectors(dir: string, only?: readonly string[]): Map<string, VectorCase[]> {
  const all = new Map<string, VectorCase[]>();
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith('.json')) continue;
    const doc = JSON.parse(readFileSync(join(dir, name), 'utf8')) as { cases?: unknown };
    if (Array.isArray(doc.cases)) all.set(name.slice(0, -'.json'.length), doc.cases as VectorCase[]);
  }
  if (only === undefined) return all;
  const picked = new Map<string, VectorCase[]>();
  for (const t of only) {
    const cases = all.get(t);
    if (cases === undefined)
      throw new UsageError(
        `unknown topic "${t.slice(0, 60)}"${suggestion(t, all.keys(), `topics: ${[...all.keys()].join(', ')}`)}`,
        { field: 'topics' },
      );
    picked.set(t, cases);
  }
  return picked;
}

/** Judges one answer line against its case. */
function judge(item: Item, answer: Record<string, unknown>): void {
  const o = item.outcome;
  delete o.reason;
  if (typeof answer['skip'] === 'string') {
    o.status = 'skip';
    o.reason = answer['skip'].slice(0, 200);
  } else if (typeof answer['error'] === 'string') {
    const error = answer['error'].slice(0, 500);
    o.actual = { error };
    if (!item.spec.negative) {
      o.status = 'fail';
      o.reason = 'refused a valid case';
    } else if (ERROR_CODE.test(error) && error !== item.spec.expected) {
      o.status = 'fail';
      o.reason = `refused with ${error}, expected ${String(item.spec.expected)}`;
    } else o.status = 'pass';
  } else {
    o.actual = answer['output'];
    if (item.spec.negative) {
      o.status = 'fail';
      o.reason = 'accepted a case that must be refused';
    } else if (outputMatches(o.topic, answer['output'], item.spec.expected)) o.status = 'pass';
    else {
      o.status = 'fail';
      o.reason = 'output differs';
    }
  }
}

/** Parses an answer line: an object with a string id and exactly one of output, error (string), skip (string). */
function parseAnswer(text: string): Record<string, unknown> | string {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return 'a line that is not JSON';
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'a line that is not a JSON object';
  const a = v as Record<string, unknown>;
  if (typeof a['id'] !== 'string') return 'an answer without a string "id"';
  const kinds = ['output', 'error', 'skip'].filter((k) => k in a);
  if (kinds.length !== 1)
    return `an answer for ${JSON.stringify(a['id'])} with ${kinds.length === 0 ? 'none' : kinds.join(' and ')} of "output", "error", "skip"`;
  if (kinds[0] !== 'output' && typeof a[kinds[0]!] !== 'string')
    return `an answer for ${JSON.stringify(a['id'])} whose "${kinds[0]}" is not a string`;
  return a;
}

const show = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);

/** Runs every case; never throws for an adapter's misbehaviour (only for a usage error). */
export async function runConformance(options: KitOptions): Promise<KitReport> {
  const vectorsDir = resolve(options.vectorsDir);
  const problems: string[] = [];
  const items: Item[] = [];
  const byWireId = new Map<string, Item>();
  for (const [topic, cases] of loadVectors(vectorsDir, options.topics)) {
    if (!KNOWN_TOPICS.includes(topic)) {
      problems.push(
        `vectors/${topic}.json: PROTOCOL.md defines no topic "${topic}", so its ${cases.length} cases were not run`,
      );
      continue;
    }
    for (const c of cases) {
      const spec = caseSpec(topic, c)!;
      const wireId = `${topic}/${c.id}`;
      const item: Item = {
        wireId,
        spec,
        answered: false,
        outcome: {
          topic,
          id: c.id,
          status: 'fail',
          reason: 'not run',
          negative: spec.negative,
          input: spec.input,
          expected: spec.expected,
        },
      };
      items.push(item);
      byWireId.set(wireId, item);
    }
  }

  const env = {
    ...(options.env ?? process.env),
    PAYSIG_VECTORS: vectorsDir,
    PAYSIG_CONFORMANCE_PROTOCOL: String(PROTOCOL_VERSION),
  };
  const maxRestarts = options.maxRestarts ?? 3;
  let adapter: AdapterProcess | undefined;
  let starts = 0;
  let current: Item | undefined;

  /** Handles one event; returns true when the current case is settled. */
  const handle = (event: Awaited<ReturnType<AdapterProcess['next']>>): boolean => {
    if (event.kind === 'timeout') return false;
    if (event.kind === 'exit') {
      if (current !== undefined) {
        current.outcome.reason = `the adapter ${event.how} before answering${adapter!.stderr.trim() === '' ? '' : `; its last standard error: ${show(adapter!.stderr.trim())}`}`;
        return true;
      }
      return false;
    }
    if (event.kind === 'overlong') {
      problems.push(`the adapter wrote a line of ${event.bytes} bytes (limit ${MAX_LINE}); it was dropped`);
      if (current !== undefined)
        current.outcome.reason = `the adapter answered with a line longer than ${MAX_LINE} bytes`;
      return current !== undefined;
    }
    const answer = parseAnswer(event.text);
    if (typeof answer === 'string') {
      problems.push(`the adapter wrote ${answer}: ${show(event.text)}`);
      if (current !== undefined) current.outcome.reason = `the adapter answered ${answer}`;
      return current !== undefined;
    }
    const item = byWireId.get(answer['id'] as string);
    if (item === undefined || (!item.answered && item !== current)) {
      problems.push(`the adapter answered an id it was not asked: ${show(answer['id'] as string)}`);
      return false;
    }
    if (item.answered) {
      item.outcome.status = 'fail';
      item.outcome.reason = 'answered twice';
      problems.push(`the adapter answered ${show(item.wireId)} twice`);
      return false;
    }
    item.answered = true;
    judge(item, answer);
    return true;
  };

  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    let startup = 0;
    if (adapter === undefined || adapter.dead) {
      if (starts > maxRestarts) {
        for (const rest of items.slice(i)) rest.outcome.reason = `not run: the adapter stopped ${starts} times`;
        break;
      }
      adapter = await AdapterProcess.start(options.argv, env);
      starts++;
      startup = options.startupMs ?? 10_000;
    }
    current = item;
    adapter.send(JSON.stringify({ id: item.wireId, topic: item.outcome.topic, input: item.spec.input }));
    const deadline = Date.now() + options.timeoutMs + startup;
    let settled = false;
    while (!settled) {
      const left = deadline - Date.now();
      const event = left > 0 ? await adapter.next(left) : ({ kind: 'timeout' } as const);
      if (event.kind === 'timeout') {
        item.outcome.reason = `no answer within ${options.timeoutMs} ms (the adapter was stopped)`;
        current = undefined;
        adapter.kill();
        await drainExit(adapter, handle);
        break;
      }
      settled = handle(event);
    }
    current = undefined;
  }

  if (adapter !== undefined && !adapter.dead) {
    adapter.close();
    const grace = Math.min(options.timeoutMs, 5000);
    for (let event = await adapter.next(grace); event.kind !== 'exit'; event = await adapter.next(grace)) {
      if (event.kind === 'timeout') {
        problems.push(`the adapter did not exit within ${grace} ms after its standard input closed (it was stopped)`);
        adapter.kill();
        await drainExit(adapter, handle);
        break;
      }
      handle(event);
    }
  }

  const tallies = new Map<string, { topic: string; pass: number; fail: number; skip: number }>();
  for (const { outcome } of items) {
    const t = tallies.get(outcome.topic) ?? { topic: outcome.topic, pass: 0, fail: 0, skip: 0 };
    t[outcome.status]++;
    tallies.set(outcome.topic, t);
  }
  const cases = items.map((i) => i.outcome);
  const ok = problems.length === 0 && cases.every((c) => c.status !== 'fail') && cases.some((c) => c.status === 'pass');
  return { protocol: PROTOCOL_VERSION, topics: [...tallies.values()], cases, problems, ok };
}

/** Reads a killed adapter's last events (late answers count as twice or unknown). */
async function drainExit(
  adapter: AdapterProcess,
  handle: (e: Awaited<ReturnType<AdapterProcess['next']>>) => boolean,
): Promise<void> {
  for (
    let event = await adapter.next(5000);
    event.kind !== 'exit' && event.kind !== 'timeout';
    event = await adapter.next(5000)
  )
    handle(event);
}
