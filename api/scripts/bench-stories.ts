// Story matching benchmark: runs sameStory (api/src/domain/stories) over the labelled set and prints precision and
// recall overall and per rule, the pairs it decides wrongly, how the text threshold trades one for the other, how
// many generated copies of each kind the band index finds (benchStories/bandRecall.ts), and what a decision and a key
// cost. Run: npm run bench:stories (no database; a few seconds). Fails (exit code 1) below
// precision 0.98 or recall 0.9, as labelledSet.test.ts does in CI.
//
// The labelled set (api/src/domain/stories/testdata/labelledPairs.json) is written by hand, in
// api/scripts/benchStories/*Cases.ts, and generated from there (npx tsx api/scripts/benchStories/writeLabelledPairs.ts):
// - fixtureCases: the publishers' feeds of api/src/ingest/testdata (news site, WordPress, Medium, Substack, Mastodon,
//   podcasts, YouTube, a comic) read through the real parse and normalise stages, each against the forms in which
//   another feed carries the same article (aggregators with utm_* tags, an AMP cache, FeedBurner with and without
//   origLink, a tag feed, a custom domain) and against a different article that looks alike;
// - addressCases: every address form (tracking parameters of newsletters, social sites and publishers, AMP suffixes,
//   parameters, hosts, Google's AMP cache and viewer, mobile hosts, schemes, ports, slashes, index pages, fragments,
//   parameter order) and addresses that name different articles (query ids, home pages, a blog index on every item);
// - guidCases: tag:, urn:uuid and bare UUID ids and permalink guids behind click-tracking links, and ids that are
//   only unique in their feed or given to every item;
// - wireCases and syndicationCases: agency stories (AP, Reuters, AFP, dpa in German, a Japanese agency) and
//   syndicated writing (Creative Commons republishing, cross-posts, press releases, a newspaper chain, a column,
//   mailing-list announcements) at several outlets with their own headlines, rewritten or local ledes, cut endings,
//   bylines and credit lines, excerpts; beside them the follow-ups, other agencies' own reports of the same event
//   and the agency's next story on the same template;
// - apartCases: what a person keeps apart although it looks alike — series on one template (`#12`/`#13`, episodes,
//   parts, versions, dated briefings and forecasts), the same title in another year or week, short generic titles,
//   follow-ups and corrections that repeat the story, texts too short to judge, shared openings, same-day templates;
// - lateCases: four cases written after the parameters were fixed. Their first run: three right, and one false
//   positive (two obituaries on one funeral home's template; the shared template outweighs the names), which is left
//   in the set and counted.
// Three pairs are one story that the data cannot show, counted as misses: a FeedBurner link without origLink whose
// guid is not a permalink and whose text is one sentence, a bridged social post of twelve words, and a republication
// nine days later (outside the 72-hour window). One more sits near the threshold: an excerpt against a copy with a
// rewritten lede (exact containment 0.76) whose MinHash estimate was 0.63 with an earlier shingle hash and is above
// 0.65 with this one; the estimate's noise decides such pairs. Ambiguous situations were left out rather than
// labelled: two people's posts quoting the same lede, an agency story's successive versions ("UPDATE 2-…") at two
// outlets, a translation.
//
// The rules' parameters were chosen with this set in view (containment rather than Jaccard similarity, 150 words,
// the calendar words of the series guard, mobile hosts, bare UUIDs): the figures are optimistic. When the threshold
// was chosen, before the late cases, the exact containment of the positives was at least 0.76 and that of the
// negatives no guard keeps apart at most 0.51; 0.65 sits mid-way, not at the edge of either. The sweep below shows
// 0.70 would also drop the obituary pair; the threshold was not moved for it.
import { bandRecall } from './benchStories/bandRecall.ts';
import { prepare, readLabelledSet, score, type ReadyPair, type Score } from './benchStories/labelledSet.ts';
import { canonicalAddress } from '../src/domain/stories/canonicalAddress.ts';
import { sameStory } from '../src/domain/stories/sameStory.ts';
import { storyKeys, type StoryCandidate } from '../src/domain/stories/storyCandidate.ts';
import { BAND_COUNT, LEDE_BAND_COUNT, OPENING_BAND_COUNT, TEXT_SIMILARITY_THRESHOLD, textKey } from '../src/domain/stories/textKey.ts';

const MIN_PRECISION = 0.98;
const MIN_RECALL = 0.9;

const print = (line = '') => console.log(line);
const percent = (value: number) => `${(value * 100).toFixed(1)} %`;

const set = readLabelledSet();
const { pairs, options } = prepare(set);
const result = score(pairs, options);

printSet(pairs);
printScore(result);
printMistakes(result);
printThresholds(pairs);
printBandRecall();
printCosts(pairs);

const passed = result.precision >= MIN_PRECISION && result.recall >= MIN_RECALL;
print();
print(
  `${passed ? 'PASS' : 'FAIL'}: precision ${percent(result.precision)} (≥ ${percent(MIN_PRECISION)}), recall ${percent(result.recall)} (≥ ${percent(MIN_RECALL)})`,
);
if (!passed) process.exitCode = 1;

function printSet(ready: ReadyPair[]): void {
  const kinds = new Map<string, { same: number; apart: number }>();
  for (const { pair } of ready) {
    const counts = kinds.get(pair.kind) ?? { same: 0, apart: 0 };
    counts[pair.same ? 'same' : 'apart']++;
    kinds.set(pair.kind, counts);
  }
  const positives = ready.filter(({ pair }) => pair.same).length;
  print(`Labelled set: ${ready.length} pairs, ${positives} one story, ${ready.length - positives} two stories; ${kinds.size} kinds`);
  for (const [kind, { same, apart }] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
    print(`  ${kind.padEnd(38)} ${String(same).padStart(3)} same ${String(apart).padStart(3)} apart`);
  }
}

function printScore(s: Score): void {
  print();
  print(
    `Overall: precision ${percent(s.precision)} (${s.truePositives}/${s.truePositives + s.falsePositives}), recall ${percent(s.recall)} (${s.truePositives}/${s.positives})`,
  );
  print('  rule      matched  right  precision   meant for  found  recall');
  for (const [rule, r] of Object.entries(s.byRule)) {
    print(
      `  ${rule.padEnd(9)} ${String(r.predicted).padStart(7)} ${String(r.correct).padStart(6)} ${percent(r.precision).padStart(10)}` +
        `   ${String(r.expected).padStart(9)} ${String(r.found).padStart(6)} ${percent(r.recall).padStart(7)}`,
    );
  }
  print('  (recall per rule: of the pairs meant for that rule, those found by any rule)');
}

function printMistakes(s: Score): void {
  print();
  print(`Decided wrongly (${s.mistakes.length}):`);
  for (const { pair, rule } of s.mistakes) {
    print(`  ${pair.same ? 'missed' : `merged by ${rule}`} [${pair.kind}] ${pair.a.title} / ${pair.b.title}`);
    print(`    ${pair.why}`);
  }
}

function printThresholds(ready: ReadyPair[]): void {
  print();
  print(`Text threshold (estimated containment; ${TEXT_SIMILARITY_THRESHOLD} is used):`);
  print('  threshold  precision  recall  text precision  text recall');
  for (const threshold of [0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85]) {
    const s = score(ready, { ...options, textSimilarityThreshold: threshold });
    const text = s.byRule.text;
    print(
      `  ${threshold.toFixed(2).padStart(9)}  ${percent(s.precision).padStart(9)}  ${percent(s.recall).padStart(6)}` +
        `  ${percent(text.precision).padStart(14)}  ${percent(text.recall).padStart(11)}`,
    );
  }
}

function printBandRecall(): void {
  const { copies, unrelatedSharedBands } = bandRecall();
  print();
  print(
    `Copies the band index finds (${BAND_COUNT} bands a key: ${OPENING_BAND_COUNT} of the opening, ${LEDE_BAND_COUNT} of the lede; 1,000 generated texts each):`,
  );
  print('  copy                                    found  judged the same story');
  for (const { copy, found, judged } of copies) print(`  ${copy.padEnd(38)} ${percent(found).padStart(7)}  ${percent(judged).padStart(7)}`);
  print(`  unrelated texts: ${unrelatedSharedBands.toFixed(2)} shared bands per text against 1,000 others`);
}

function printCosts(ready: ReadyPair[]): void {
  const candidates = ready.flatMap(({ a, b }) => [a, b]);
  const withText = candidates.filter((candidate) => candidate.text.length > 0);
  const addresses = candidates.map((candidate) => candidate.url).filter((url): url is string => url !== null);
  const keyed = ready.map(({ a, b }) => ({ a: withKeys(a), b: withKeys(b) }));
  print();
  print('Cost (median of 7 runs, this machine):');
  print(
    `  textKey                      ${microseconds(() => withText.forEach((c) => textKey(c)), withText.length)} per text (${withText.length} texts, up to 150 words)`,
  );
  print(
    `  canonicalAddress             ${microseconds(() => addresses.forEach((url) => canonicalAddress(url)), addresses.length)} per address`,
  );
  print(`  storyKeys (all three keys)   ${microseconds(() => candidates.forEach((c) => storyKeys(c)), candidates.length)} per article`);
  print(
    `  sameStory, keys stored       ${microseconds(() => keyed.forEach(({ a, b }) => sameStory(a, b, options)), keyed.length)} per pair`,
  );
  print(
    `  sameStory, keys computed     ${microseconds(() => ready.forEach(({ a, b }) => sameStory(a, b, options)), ready.length)} per pair`,
  );
}

function withKeys(candidate: StoryCandidate): StoryCandidate {
  return { ...candidate, keys: storyKeys(candidate) };
}

function microseconds(run: () => void, items: number): string {
  const rounds = Math.max(1, Math.ceil(20_000 / items));
  for (let i = 0; i < rounds; i++) run();
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const started = performance.now();
    for (let i = 0; i < rounds; i++) run();
    runs.push(((performance.now() - started) * 1000) / (rounds * items));
  }
  runs.sort((x, y) => x - y);
  return `${(runs[3] as number).toFixed(2).padStart(7)} µs`;
}
