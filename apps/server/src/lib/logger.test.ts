import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/build-test-app.ts';
import { createLogger } from './logger.ts';

/** A destination that keeps every JSON line the logger writes. */
function memoryDestination() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('the one logger', () => {
  it('writes one JSON format (level name, ISO time, message) and honours the level', () => {
    const { lines, stream } = memoryDestination();
    const log = createLogger('warn', stream);
    log.info({ a: 1 }, 'not written at warn');
    log.warn({ a: 2 }, 'written at warn');
    log.error({ a: 3 }, 'written too');
    expect(lines.map((l) => l.msg)).toEqual(['written at warn', 'written too']);
    for (const line of lines) {
      expect(typeof line.level).toBe('string');
      expect(line.time).toMatch(ISO_TIME);
    }
    expect(lines[0]).toMatchObject({ level: 'warn', a: 2 });
  });

  describe('in the app', () => {
    let ctx: TestContext;
    const { lines, stream } = memoryDestination();
    beforeAll(async () => {
      ctx = await buildTestApp({ log: createLogger('info', stream), withQueue: true });
    });
    afterAll(async () => ctx.close());

    it("puts the request id on Fastify's request lines, in the same format", async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
      const requestId = (response.json() as { requestId: string }).requestId;
      const requestLines = lines.filter((l) => l.reqId === requestId);
      expect(requestLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
      for (const line of requestLines) {
        expect(line.level).toBe('info');
        expect(line.time).toMatch(ISO_TIME);
      }
    });

    it('puts the job name and id on every line a job handler writes', async () => {
      const queue = ctx.deps.queue!;
      await queue.createQueue('logger-test');
      const done = new Promise<void>((resolve) => {
        void queue.work('logger-test', { pollingIntervalSeconds: 0.5 }, async () => {
          await new Promise((r) => setImmediate(r));
          ctx.deps.log.info({ step: 'deep inside' }, 'job working');
          resolve();
        });
      });
      const jobId = await queue.send('logger-test', { any: 'payload' });
      await done;
      const line = lines.find((l) => l.msg === 'job working');
      expect(line).toMatchObject({ job: 'logger-test', jobId, step: 'deep inside', level: 'info' });
      ctx.deps.log.info({}, 'after the job');
      expect(lines.find((l) => l.msg === 'after the job')).not.toHaveProperty('jobId');
    });
  });
});
