import { tidingsClient } from './api.ts';
import { byId, showStatus } from './dom.ts';
import { normaliseInstanceUrl } from './instanceUrl.ts';
import { loadSettings, saveSettings } from './settings.ts';

const form = byId<HTMLFormElement>('options-form');
const instanceInput = byId<HTMLInputElement>('instance');
const tokenInput = byId<HTMLInputElement>('token');
const saveButton = byId<HTMLButtonElement>('save');
const status = byId('status');

void loadSettings().then((settings) => {
  if (!settings) return;
  instanceInput.value = settings.instance;
  tokenInput.value = settings.token;
  if (settings.username) showStatus(status, `Connected as @${settings.username}`, 'ok');
});

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const instance = normaliseInstanceUrl(instanceInput.value);
  if (!instance.ok) {
    showStatus(status, instance.error, 'error');
    instanceInput.focus();
    return;
  }
  instanceInput.value = instance.origin;
  // Asked before any await: Chrome only shows the permission prompt while the click's user gesture lasts.
  const granted = chrome.permissions.request({ origins: [`${instance.origin}/*`] });
  void connect(instance.origin, tokenInput.value.trim(), granted);
});

async function connect(origin: string, token: string, granted: Promise<boolean>): Promise<void> {
  saveButton.disabled = true;
  showStatus(status, 'Connecting…', 'pending');
  try {
    if (!(await granted)) {
      showStatus(status, `The extension needs permission to talk to ${origin}.`, 'error');
      return;
    }
    const me = await tidingsClient(origin, token).me();
    if (!me.ok) {
      showStatus(status, me.message, 'error');
      return;
    }
    await saveSettings({ instance: origin, token, username: me.value.user.username });
    showStatus(status, `Connected as @${me.value.user.username}`, 'ok');
  } finally {
    saveButton.disabled = false;
  }
}
