import type { Config } from './config.ts';
import { IFRAME_HOSTS } from './feeds/sanitise.ts';

/**
 * The app's policy allows exactly what the sanitiser keeps: embeds from its iframe hosts, images and media over https
 * or through the media proxy ('self'), data: images (the app's own). With MEDIA_PROXY=off, http media load directly.
 * No inline script.
 */
export function appDirectives(config: Pick<Config, 'mediaProxy'>): Record<string, string[]> {
  const direct = config.mediaProxy === 'off' ? ['http:', 'https:'] : ['https:'];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", ...direct, 'data:'],
    mediaSrc: ["'self'", ...direct],
    frameSrc: IFRAME_HOSTS.map((host) => `https://${host}`),
    connectSrc: ["'self'"],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}
