import { parse } from 'graphql';
import { readFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { operationCost } from './src/graphql/queryCost.ts';
const files = execSync('grep -l "\\"text\\"" -r web/src --include=*.graphql.ts').toString().trim().split('\n');
for (const f of files) {
  const src = readFileSync(f, 'utf8');
  const m = src.match(/"text": "((?:[^"\\]|\\.)*)"/);
  if (!m) continue;
  const text = JSON.parse('"' + m[1] + '"');
  const vars = { first: 30, commentsFirst: 30, sharesFirst: 100 };
  console.log(Math.round(operationCost(parse(text), null, vars)), f.split('/').pop());
}
