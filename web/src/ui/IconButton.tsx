import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { buttonClass } from './button';

type Props = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** The accessible name; also shown as the tooltip, since the button shows only an icon. */
  label: string;
};

/** A button that shows only an icon and is named for screen readers and pointer users alike. */
export const IconButton = forwardRef<HTMLButtonElement, Props>(function IconButton({ label, className, title, ...props }, ref) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={title ?? label}
      className={buttonClass('ghost', 'icon', className)}
      {...props}
    />
  );
});
