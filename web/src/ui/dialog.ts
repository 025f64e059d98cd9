/** The backdrop and the centred panel of the app's small dialogs (confirmations, rename). */
export const dialogOverlayClass = 'fixed inset-0 z-50 bg-black/40';
export const dialogPanelClass =
  'fixed left-1/2 top-1/2 z-50 w-[min(26rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line bg-surface p-6 shadow-card';
