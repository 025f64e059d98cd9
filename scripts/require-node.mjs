// Stops `npm start` and `npm test` with one line when this Node.js is older than package.json's engines allow,
// instead of a stack trace from whichever dependency first uses a newer API.
import { readFileSync } from 'node:fs';

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node;
// The recommended Node.js, as `.nvmrc` names it for nvm (`nvm install` reads it): a major version of the range.
const recommended = readFileSync(new URL('../.nvmrc', import.meta.url), 'utf8').trim();
const [major, minor] = process.versions.node.split('.').map(Number);

// The range is written as clauses of `^MAJOR.MINOR` or `>=MAJOR.MINOR` joined by `||`.
const satisfies = range.split('||').some((clause) => {
  const [, operator, wantMajor, wantMinor] = /^\s*(\^|>=)(\d+)\.(\d+)\s*$/.exec(clause) ?? [];
  if (!operator) throw new Error(`package.json engines.node: cannot read the clause "${clause.trim()}"`);
  const atLeast = major > Number(wantMajor) || (major === Number(wantMajor) && minor >= Number(wantMinor));
  return operator === '^' ? atLeast && major === Number(wantMajor) : atLeast;
});

if (!satisfies) {
  console.error(
    `Tidings needs Node.js ${range} (${recommended} LTS recommended: \`nvm install\` reads it from .nvmrc); ` +
      `this is Node.js ${process.versions.node}.`,
  );
  process.exit(1);
}
