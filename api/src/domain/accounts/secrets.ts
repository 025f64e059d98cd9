import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 exports its Algorithm enum as an ambient const enum; 2 is Argon2id.
const ARGON2ID = 2;

/** An opaque random token of 256 bits, URL-safe; shown to its owner once and stored only as its hash. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token, as stored. A fast hash suffices: the token itself has 256 bits of entropy. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The Fever API's key for a username and an API token: md5 of "username:token" in hex, as Fever clients compute
 * it (the protocol's choice; the token's entropy, not md5, is what keeps it unguessable).
 */
export function feverKey(username: string, token: string): string {
  return createHash('md5').update(`${username}:${token}`).digest('hex');
}

/** An argon2id hash of a password (OWASP's minimum parameters: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

/** Whether `password` matches `passwordHash`; false for a malformed hash rather than an error. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this when no account matches keeps a login's timing the same either way.
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(newToken());
  return decoyHash;
}
