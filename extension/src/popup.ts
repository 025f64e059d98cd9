import { SHARE_NOTE_MAX } from '@tidings/shared/limits';
import { articleLink, subscribeMessage, tidingsClient, type TidingsClient } from './api.ts';
import { feedLabel, mergeCandidates, type FeedCandidate } from './candidates.ts';
import { byId, showStatus } from './dom.ts';
import { feedLinksIn, type PageFeedLink } from './feedLinks.ts';
import { loadSettings, type Settings } from './settings.ts';

for (const id of ['open-options', 'configure']) {
  byId(id).addEventListener('click', () => void chrome.runtime.openOptionsPage());
}

void start();

async function start(): Promise<void> {
  const [settings, [tab]] = await Promise.all([loadSettings(), chrome.tabs.query({ active: true, currentWindow: true })]);
  if (!settings) {
    byId('not-configured').hidden = false;
    byId('configure').focus();
    return;
  }
  byId('configured').hidden = false;
  byId('account').textContent = `${settings.username ? `@${settings.username} on ` : ''}${new URL(settings.instance).host}`;
  const url = tab?.url ?? '';
  byId('page-title').textContent = tab?.title || url;
  byId('page-url').textContent = url;
  const client = tidingsClient(settings.instance, settings.token);
  setUpSharing(client, settings, url);
  await showFeeds(client, tab?.id, url);
}

/** Lists the page's own feed links and the server's detection together, each with a Subscribe button. */
async function showFeeds(client: TidingsClient, tabId: number | undefined, url: string): Promise<void> {
  const isWebPage = /^https?:\/\//.test(url);
  const [onPage, detected] = await Promise.all([
    isWebPage && tabId !== undefined ? pageFeedLinks(tabId) : [],
    isWebPage ? client.detectFeeds(url) : null,
  ]);
  const candidates = mergeCandidates(onPage, detected?.ok ? detected.value.feeds : []);
  const empty = byId('feeds-empty');
  if (candidates.length === 0) {
    empty.textContent = !isWebPage
      ? 'Feeds can only be found on web pages.'
      : detected && !detected.ok && detected.status === 401
        ? detected.message
        : 'No feeds found on this page.';
    return;
  }
  empty.hidden = true;
  byId('feeds').replaceChildren(...candidates.map((candidate) => feedItem(client, candidate)));
}

async function pageFeedLinks(tabId: number): Promise<PageFeedLink[]> {
  try {
    const [injection] = await chrome.scripting.executeScript({ target: { tabId }, func: feedLinksIn });
    return injection?.result ?? [];
  } catch {
    // Pages the browser keeps scripts out of (the Web Store, other extensions): the server's detection remains.
    return [];
  }
}

function feedItem(client: TidingsClient, candidate: FeedCandidate): HTMLLIElement {
  const item = document.createElement('li');
  const label = document.createElement('span');
  label.textContent = feedLabel(candidate);
  label.title = candidate.url;
  const button = document.createElement('button');
  button.type = 'button';
  const showSubscribed = () => {
    button.disabled = true;
    button.textContent = 'Subscribed';
    button.setAttribute('aria-label', `Subscribed to ${feedLabel(candidate)}`);
  };
  button.textContent = 'Subscribe';
  button.setAttribute('aria-label', `Subscribe to ${feedLabel(candidate)}`);
  if (candidate.subscribed) showSubscribed();
  button.addEventListener('click', async () => {
    const status = byId('feeds-status');
    button.disabled = true;
    showStatus(status, `Subscribing to ${feedLabel(candidate)}…`, 'pending');
    const outcome = await client.subscribe(candidate.url);
    const message = subscribeMessage(outcome, feedLabel(candidate));
    showStatus(status, message.text, message.ok ? 'ok' : 'error');
    if (outcome.ok) showSubscribed();
    else button.disabled = false;
  });
  item.append(label, button);
  return item;
}

function setUpSharing(client: TidingsClient, settings: Settings, url: string): void {
  const form = byId<HTMLFormElement>('share-form');
  const note = byId<HTMLTextAreaElement>('note');
  const count = byId('note-count');
  const button = byId<HTMLButtonElement>('share');
  const status = byId('share-status');
  note.maxLength = SHARE_NOTE_MAX;
  note.addEventListener('input', () => {
    count.textContent = `${note.value.length} / ${SHARE_NOTE_MAX}`;
  });
  if (!/^https?:\/\//.test(url)) {
    button.disabled = true;
    showStatus(status, 'Only web pages can be shared.', 'pending');
    return;
  }
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const isPublic = form.querySelector<HTMLInputElement>('input[name="visibility"]:checked')?.value === 'public';
    button.disabled = true;
    showStatus(status, 'Sharing…', 'pending');
    const outcome = await client.sharePage({ url, note: note.value.trim(), isPublic });
    if (!outcome.ok) {
      showStatus(status, outcome.message, 'error');
      button.disabled = false;
      return;
    }
    const link = document.createElement('a');
    link.href = articleLink(settings.instance, outcome.value.article.id);
    link.target = '_blank';
    link.rel = 'noopener';
    link.textContent = 'Open in Tidings';
    showStatus(status, 'Shared! ', 'ok');
    status.append(link);
    link.focus();
  });
}
