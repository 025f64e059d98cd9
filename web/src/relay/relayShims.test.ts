import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// reactRelay.js and relayRuntime.js stand in for react-relay and relay-runtime in the build (vite.config.ts), so
// what any bundled module reads of them must be there: checked here against the installed Relay, so an upgrade
// that reads something new fails this test instead of a screen.

const require = createRequire(import.meta.url);
const here = import.meta.dirname;
const source = (file: string) => readFileSync(path.join(here, file), 'utf8');

/** The names a module exports (`export { a, b }`, `export const { a } =`, `export const a =`), by reading it. */
function exportedNames(file: string): Set<string> {
  const text = source(file);
  const names = new Set<string>();
  for (const [, list] of text.matchAll(/export (?:const )?\{([^}]*)\}/g)) {
    for (const item of list!.split(',')) {
      const name = item
        .trim()
        .split(/\s+as\s+|:\s*/)
        .at(-1)!
        .trim();
      if (name) names.add(name);
    }
  }
  for (const [, name] of text.matchAll(/export const (\w+)\s*=/g)) names.add(name!);
  return names;
}

/** The members of `__internal` relayRuntime.js provides. */
function internalNames(): Set<string> {
  const block = /export const __internal = \{([^}]*)\}/.exec(source('relayRuntime.js'))![1]!;
  return new Set(
    block
      .split(',')
      .map((item) => item.trim().split(':')[0]!.trim())
      .filter(Boolean),
  );
}

/** Every react-relay module the shim loads, with the modules they require in turn (relative requires). */
function bundledReactRelayModules(): string[] {
  const roots = [...source('reactRelay.js').matchAll(/from '(react-relay\/lib\/[^']+)'/g)].map(([, id]) => require.resolve(id!));
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, relative] of readFileSync(file, 'utf8').matchAll(/require\(["'](\.{1,2}\/[^"']+)["']\)/g)) {
      visit(require.resolve(path.resolve(path.dirname(file), relative!)));
    }
  };
  roots.forEach(visit);
  return [...seen];
}

const escape = (name: string) => name.replace(/[$.]/g, '\\$&');

/** What a CommonJS module reads of relay-runtime: its members, and the members of its `__internal`. */
function relayRuntimeReads(file: string): { members: string[]; internal: string[] } {
  const text = readFileSync(file, 'utf8');
  const members: string[] = [];
  const internal: string[] = [];
  // Babel's CommonJS: `var _require = require('relay-runtime'), a = _require.a, _require$__internal = _require.__internal`.
  const reads = (object: string) =>
    [...text.matchAll(new RegExp(`(?<![\\w$])${escape(object)}\\.(\\w+)`, 'g'))].map(([, member]) => member!);
  for (const [, variable] of text.matchAll(/([\w$]+) = require\(["']relay-runtime["']\)/g)) {
    members.push(...reads(variable!));
    internal.push(...reads(`${variable}.__internal`));
    for (const [, alias] of text.matchAll(new RegExp(`([\\w$]+) = ${escape(variable!)}\\.__internal\\b`, 'g')))
      internal.push(...reads(alias!));
  }
  return { members, internal };
}

/** The values (not types) the app's own modules import from `library`. */
function appImports(library: string): Set<string> {
  const names = new Set<string>();
  const sourceRoot = path.join(here, '..');
  for (const file of readdirSync(sourceRoot, { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(file) || file.includes('__generated__')) continue;
    const text = readFileSync(path.join(sourceRoot, file), 'utf8');
    for (const [, list] of text.matchAll(new RegExp(`import \\{([^}]*)\\} from '${library}'`, 'g'))) {
      for (const item of list!.split(',')) {
        const name = item.trim();
        if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]!);
      }
    }
  }
  return names;
}

describe('the Relay entry points of the build', () => {
  const runtime = exportedNames('relayRuntime.js');

  it('give every bundled react-relay module what it reads of relay-runtime', () => {
    const modules = bundledReactRelayModules();
    expect(modules.length).toBeGreaterThan(10);
    const reads = modules.map(relayRuntimeReads);
    const missing = [...new Set(reads.flatMap(({ members }) => members))].filter((name) => !runtime.has(name));
    const missingInternal = [...new Set(reads.flatMap(({ internal }) => internal))].filter((name) => !internalNames().has(name));
    expect({ missing, missingInternal }).toEqual({ missing: [], missingInternal: [] });
  });

  it('give the app every value it imports', () => {
    const hooks = exportedNames('reactRelay.js');
    expect([...appImports('react-relay')].filter((name) => !hooks.has(name))).toEqual([]);
    expect([...appImports('relay-runtime')].filter((name) => !runtime.has(name))).toEqual([]);
  });
});
