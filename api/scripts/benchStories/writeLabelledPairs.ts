// Writes the labelled set to api/src/domain/stories/testdata/labelledPairs.json.
// Run: npx tsx api/scripts/benchStories/writeLabelledPairs.ts
import { writeFileSync } from 'node:fs';
import { buildLabelledSet } from './buildLabelledSet.ts';
import { LABELLED_PAIRS_FILE } from './labelledSet.ts';

const set = buildLabelledSet();
writeFileSync(LABELLED_PAIRS_FILE, `${JSON.stringify(set, null, 2)}\n`);
console.log(`${set.pairs.length} pairs (${set.pairs.filter((p) => p.same).length} one story) → ${LABELLED_PAIRS_FILE.pathname}`);
