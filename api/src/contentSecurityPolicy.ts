import type { Config } from './config.ts';
import { IFRAME_HOSTS } from './ingest/sanitise.ts';

/**
 * The app's policy allows exactly what the sanitiser keeps: embeds from its iframe hosts, images and media over https
 * or through the media proxy ('self'), data: images (the app's own). With MEDIA_PROXY=off, http media load directly.
 * No inline script. The admin panel's web-analytics dashboard (ANALYTICS_URL) may be framed only when one is configured.
 */
export function appDirectives(config: Pick<Config, 'mediaProxy' | 'analytics'>): Record<string, string[]> {
  const direct = config.mediaProxy === 'off' ? ['http:', 'https:'] : ['https:'];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", ...direct, 'data:'],
    mediaSrc: ["'self'", ...direct],
    frameSrc: [
      ...IFRAME_HOSTS.map((host) => `https://${host}`),
      ...(config.analytics ? [new URL(config.analytics.dashboardUrl).origin] : []),
    ],
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

/**
 * Powerful browser features no page of the app uses, denied to the app and to every frame in it (a feed's embed, the
 * analytics dashboard). What the app does use keeps the browser's default: clipboard writes (copy buttons), fullscreen
 * (video embeds carry allowfullscreen), autoplay, picture-in-picture and encrypted media (video embeds). Only features
 * Chromium knows are named: it reports an unknown one as an error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'browsing-topics',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-create',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  // Reading the clipboard stays the app's own (behind the browser's prompt), never a frame's.
  .concat('clipboard-read=(self)')
  .join(', ');
