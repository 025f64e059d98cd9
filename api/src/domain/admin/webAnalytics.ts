import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Services } from '../core/services.ts';
import { ADMIN_LIST_SIZE, daysAgo } from './figures.ts';

export type WebAnalyticsFigures = {
  pageviews: number;
  uniqueVisitors: number;
  /** Share of visits that viewed one page only, in percent. */
  bounceRate: number;
  /** Seconds per visit. */
  averageVisitTime: number;
  topPages: { path: string; views: number }[];
  topEvents: { event: string; count: number }[];
};

// The admin panel waits for these figures: a dashboard that does not answer soon is left out, not waited for.
const TIMEOUT_MS = 3000;

// Umami 2 answers {value, prev} per figure; later versions a bare number. Both are read.
const figure = z.union([z.number(), z.object({ value: z.number() }).transform((f) => f.value)]).catch(0);
const stats = z.object({ pageviews: figure, visitors: figure, visits: figure, bounces: figure, totaltime: figure });
const metrics = z.array(z.object({ x: z.string().nullable(), y: z.number() }));

/**
 * The last 7 days' figures from the configured Umami instance's API (ANALYTICS_API_URL, ANALYTICS_WEBSITE_ID and
 * ANALYTICS_API_KEY), or null when its API is not configured or does not answer as expected: the Analytics tab then
 * shows the dashboard without figures. The API key is sent to Umami only.
 */
export async function webAnalyticsFigures(
  services: Services,
  analytics: NonNullable<Config['analytics']>,
): Promise<WebAnalyticsFigures | null> {
  const api = analytics.api;
  if (!api) return null;
  const now = new Date();
  const range = `startAt=${daysAgo(7, now).getTime()}&endAt=${now.getTime()}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  // Self-hosted Umami reads a bearer token, Umami Cloud an API key header.
  if (api.apiKey) Object.assign(headers, { authorization: `Bearer ${api.apiKey}`, 'x-umami-api-key': api.apiKey });
  const get = async (path: string) => {
    const response = await fetch(`${api.url}/websites/${encodeURIComponent(api.websiteId)}/${path}`, {
      headers,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`Umami answered ${response.status} for ${path.split('?')[0]}`);
    return response.json();
  };
  try {
    const [summary, pages, events] = await Promise.all([
      get(`stats?${range}`).then((body) => stats.parse(body)),
      get(`metrics?type=url&${range}`).then((body) => metrics.parse(body)),
      get(`metrics?type=event&${range}`).then((body) => metrics.parse(body)),
    ]);
    const visits = summary.visits || 0;
    return {
      pageviews: summary.pageviews,
      uniqueVisitors: summary.visitors,
      bounceRate: visits ? Math.round((Math.min(summary.bounces, visits) / visits) * 100) : 0,
      averageVisitTime: visits ? Math.round(summary.totaltime / visits) : 0,
      topPages: pages.slice(0, ADMIN_LIST_SIZE).map((page) => ({ path: page.x ?? '(none)', views: page.y })),
      topEvents: events.slice(0, ADMIN_LIST_SIZE).map((event) => ({ event: event.x ?? '(none)', count: event.y })),
    };
  } catch (error) {
    services.log.warn({ reason: error instanceof Error ? error.message : String(error) }, 'web-analytics figures could not be read');
    return null;
  }
}
