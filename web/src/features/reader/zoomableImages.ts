import type { LightboxImage } from './ImageLightbox';

/** The article's images that are not links: they open full size on a tap, so the keyboard can reach them too. */
export function makeImagesZoomable(root: ParentNode): void {
  for (const image of root.querySelectorAll('img')) {
    if (image.closest('a[href]')) continue;
    image.setAttribute('tabindex', '0');
    image.setAttribute('role', 'button');
    image.setAttribute('aria-label', image.alt ? `${image.alt} (open full size)` : 'Open image full size');
    image.classList.add('zoomable');
  }
}

/** The image a click or Enter/Space on `target` asks to open full size, if any. */
export function zoomTarget(target: EventTarget | null): LightboxImage | null {
  if (!(target instanceof HTMLImageElement) || !target.classList.contains('zoomable')) return null;
  return { src: target.currentSrc || target.src, alt: target.alt };
}
