/**
 * The conformance kit: runs the golden vectors and this run's generated cases against an adapter
 * process speaking the line protocol of vectors/PROTOCOL.md, one case at a time, and judges what
 * it answers. An adapter that crashes, hangs, answers garbage, an unknown id or twice, or never
 * answers is reported as such, never as a pass. Node-only.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { suggestion, UsageError } from '../util.js';
import { AdapterProcess, MAX_LINE } from './adapter.js';
import { generateCases } from './generated.js';
import { judge } from './judge.js';
import { sourcesOf, tagsOf } from './meta.js';
import { tally } from './tally.js';
import { caseSpec, KNOWN_TOPICS, type CaseSpec, type VectorCase } from './topics.js';
import { PROTOCOL_VERSION, type AdapterRun, type CaseOutcome, type KitOptions, type KitReport } from './types.js';

interface Item {
  readonly wireId: string;
  readonly spec: CaseSpec;
  readonly outcome: CaseOutcome;
  answered: boolean;
}

/** At most this many protocol problems are listed; the rest are counted. */
const MAX_PROBLEMS = 50;

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
    return `an answer for ${JSON.stringify(a['id'].slice(0, 200))} with ${kinds.length === 0 ? 'none' : kinds.join(' and ')} of "output", "error", "skip"`;
  if (kinds[0] !== 'output' && typeof a[kinds[0]!] !== 'string')
    return `an answer for ${JSON.stringify(a['id'].slice(0, 200))} whose "${kinds[0]}" is not a string`;
  return a;
}

const show = (text: string): string => JSON.stringify(text.length > 200 ? `${text.slice(0, 200)}…` : text);

function makeItem(topic: string, c: VectorCase, generated: boolean): Item | undefined {
  const spec = caseSpec(topic, c);
  if (spec === undefined) return undefined;
  const meta = generated ? { facts: [], sources: ['generated'] } : sourcesOf(c['source']);
  const tags = tagsOf(c, spec.input);
  if (generated) tags.push('generated');
  return {
    wireId: `${topic}/${c.id}`,
    spec,
    answered: false,
    outcome: {
      topic,
      id: c.id,
      status: 'not-run',
      severity: 'not-run',
      reason: 'not run',
      sources: meta.sources,
      facts: meta.facts,
      tags,
      negative: spec.negative,
      input: spec.input,
      expected: spec.expected,
    },
  };
}

/** Runs every case; never throws for an adapter's misbehaviour (only for a usage error). */
export async function runConformance(options: KitOptions): Promise<KitReport> {
  const vectorsDir = resolve(options.vectorsDir);
  const problems: string[] = [];
  let problemsLeft = 0;
  const problem = (p: string) => (problems.length < MAX_PROBLEMS ? problems.push(p) : problemsLeft++);
  const items: Item[] = [];
  const vectors = loadVectors(vectorsDir, options.topics);
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const extra = await generateCases(seed, options.generated ?? 8, [...vectors.keys()]);
  for (const [topic, cases] of vectors) {
    if (!KNOWN_TOPICS.includes(topic)) {
      problem(
        `vectors/${topic}.json: PROTOCOL.md defines no topic "${topic}", so its ${cases.length} cases were not run`,
      );
      continue;
    }
    for (const c of cases) items.push(makeItem(topic, c, false)!);
    for (const g of extra.get(topic) ?? []) items.push(makeItem(topic, g, true)!);
  }
  const wanted = (id: string): boolean =>
    (options.cases === undefined || options.cases.includes(id)) &&
    (options.grep === undefined || id.includes(options.grep));
  const run = items.filter((i) => wanted(i.wireId));
  const byWireId = new Map(run.map((i) => [i.wireId, i]));

  const env = {
    ...(options.env ?? process.env),
    PAYSIG_VECTORS: vectorsDir,
    PAYSIG_CONFORMANCE_PROTOCOL: String(PROTOCOL_VERSION),
  };
  const ctx = { vectorsDir, strictTransport: options.strictTransport === true };
  const maxRestarts = options.maxRestarts ?? 3;
  const adapterRuns: AdapterRun[] = [];
  let adapter: AdapterProcess | undefined;
  let starts = 0;
  let current: Item | undefined;
  const ended = (how: string) => adapterRuns.push({ ended: how, stderr: adapter!.stderr });
  const lastStderr = () => {
    const s = adapter!.stderr.trim();
    return s === '' ? '' : `; the end of its standard error: ${show(s.slice(-2000))}`;
  };

  /** Handles one event; returns true when the current case is settled. */
  const handle = async (event: Awaited<ReturnType<AdapterProcess['next']>>): Promise<boolean> => {
    if (event.kind === 'timeout') return false;
    if (event.kind === 'exit') {
      ended(event.how);
      if (current !== undefined) {
        current.outcome.reason = `not run: the adapter ${event.how} before answering${lastStderr()}`;
        problem(`the adapter ${event.how} while running ${show(current.wireId)}`);
        return true;
      }
      return false;
    }
    if (event.kind === 'overlong') {
      problem(`the adapter wrote a line of ${event.bytes} bytes (limit ${MAX_LINE}); it was dropped`);
      if (current !== undefined)
        current.outcome.reason = `the adapter answered with a line longer than ${MAX_LINE} bytes`;
      return current !== undefined;
    }
    const answer = parseAnswer(event.text);
    if (typeof answer === 'string') {
      problem(`the adapter wrote ${answer}: ${show(event.text)}`);
      if (current !== undefined) current.outcome.reason = `the adapter answered ${answer}`;
      return current !== undefined;
    }
    const item = byWireId.get(answer['id'] as string);
    if (item === undefined || (!item.answered && item !== current)) {
      problem(`the adapter answered an id it was not asked: ${show(answer['id'] as string)}`);
      return false;
    }
    if (item.answered) {
      problem(`the adapter answered ${show(item.wireId)} twice`);
      return false;
    }
    item.answered = true;
    await judge(item.outcome, item.spec, answer, ctx);
    return true;
  };

  for (let i = 0; i < run.length; i++) {
    const item = run[i]!;
    let startup = 0;
    if (adapter === undefined || adapter.dead) {
      if (starts > maxRestarts) {
        for (const rest of run.slice(i))
          rest.outcome.reason = `not run: the adapter stopped ${starts} times (raise --max-restarts to go on)`;
        break;
      }
      adapter = await AdapterProcess.start(options.argv, env);
      starts++;
      startup = options.startupMs ?? 10_000;
    }
    current = item;
    const tags = item.outcome.tags.filter((t) => t !== 'generated');
    adapter.send(
      JSON.stringify({
        id: item.wireId,
        topic: item.outcome.topic,
        input: item.spec.input,
        ...(tags.length > 0 ? { tags } : {}),
      }),
    );
    const deadline = Date.now() + options.timeoutMs + startup;
    let settled = false;
    while (!settled) {
      const left = deadline - Date.now();
      const event = left > 0 ? await adapter.next(left) : ({ kind: 'timeout' } as const);
      if (event.kind === 'timeout') {
        item.outcome.reason = `not run: no answer within ${options.timeoutMs} ms (the adapter was stopped)`;
        problem(`no answer to ${show(item.wireId)} within ${options.timeoutMs} ms`);
        current = undefined;
        adapter.kill();
        await drainExit(adapter, handle);
        break;
      }
      settled = await handle(event);
    }
    current = undefined;
  }

  if (adapter !== undefined && !adapter.dead) {
    adapter.close();
    const grace = Math.min(options.timeoutMs, 5000);
    for (let event = await adapter.next(grace); ; event = await adapter.next(grace)) {
      if (event.kind === 'timeout') {
        problem(`the adapter did not exit within ${grace} ms after its standard input closed (it was stopped)`);
        adapter.kill();
        await drainExit(adapter, handle);
        break;
      }
      await handle(event);
      if (event.kind === 'exit') break;
    }
  }
  if (problemsLeft > 0) problems.push(`... and ${problemsLeft} more protocol problems`);
  const cases = run.map((i) => i.outcome);
  return { protocol: PROTOCOL_VERSION, seed, ...tally(cases, problems, options), cases, problems, adapterRuns };
}

/** Reads a killed adapter's last events (late answers count as twice or unknown). */
async function drainExit(
  adapter: AdapterProcess,
  handle: (e: Awaited<ReturnType<AdapterProcess['next']>>) => Promise<boolean>,
): Promise<void> {
  for (let event = await adapter.next(5000); event.kind !== 'timeout'; event = await adapter.next(5000)) {
    await handle(event);
    if (event.kind === 'exit') return;
  }
}
