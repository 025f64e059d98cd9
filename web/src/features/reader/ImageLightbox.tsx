import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '../../ui/DialogCloseButton';

export type LightboxImage = { src: string; alt: string };

type Props = { image: LightboxImage | null; onClose: () => void };

/**
 * An article's image at full size over the reader (a tap on an image opens it): on Radix' dialog, so focus is
 * trapped and returned and Escape, the close button or a tap anywhere closes it.
 */
export function ImageLightbox({ image, onClose }: Props) {
  return (
    <Dialog.Root open={image !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/85" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-0 z-50 flex items-center justify-center p-3 outline-none sm:p-8"
          onClick={onClose}
        >
          <Dialog.Title className="sr-only">{image?.alt ? `Image: ${image.alt}` : 'Image'}</Dialog.Title>
          {image && <img src={image.src} alt={image.alt} className="max-h-full max-w-full rounded-lg object-contain shadow-card" />}
          <DialogCloseButton
            label="Close image"
            className="absolute right-3 top-3 bg-black/50 text-white hover:bg-black/70 hover:text-white"
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
