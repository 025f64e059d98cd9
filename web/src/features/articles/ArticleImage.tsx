import { useState } from 'react';
import { cx } from '../../ui/cx';

/**
 * A row's picture: a fixed 4:3 box, so rows keep their height while it loads; lazy, decoded off the main
 * thread, sent without a referrer (feeds' hosts need not learn who reads), and gone when it fails to load.
 */
export function ArticleImage({ src, dimmed }: { src: string; dimmed: boolean }) {
  const [failed, setFailed] = useState(false);
  if (failed) return null;
  return (
    <div className="relative aspect-[4/3] w-20 shrink-0 overflow-hidden rounded-lg bg-sunken sm:w-28">
      <img
        src={src}
        alt=""
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className={cx('size-full object-cover transition-opacity', dimmed && 'opacity-70')}
      />
    </div>
  );
}
