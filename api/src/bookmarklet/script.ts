/**
 * What a bookmarklet made before its token moved out of the script's query string gets: a fixed text, nothing taken
 * from the request (its token is never looked at, so it travels no further).
 */
export const OUTDATED_BOOKMARKLET_SCRIPT = `alert(${JSON.stringify('This Tidings bookmarklet is out of date. Create a new one in Settings.')});\n`;

// `<` escaped so that no value can close a script element the text might be pasted into.
const jsLiteral = (value: string) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The page-side half of the Tidings window: a fixed frame in the top-right corner showing the instance's
 * /bookmarklet page for this page. The bookmarklet's token comes in the fragment of the script's own address
 * (`/bookmarklet.js#token=…`), which browsers never send, so it reaches no server log or proxy; it goes on to the
 * frame in a fragment too. Running it again closes the open window (the bookmark toggles); Escape on the page, or
 * the window's own Close (a message from the frame), removes it with its listeners. When the page's policy refuses
 * the frame (frame-src), it opens the same page in a popup instead.
 */
const OVERLAY = `function (origin) {
  var ID = 'tidings-bookmarklet';
  var script = document.currentScript;
  var token = script ? new URLSearchParams(script.src.split('#')[1] || '').get('token') : null;
  if (script) script.remove();
  if (!token) return;
  var open = document.getElementById(ID);
  if (open) {
    open.dispatchEvent(new Event('tidings-close'));
    return;
  }
  var src = origin + '/bookmarklet#token=' + encodeURIComponent(token) + '&url=' + encodeURIComponent(location.href) +
    '&title=' + encodeURIComponent(document.title);
  var box = document.createElement('div');
  box.id = ID;
  box.setAttribute('style', 'all:initial;position:fixed;top:16px;right:16px;z-index:2147483647;width:420px;height:640px;' +
    'max-width:calc(100vw - 32px);max-height:calc(100vh - 32px);border-radius:12px;overflow:hidden;background:#fff;' +
    'box-shadow:0 12px 40px rgba(0,0,0,.35)');
  var frame = document.createElement('iframe');
  frame.title = 'Tidings';
  frame.setAttribute('style', 'all:initial;display:block;width:100%;height:100%;border:0');
  frame.src = src;
  function remove() {
    box.remove();
    document.removeEventListener('keydown', onKey, true);
    document.removeEventListener('securitypolicyviolation', onRefused);
    window.removeEventListener('message', onMessage);
  }
  function onKey(event) {
    if (event.key === 'Escape') remove();
  }
  function onMessage(event) {
    if (event.origin === origin && event.source === frame.contentWindow && event.data === 'tidings:close') remove();
  }
  function onRefused(event) {
    if (String(event.blockedURI).indexOf(origin) !== 0 || !/^(frame|child|default)-src/.test(event.effectiveDirective)) return;
    remove();
    window.open(src, 'tidings', 'popup,width=460,height=700');
  }
  box.addEventListener('tidings-close', remove);
  document.addEventListener('keydown', onKey, true);
  document.addEventListener('securitypolicyviolation', onRefused);
  window.addEventListener('message', onMessage);
  box.appendChild(frame);
  (document.body || document.documentElement).appendChild(box);
  frame.focus();
}`;

/** The script every bookmarklet loads: the overlay, called with the instance's origin. */
export function bookmarkletScript(origin: string): string {
  return `(${OVERLAY})(${jsLiteral(origin)});\n`;
}
