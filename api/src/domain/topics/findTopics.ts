import { termCounts } from './keywords.ts';

/** One article as topic finding sees it: `text` may be HTML (it is stripped). */
export type TopicArticle = { id: string; title: string; text: string };

/** A group of articles about the same thing, named by its strongest keywords. */
export type Topic = { label: string; keywords: string[]; articleIds: string[] };

export type TopicOptions = {
  /** Fewer articles than this is no topic (default 2: a topic connects articles). */
  minArticles?: number;
  /** At most this many topics, the largest first (default 10). */
  maxTopics?: number;
};

/**
 * How alike two groups must be to merge (cosine of their TF-IDF centroids). Tuned on the fixture week: lower and
 * unrelated articles sharing one common word merge; higher and articles on one subject with different wording stay apart.
 */
const MERGE_THRESHOLD = 0.2;
const KEYWORDS_PER_TOPIC = 5;
const LABEL_KEYWORDS = 2;

type Vector = Map<string, number>;
type Cluster = { members: number[]; sum: Vector; norm: number };

/**
 * The topics of a set of articles, found on the instance without any outside service: each article becomes a
 * TF-IDF vector of its title and text words (English stop words out, title words weighted up, only words two or more
 * articles share), then groups merge greedily, most alike first (average linkage on centroids), while their
 * similarity is at least MERGE_THRESHOLD. Deterministic: the same articles, in any order, give the same topics.
 */
export function findTopics(articles: TopicArticle[], options: TopicOptions = {}): Topic[] {
  const { minArticles = 2, maxTopics = 10 } = options;
  const sorted = [...new Map(articles.map((article) => [article.id, article])).values()].sort((a, b) => compare(a.id, b.id));
  const written = new Map<string, Map<string, number>>();
  const vectors = tfidfVectors(sorted.map((article) => termCounts(article.title, article.text, written)));
  const clusters = mergeSimilar(vectors.map((vector, index) => ({ members: [index], sum: vector, norm: normOf(vector) })));
  return clusters
    .filter((cluster) => cluster.members.length >= Math.max(1, minArticles) && cluster.sum.size > 0)
    .map((cluster) => toTopic(cluster, vectors, sorted, (term) => mostWritten(written.get(term)!)))
    .sort((a, b) => b.articleIds.length - a.articleIds.length || compare(a.label, b.label))
    .slice(0, maxTopics);
}

function tfidfVectors(counts: Map<string, number>[]): Vector[] {
  const documentFrequency = new Map<string, number>();
  for (const terms of counts) for (const term of terms.keys()) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
  const total = counts.length;
  return counts.map((terms) => {
    const vector: Vector = new Map();
    for (const [term, count] of terms) {
      const frequency = documentFrequency.get(term)!;
      // A word no other article has cannot connect articles; it would only dilute the similarity.
      if (frequency < 2) continue;
      vector.set(term, (1 + Math.log(count)) * Math.log(1 + total / frequency));
    }
    const norm = normOf(vector);
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    return vector;
  });
}

function mergeSimilar(clusters: Cluster[]): Cluster[] {
  const alive = clusters.map(() => true);
  const similarity = clusters.map((a, i) => clusters.map((b, j) => (j > i ? cosine(a, b) : 0)));
  for (;;) {
    let best = { i: -1, j: -1, value: MERGE_THRESHOLD };
    for (let i = 0; i < clusters.length; i++) {
      if (!alive[i]) continue;
      for (let j = i + 1; j < clusters.length; j++) {
        // Strictly greater: on a tie the earlier pair (by article id) merges first, so the result is deterministic.
        if (alive[j] && similarity[i]![j]! > best.value) best = { i, j, value: similarity[i]![j]! };
      }
    }
    if (best.i < 0) break;
    const merged = mergeInto(clusters[best.i]!, clusters[best.j]!);
    clusters[best.i] = merged;
    alive[best.j] = false;
    for (let k = 0; k < clusters.length; k++) {
      if (!alive[k] || k === best.i) continue;
      const value = cosine(merged, clusters[k]!);
      if (k < best.i) similarity[k]![best.i] = value;
      else similarity[best.i]![k] = value;
    }
  }
  return clusters.filter((_cluster, index) => alive[index]);
}

function mergeInto(a: Cluster, b: Cluster): Cluster {
  const sum: Vector = new Map(a.sum);
  for (const [term, weight] of b.sum) sum.set(term, (sum.get(term) ?? 0) + weight);
  return { members: [...a.members, ...b.members].sort((x, y) => x - y), sum, norm: normOf(sum) };
}

function toTopic(cluster: Cluster, vectors: Vector[], articles: TopicArticle[], shown: (term: string) => string): Topic {
  // A keyword of a topic of several articles is one at least two of them share: it says what connects them.
  const shared = (term: string) => cluster.members.length < 2 || cluster.members.filter((index) => vectors[index]!.has(term)).length >= 2;
  const keywords = [...cluster.sum]
    .filter(([term]) => shared(term))
    .sort(([termA, a], [termB, b]) => b - a || compare(termA, termB))
    .slice(0, KEYWORDS_PER_TOPIC)
    .map(([term]) => shown(term));
  const label = keywords
    .slice(0, LABEL_KEYWORDS)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' & ');
  return { label, keywords, articleIds: cluster.members.map((index) => articles[index]!.id) };
}

// Plural folding is for counting only: a keyword is shown as the articles wrote it most ("mars", not "mar").
function mostWritten(forms: Map<string, number>): string {
  return [...forms].sort(([formA, a], [formB, b]) => b - a || compare(formA, formB))[0]![0];
}

function cosine(a: Cluster, b: Cluster): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  const [small, large] = a.sum.size <= b.sum.size ? [a.sum, b.sum] : [b.sum, a.sum];
  let dot = 0;
  for (const [term, weight] of small) dot += weight * (large.get(term) ?? 0);
  return dot / (a.norm * b.norm);
}

function normOf(vector: Vector): number {
  let squares = 0;
  for (const weight of vector.values()) squares += weight * weight;
  return Math.sqrt(squares);
}

// Code-point order, not the locale's: the same on every machine.
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
