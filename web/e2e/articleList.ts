/** Helpers of the article list journeys (articles*.spec.ts). */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSubscribe, type FeedSite } from './feedSite.ts';
import { registerUser } from './users.ts';

/** A new user subscribed to the fixture site's news feed with `count` items: News 1 (oldest) to News {count}. */
export async function newsReader(request: APIRequestContext, feedSite: FeedSite, count: number, prefix = 'reader') {
  const user = await registerUser(request, prefix);
  feedSite.publish(count);
  await apiSubscribe(request, user.token, feedSite.url('news.xml'));
  return user;
}

/** The row of the article with this title. */
export const articleRow = (page: Page, title: string) => page.getByRole('article', { name: title, exact: true });

/** The rows of the list, in order. */
export const articleRows = (page: Page) => page.getByRole('list', { name: 'Articles' }).getByRole('article');

/** The count line under the title ('N unread articles'). */
export const countLine = (page: Page) => page.getByText(/^\d[\d,]* (unread |liked |starred )?articles?$/);

/** Pictures the fixture feeds point at (cdn.example.com) are answered with a drawn one; `missing` paths fail. */
export async function serveFeedImages(page: Page, missing: RegExp) {
  const picture =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
    '<stop offset="0" stop-color="#2f7d74"/><stop offset="1" stop-color="#e7c36a"/></linearGradient></defs>' +
    '<rect width="400" height="300" fill="url(#g)"/><circle cx="300" cy="90" r="40" fill="#fff" opacity=".6"/></svg>';
  await page.route('https://cdn.example.com/**', (route) =>
    missing.test(route.request().url())
      ? route.fulfill({ status: 404, body: 'gone' })
      : route.fulfill({ status: 200, contentType: 'image/svg+xml', body: picture }),
  );
}
