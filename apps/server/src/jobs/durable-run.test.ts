import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger, jobContext, silentLogger, type Log } from '../lib/logger.ts';
import { DurableRuns, RunStopped, type DurableRunStore } from './durable-run.ts';
import { durableRunsClaimed, durableRunsFailed, durableRunsResumed } from '../lib/metrics.ts';

interface Row {
  id: string;
  attempts: number;
  status: 'PENDING' | 'PROCESSING' | 'COMPLETED' | 'ERROR';
  token: string | null;
  heartbeat: number;
  checkpoint: number;
  error: string | null;
}

/** The statements of a durable run kept in memory, with the same rules as the scans' SQL. */
function memoryStore(now: () => number) {
  const rows = new Map<string, Row>();
  const store: DurableRunStore<Row> = {
    async claim(id, token, staleBefore) {
      const row = rows.get(id);
      if (!row || !(row.status === 'PENDING' || (row.status === 'PROCESSING' && row.heartbeat < staleBefore.getTime()))) return undefined;
      Object.assign(row, { status: 'PROCESSING', token, attempts: row.attempts + 1, heartbeat: now() });
      return { ...row };
    },
    async heartbeat(id, token) {
      const row = rows.get(id);
      if (row?.token === token) row.heartbeat = now();
    },
    async handBack(id, token) {
      const row = rows.get(id);
      if (row?.token !== token || row.status !== 'PROCESSING') return false;
      Object.assign(row, { status: 'PENDING', token: null, attempts: Math.max(row.attempts - 1, 0) });
      return true;
    },
    async fail(target, token, message) {
      const row = rows.get(target.id);
      if (!row || (token !== null && row.token !== token) || !['PENDING', 'PROCESSING'].includes(row.status)) return false;
      Object.assign(row, { status: 'ERROR', error: message, token: null });
      return true;
    },
    async findOrphans(staleBefore) {
      return [...rows.values()]
        .filter((row) => row.status === 'PROCESSING' && (staleBefore === null || row.heartbeat < staleBefore.getTime()))
        .map((row) => ({ ...row }));
    },
    async requeue(id) {
      const row = rows.get(id);
      if (row?.status !== 'PROCESSING') return false;
      Object.assign(row, { status: 'PENDING', token: null });
      return true;
    },
    async findPending() {
      return [...rows.values()].filter((row) => row.status === 'PENDING');
    },
    async release(id, token) {
      const row = rows.get(id);
      if (row?.token !== token || row.status !== 'PROCESSING') return false;
      Object.assign(row, { token: null, heartbeat: 0 }); // claimable at once
      return true;
    },
  };
  const add = (id: string) => rows.set(id, { id, attempts: 0, status: 'PENDING', token: null, heartbeat: 0, checkpoint: 0, error: null });
  return { store, rows, add };
}

function setup(options: { retryFailuresAfterMs?: number; log?: Log } = {}) {
  let clock = 1_000_000;
  const now = () => clock;
  const memory = memoryStore(now);
  const resent: string[] = [];
  const delays: Array<number | undefined> = [];
  const make = () =>
    new DurableRuns<Row>({
      kind: 'test run',
      job: 'test-queue',
      store: memory.store,
      maxAttempts: 3,
      tooManyAttempts: 'The run was interrupted 3 times and was ended. Please start it again.',
      heartbeatMs: 10,
      staleAfterMs: 60_000,
      resend: async (id, delayMs) => {
        resent.push(id);
        delays.push(delayMs);
      },
      retryFailuresAfterMs: options.retryFailuresAfterMs,
      log: options.log ?? silentLogger(),
      now: () => new Date(clock),
    });
  return { runs: make(), make, memory, resent, delays, advance: (ms: number) => (clock += ms) };
}

const hooks = { failureMessage: (error: unknown) => `The run failed: ${(error as Error).message}.` };

/** Work of 10 steps that records a checkpoint after each; it waits on `gate` before the step numbered `pauseAt`. */
function steppedWork(memory: ReturnType<typeof memoryStore>, options: { pauseAt?: number; gate?: Promise<void> } = {}) {
  const seen: number[] = [];
  const work = async (row: Row, token: string, signal: AbortSignal) => {
    for (let step = row.checkpoint; step < 10; step += 1) {
      if (step === options.pauseAt) await options.gate;
      if (signal.aborted) throw signal.reason;
      seen.push(step);
      const stored = memory.rows.get(row.id)!;
      if (stored.token !== token) throw new RunStopped('lost');
      stored.checkpoint = step + 1;
    }
    const stored = memory.rows.get(row.id)!;
    if (stored.token === token) stored.status = 'COMPLETED';
  };
  return { work, seen };
}

describe('DurableRuns (one durable-run mechanism)', () => {
  it('a second claim of a row that is running is refused', async () => {
    const { runs, memory } = setup();
    memory.add('a');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = steppedWork(memory, { pauseAt: 3, gate });
    const running = runs.run('a', first.work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(runs.count).toBe(1);
    const second = steppedWork(memory);
    expect(await runs.run('a', second.work, hooks)).toBe('skipped');
    expect(second.seen).toEqual([]);
    release();
    expect(await running).toBe('ended');
    expect(memory.rows.get('a')).toMatchObject({ status: 'COMPLETED', attempts: 1, checkpoint: 10 });
    expect(runs.count).toBe(0);
  });

  it('keeps the heartbeat fresh while a run works', async () => {
    const { runs, memory, advance } = setup();
    memory.add('h');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { work } = steppedWork(memory, { pauseAt: 1, gate });
    const running = runs.run('h', work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const claimedAt = memory.rows.get('h')!.heartbeat;
    advance(30_000);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(memory.rows.get('h')!.heartbeat).toBe(claimedAt + 30_000);
    release();
    await running;
  });

  it('a run whose worker died is swept once its heartbeat is stale and resumes from its checkpoint', async () => {
    const { runs, make, memory, resent, advance } = setup();
    memory.add('s');
    const gate = new Promise<void>(() => undefined); // never opens: the process "dies" at step 4
    const first = steppedWork(memory, { pauseAt: 4, gate });
    void runs.run('s', first.work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    runs.stop(); // as if the process died: the row stays PROCESSING
    expect(memory.rows.get('s')).toMatchObject({ status: 'PROCESSING', checkpoint: 4 });

    expect(await runs.sweep({ everyProcessing: false, resendPending: false })).toEqual({ requeued: 0, failed: 0 }); // heartbeat fresh
    advance(61_000);
    expect(await runs.sweep({ everyProcessing: false, resendPending: false })).toEqual({ requeued: 1, failed: 0 });
    expect(resent).toEqual(['s']);

    const next = make(); // the worker of the restarted process
    const second = steppedWork(memory);
    expect(await next.run('s', second.work, hooks)).toBe('ended');
    expect(second.seen).toEqual([4, 5, 6, 7, 8, 9]);
    expect(memory.rows.get('s')).toMatchObject({ status: 'COMPLETED', attempts: 2, checkpoint: 10 });
  });

  it('ends a row as ERROR with a sentence once its attempts are used up (sweep and claim)', async () => {
    const { runs, memory, advance } = setup();
    memory.add('x');
    Object.assign(memory.rows.get('x')!, { status: 'PROCESSING', attempts: 3, heartbeat: 0 });
    advance(61_000);
    expect(await runs.sweep({ everyProcessing: false, resendPending: false })).toEqual({ requeued: 0, failed: 1 });
    expect(memory.rows.get('x')).toMatchObject({ status: 'ERROR', error: 'The run was interrupted 3 times and was ended. Please start it again.' });

    memory.add('y');
    memory.rows.get('y')!.attempts = 3; // the next claim is the fourth
    const ended: string[] = [];
    const { work, seen } = steppedWork(memory);
    expect(await runs.run('y', work, { ...hooks, onEnded: (row) => void ended.push(row.id) })).toBe('ended');
    expect(seen).toEqual([]);
    expect(memory.rows.get('y')).toMatchObject({ status: 'ERROR', error: 'The run was interrupted 3 times and was ended. Please start it again.' });
    expect(ended).toEqual(['y']);
  });

  it('counts claims, resumptions and failures in the metrics, by kind', async () => {
    const value = async (counter: typeof durableRunsClaimed) => (await counter.get()).values.find((v) => v.labels.kind === 'test run')?.value ?? 0;
    const before = { claimed: await value(durableRunsClaimed), resumed: await value(durableRunsResumed), failed: await value(durableRunsFailed) };
    const { runs, memory } = setup();
    memory.add('m1');
    expect(await runs.run('m1', steppedWork(memory).work, hooks)).toBe('ended'); // first attempt
    memory.add('m2');
    Object.assign(memory.rows.get('m2')!, { attempts: 1, checkpoint: 5 }); // interrupted once: this claim resumes it
    expect(await runs.run('m2', steppedWork(memory).work, hooks)).toBe('ended');
    memory.add('m3');
    await runs.run('m3', () => Promise.reject(new Error('disk full')), hooks);
    expect({ claimed: await value(durableRunsClaimed), resumed: await value(durableRunsResumed), failed: await value(durableRunsFailed) }).toEqual({
      claimed: before.claimed + 3,
      resumed: before.resumed + 1,
      failed: before.failed + 1,
    });
  });

  it('an unexpected failure ends the row as ERROR with the hook’s sentence', async () => {
    const { runs, memory } = setup();
    memory.add('f');
    const outcome = await runs.run(
      'f',
      async () => {
        throw new Error('disk full');
      },
      hooks,
    );
    expect(outcome).toBe('ended');
    expect(memory.rows.get('f')).toMatchObject({ status: 'ERROR', error: 'The run failed: disk full.' });
  });

  it('hands running rows back on a graceful shutdown (PENDING, attempt not counted) and sends their jobs again', async () => {
    const { runs, memory, resent } = setup();
    memory.add('g');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { work } = steppedWork(memory, { pauseAt: 6, gate });
    const running = runs.run('g', work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const handing = runs.handBackAll(1000);
    release();
    expect(await handing).toEqual(['g']);
    expect(await running).toBe('handed-back');
    expect(resent).toEqual(['g']);
    expect(memory.rows.get('g')).toMatchObject({ status: 'PENDING', attempts: 0, checkpoint: 6, token: null });
    expect(runs.stopped).toBe(true);
  });

  it('keeps its state per instance: aborting one worker’s runs leaves another’s alone', async () => {
    const one = setup();
    const two = setup();
    one.memory.add('a');
    two.memory.add('a');
    const gate = new Promise<void>(() => undefined);
    void one.runs.run('a', steppedWork(one.memory, { pauseAt: 2, gate }).work, hooks);
    void two.runs.run('a', steppedWork(two.memory, { pauseAt: 2, gate }).work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    one.runs.stop();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(one.runs.count).toBe(1); // still waiting at its gate; aborted at its next step
    expect(two.runs.count).toBe(1);
    expect(two.runs.stopped).toBe(false);
  });

  it('with retryFailuresAfterMs, a failed attempt leaves the row for the next one (job resent after the delay); the last one ends it', async () => {
    const { runs, memory, resent, delays } = setup({ retryFailuresAfterMs: 5000 });
    memory.add('r');
    const failures: string[] = [];
    const failing = async () => {
      throw new Error('upstream down');
    };
    const retryHooks = { ...hooks, onFailure: (error: unknown) => void failures.push((error as Error).message) };
    expect(await runs.run('r', failing, retryHooks)).toBe('retrying');
    expect(memory.rows.get('r')).toMatchObject({ status: 'PROCESSING', token: null, attempts: 1, error: null });
    expect(resent).toEqual(['r']);
    expect(delays).toEqual([5000]);
    expect(await runs.run('r', failing, retryHooks)).toBe('retrying');
    expect(await runs.run('r', failing, retryHooks)).toBe('ended');
    expect(memory.rows.get('r')).toMatchObject({ status: 'ERROR', attempts: 3, error: 'The run failed: upstream down.' });
    expect(failures).toEqual(['upstream down', 'upstream down', 'upstream down']);
    expect(resent).toEqual(['r', 'r']);
  });

  it('a stopped instance claims nothing: the row stays PENDING for the next worker', async () => {
    const { runs, memory } = setup();
    memory.add('p');
    runs.stop();
    const { work, seen } = steppedWork(memory);
    expect(await runs.run('p', work, hooks)).toBe('skipped');
    expect(seen).toEqual([]);
    expect(memory.rows.get('p')).toMatchObject({ status: 'PENDING', attempts: 0 });
  });

  it('a run taken over by a newer run of the same instance stops at its next write and leaves the newer one counted', async () => {
    const { runs, memory, advance } = setup();
    memory.add('t');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = steppedWork(memory, { pauseAt: 2, gate });
    const old = runs.run('t', first.work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    advance(61_000); // its heartbeat looks stale (the heartbeat timer runs every 10 ms; the claim comes first)
    memory.rows.get('t')!.heartbeat = 0;
    let releaseNew!: () => void;
    const newGate = new Promise<void>((resolve) => (releaseNew = resolve));
    const second = steppedWork(memory, { pauseAt: 5, gate: newGate });
    const newer = runs.run('t', second.work, hooks);
    await new Promise((resolve) => setTimeout(resolve, 5));
    release();
    expect(await old).toBe('ended'); // RunStopped('lost'): wrote nothing after the take-over
    expect(first.seen).toEqual([0, 1, 2]); // step 2 found the row taken and stored nothing
    expect(runs.count).toBe(1);
    releaseNew();
    expect(await newer).toBe('ended');
    expect(memory.rows.get('t')).toMatchObject({ status: 'COMPLETED', attempts: 2, checkpoint: 10 });
  });

  it('log lines of runs and sweeps carry the job: the handler’s context inside a job, the queue name outside', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = createLogger(
      'info',
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
          done();
        },
      }),
    );
    const { runs, memory, advance } = setup({ log, retryFailuresAfterMs: 10 });
    memory.add('l');
    const failing = async () => {
      throw new Error('boom');
    };
    await jobContext.run({ job: 'test-queue', jobId: 'job-1' }, () => runs.run('l', failing, hooks));
    Object.assign(memory.rows.get('l')!, { token: 'dead', heartbeat: 0 });
    advance(61_000);
    await runs.sweep({ everyProcessing: false, resendPending: false });
    expect(lines.find((l) => l.msg === 'test run failed; it is tried again')).toMatchObject({ job: 'test-queue', jobId: 'job-1', id: 'l' });
    const swept = lines.find((l) => l.msg === 'resuming an interrupted test run');
    expect(swept).toMatchObject({ job: 'test-queue', id: 'l' });
    expect(swept).not.toHaveProperty('jobId');
  });
});
