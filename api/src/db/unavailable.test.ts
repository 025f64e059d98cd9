import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const pgError = (code: string, message = 'server said no') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isDatabaseUnavailable', () => {
  it('recognises a lost or refused connection, however it is wrapped', () => {
    const adapterError = (cause: object) => Object.assign(new Error('driver'), { name: 'DriverAdapterError', cause });
    const unavailable = [
      Object.assign(new Error("Can't reach database server"), { code: 'P1001' }),
      Object.assign(new Error('Raw query failed'), {
        code: 'P2010',
        meta: { driverAdapterError: adapterError({ kind: 'DatabaseNotReachable' }) },
      }),
      adapterError({ kind: 'ConnectionClosed' }),
      adapterError({ kind: 'postgres', code: '57P01', message: 'terminating connection due to administrator command' }),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('a job failed', { cause: new Error('timeout exceeded when trying to connect') }),
    ];
    for (const error of unavailable) expect(isDatabaseUnavailable(error), error.message).toBe(true);
  });

  it('leaves statement errors and everything else alone', () => {
    const others = [
      Object.assign(new Error('Unique constraint failed'), { code: 'P2002' }),
      pgError('23505', 'duplicate key value'),
      Object.assign(new Error('driver'), { cause: { kind: 'postgres', code: '22P02' } }),
      new Error('Something else'),
      'not an error',
      null,
    ];
    for (const error of others) expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
