// Copies the files the server reads next to its own modules (GraphiQL's start script, the curated starter
// packs) from src/ into the compiled dist/, which tsc leaves out because nothing imports them.
import { cpSync } from 'node:fs';

const src = new URL('../src/', import.meta.url);
const dist = new URL('../dist/', import.meta.url);
const ASSETS = ['graphql/graphiql/assets/', 'starterPacks/starterPacks.json'];

for (const asset of ASSETS) cpSync(new URL(asset, src), new URL(asset, dist), { recursive: true });
