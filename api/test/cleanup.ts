import { afterAll, onTestFinished, TestRunner } from 'vitest';

/**
 * Runs `cleanup` when what called it is over: the test, when called from inside one (an afterAll registered there is
 * never run: Vitest collected the file's hooks before its tests began), else the file's tests.
 */
export function afterCaller(cleanup: () => unknown): void {
  if (TestRunner.getCurrentTest()) onTestFinished(async () => void (await cleanup()));
  else afterAll(async () => void (await cleanup()));
}
