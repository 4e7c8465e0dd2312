import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { nodeEndOfLife, warnIfEndOfLifeNode } from '../../server/node-support.ts';

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);

/** A real pino logger whose JSON lines are kept in memory. */
function capturedLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('end-of-life Node.js at start', () => {
  it('knows the end of each line the site may meet', () => {
    const today = day('2026-11-23');
    expect(nodeEndOfLife('v18.20.8', today)).toEqual({ version: 'v18.20.8', ended: '2025-04-30' });
    expect(nodeEndOfLife('v20.20.2', today)).toEqual({ version: 'v20.20.2', ended: '2026-04-30' });
    expect(nodeEndOfLife('v25.2.0', today)).toEqual({ version: 'v25.2.0', ended: '2026-06-01' });
    expect(nodeEndOfLife('v22.23.3', today)).toBeNull();
    expect(nodeEndOfLife('v24.21.0', today)).toBeNull();
  });

  it('counts the end date itself as supported and the day after as ended', () => {
    expect(nodeEndOfLife('v20.20.2', day('2026-04-30'))).toBeNull();
    expect(nodeEndOfLife('v20.20.2', day('2026-05-01'))).toEqual({ version: 'v20.20.2', ended: '2026-04-30' });
    expect(nodeEndOfLife('v22.12.0', day('2027-05-01'))).toEqual({ version: 'v22.12.0', ended: '2027-04-30' });
    expect(nodeEndOfLife('v24.0.0', day('2028-05-01'))).toEqual({ version: 'v24.0.0', ended: '2028-04-30' });
  });

  it('says nothing about a line newer than its table, and calls an older one ended', () => {
    expect(nodeEndOfLife('v26.1.0', day('2030-01-01'))).toBeNull();
    expect(nodeEndOfLife('v14.21.3', day('2026-11-23'))).toEqual({ version: 'v14.21.3', ended: '2023-09-11 or earlier' });
    expect(nodeEndOfLife('not a version', day('2026-11-23'))).toBeNull();
  });

  it('logs one warning with the version and the end date on an ended line', () => {
    const { logger, lines } = capturedLogger();
    warnIfEndOfLifeNode(logger, 'v20.20.2', day('2026-11-23'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, nodeVersion: 'v20.20.2', nodeEndOfLife: '2026-04-30' });
    expect(lines[0]?.msg).toMatch(/Node\.js v20\.20\.2 reached end of life on 2026-04-30/);
  });

  it('logs nothing on a supported line', () => {
    const { logger, lines } = capturedLogger();
    warnIfEndOfLifeNode(logger, 'v24.21.0', day('2026-11-23'));
    warnIfEndOfLifeNode(logger, 'v22.23.3', day('2026-11-23'));
    expect(lines).toEqual([]);
  });
});
