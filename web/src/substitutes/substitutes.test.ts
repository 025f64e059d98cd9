import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBSTITUTES } from '../../build/librarySubstitutes';

// build/librarySubstitutes.ts replaces library modules in the build; each stand-in is checked here against the
// installed library, so an upgrade that moves or starts using what was replaced fails this test instead of a screen.

const require = createRequire(import.meta.url);

type Helper = (...args: never[]) => unknown;
/** A stand-in's default export (an ES module, or a CommonJS one's exports). */
const standIn = <T = Helper>(file: string): T => {
  const loaded = require(`./${file}`) as { default?: T } & T;
  return loaded.default ?? loaded;
};
const ownAreEqual = standIn<(a: unknown, b: unknown) => boolean>('areEqual.cjs');
const objectSpread2 = standIn<(target: object, ...sources: unknown[]) => object>('babel/objectSpread2.js');
type ForOfIterator = { s(): void; n(): IteratorResult<number>; e(error: unknown): void; f(): void };
const createForOfIteratorHelper = standIn<(iterable: Iterable<number>) => ForOfIterator>('babel/createForOfIteratorHelper.js');
const typeOf = standIn<(value: unknown) => string>('babel/typeof.js');
const toPropertyKey = standIn<(key: unknown) => string | symbol>('babel/toPropertyKey.js');
const toConsumableArray = standIn<(iterable: Iterable<unknown>) => unknown[]>('babel/toConsumableArray.js');
const defineProperty = standIn<(object: object, key: string, value: unknown) => object>('babel/defineProperty.js');
const objectWithoutPropertiesLoose = standIn<(source: object, excluded: string[]) => object>('babel/objectWithoutPropertiesLoose.js');
const { LiveResolverCache } = require('./LiveResolverCache.js') as { LiveResolverCache: { prototype: Record<string, unknown> } };
const declarativeMutationConfig = require('./RelayDeclarativeMutationConfig.js') as Record<string, unknown>;
const readUpdatable = require('./readUpdatable.js') as Record<string, unknown>;
const nodeModules = path.join(import.meta.dirname, '../../../node_modules');
const library = (file: string) => path.join(nodeModules, file);
const relayRuntimeFiles = () =>
  readdirSync(library('relay-runtime/lib'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(library(`relay-runtime/lib/${file}`), 'utf8'));

/** What Relay's modules call on `variable` (`variable.method(`). */
const callsOn = (variable: string) =>
  new Set(relayRuntimeFiles().flatMap((text) => [...text.matchAll(new RegExp(`${variable}\\.(\\w+)\\(`, 'g'))].map(([, name]) => name!)));

describe('the library substitutes of the build', () => {
  it('replace files the installed libraries have, with files of the app', () => {
    for (const [file, replacement] of SUBSTITUTES) {
      expect(existsSync(library(file)), file).toBe(true);
      expect(existsSync(replacement(library(file))), file).toBe(true);
    }
  });

  it('stand in for Relay Resolvers with every method Relay calls on its resolver cache', () => {
    const { LiveResolverCache: RelayCache } = require('relay-runtime/lib/store/live-resolvers/LiveResolverCache');
    const publicMethods = Object.getOwnPropertyNames(RelayCache.prototype).filter(
      (name) => name !== 'constructor' && !name.startsWith('_'),
    );
    for (const name of [...publicMethods, ...callsOn('_resolverCache')]) {
      expect(typeof LiveResolverCache.prototype[name], name).toBe('function');
    }
  });

  it('keep what Relay reads of the declarative mutation configs and updatable readers', () => {
    for (const name of callsOn('RelayDeclarativeMutationConfig')) expect(declarativeMutationConfig, name).toHaveProperty(name);
    expect(Object.keys(readUpdatable).sort()).toEqual(['readUpdatableFragment', 'readUpdatableQuery']);
  });

  it('drop only the Relay hooks that its default feature flags leave unused', () => {
    const { RelayFeatureFlags } = require('relay-runtime');
    expect(RelayFeatureFlags.ENABLE_ACTIVITY_COMPATIBILITY).toBe(true);
  });

  it('leave out only what the app does not use: no Relay Resolvers, updatable GraphQL or mutation configs', () => {
    const sourceRoot = path.join(import.meta.dirname, '..');
    for (const file of readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })) {
      if (!/\.tsx?$/.test(file) || file.includes('substitutes')) continue;
      const text = readFileSync(path.join(sourceRoot, file), 'utf8');
      expect(text, file).not.toMatch(/"kind": "Relay(Live)?Resolver"|"kind": "UpdatableQuery"|@updatable|\bconfigs:/);
    }
  });
});

describe("the stand-ins for Babel's helpers", () => {
  const babel = (helper: string) => require(`@babel/runtime/helpers/${helper}`);

  it('spread objects, with their symbols, as Babel does', () => {
    const symbol = Symbol('s');
    const sources = [{ a: 1 }, null, { b: 2, [symbol]: 3 }, undefined, { a: 4 }];
    expect(objectSpread2({}, ...sources)).toEqual(babel('objectSpread2')({}, ...sources));
  });

  it('run for...of loops, closing an iterator left early and rethrowing what the body threw', () => {
    const loop = (helper: typeof createForOfIteratorHelper, iterable: Iterable<number>, stopAt: number, throwAt: number) => {
      const seen: number[] = [];
      const iterator = helper(iterable);
      let step;
      try {
        for (iterator.s(); !(step = iterator.n()).done;) {
          if (step.value === throwAt) throw new Error(`at ${step.value}`);
          seen.push(step.value);
          if (step.value === stopAt) break;
        }
      } catch (error) {
        iterator.e(error);
      } finally {
        iterator.f();
      }
      return seen;
    };
    const closing = (log: string[]) => ({
      *[Symbol.iterator]() {
        try {
          yield* [1, 2, 3];
        } finally {
          log.push('closed');
        }
      },
    });
    for (const [stopAt, throwAt] of [
      [0, 0],
      [2, 0],
      [0, 2],
    ] as const) {
      const mine: string[] = [];
      const theirs: string[] = [];
      const run = (helper: typeof createForOfIteratorHelper, log: string[]) => {
        try {
          return loop(helper, closing(log), stopAt, throwAt);
        } catch (error) {
          return (error as Error).message;
        }
      };
      expect([run(createForOfIteratorHelper, mine), mine]).toEqual([run(babel('createForOfIteratorHelper'), theirs), theirs]);
    }
    expect(loop(createForOfIteratorHelper, new Set([1, 2]), 0, 0)).toEqual([1, 2]);
  });

  it('convert, define and leave out properties as Babel does', () => {
    for (const value of [1, 'a', null, undefined, Symbol('s'), {}, () => 1]) expect(typeOf(value)).toBe(babel('typeof')(value));
    for (const key of ['a', 1, Symbol.iterator, { toString: () => 'k' }]) expect(toPropertyKey(key)).toBe(babel('toPropertyKey')(key));
    expect(toConsumableArray(new Set([1, 2]))).toEqual(babel('toConsumableArray')(new Set([1, 2])));
    const holey = [1, 2, 3];
    delete holey[1];
    expect(toConsumableArray(holey)).toEqual(babel('toConsumableArray')(holey));
    expect(defineProperty({ a: 1 }, 'b', 2)).toEqual(babel('defineProperty')({ a: 1 }, 'b', 2));
    const source = { a: 1, b: 2, c: 3 };
    expect(objectWithoutPropertiesLoose(source, ['b'])).toEqual(babel('objectWithoutPropertiesLoose')(source, ['b']));
  });
});

describe('the stand-in for fbjs areEqual', () => {
  const theirs = require('fbjs/lib/areEqual');
  const values: unknown[] = [
    0,
    -0,
    1,
    Number.NaN,
    '',
    'a',
    true,
    null,
    undefined,
    [],
    [1, 2],
    [1, [2, 3]],
    [1, [2, 4]],
    {},
    { a: 1 },
    { a: 1, b: undefined },
    { a: { b: [1, { c: 'd' }] } },
    { a: { b: [1, { c: 'e' }] } },
    new Date(0),
    new Date(1),
  ];

  it('answers as fbjs does for every pair of JSON values and dates', () => {
    for (const a of values) {
      for (const b of [...values, structuredClone(a)])
        expect(ownAreEqual(a, b), `${JSON.stringify(a)} ${JSON.stringify(b)}`).toBe(theirs(a, b));
    }
  });
});
