export const POPUP = 'popup.html';
export const OPTIONS = 'options.html';
export const ICON_SIZES = [16, 32, 48, 128] as const;

/**
 * The Manifest V3 description. Only what the extension uses: the tab it is opened on, a script to read that
 * tab's feed links, its own storage; the instance's origin is asked for at run time from the options page.
 */
export function manifest(version: string, description: string) {
  const icons = Object.fromEntries(ICON_SIZES.map((size) => [String(size), iconFile(size)]));
  return {
    manifest_version: 3,
    name: 'Tidings',
    version,
    description,
    icons,
    action: { default_title: 'Tidings', default_popup: POPUP, default_icon: icons },
    options_ui: { page: OPTIONS, open_in_tab: true },
    permissions: ['activeTab', 'scripting', 'storage'],
    optional_host_permissions: ['http://*/*', 'https://*/*'],
  };
}

export function iconFile(size: number): string {
  return `icons/icon-${size}.png`;
}
