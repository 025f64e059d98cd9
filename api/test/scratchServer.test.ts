import { describe, expect, it } from 'vitest';
import { serverUrlOf } from './scratchServer.ts';

describe('serverUrlOf', () => {
  it('keeps the user, password, host and port, and drops the database and its options', () => {
    expect(serverUrlOf('postgres://postgres@127.0.0.1:5432/postgres')).toBe('postgres://postgres@127.0.0.1:5432');
    expect(serverUrlOf('postgres://u:p%40ss@db.example:6543/tidings?sslmode=require')).toBe('postgres://u:p%40ss@db.example:6543');
    expect(serverUrlOf('postgres://postgres@127.0.0.1:5432')).toBe('postgres://postgres@127.0.0.1:5432');
  });
});
