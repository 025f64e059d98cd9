import { cx } from '../../ui/cx';
import { READER_COLUMN } from './readerColumn';

const bar = 'rounded-md bg-sunken';
const lineWidths = ['w-full', 'w-[96%]', 'w-full', 'w-[88%]', 'w-[93%]', 'w-3/5'];

/** The reader's shape while its article loads: the bar, a title and a few lines, so the page does not jump. */
export function ReaderSkeleton() {
  return (
    <div role="status" aria-label="Loading article" className="animate-pulse">
      <div className="sticky top-14 z-20 border-b border-line bg-canvas lg:top-16">
        <div className={cx(READER_COLUMN, 'flex h-13 items-center gap-3')}>
          <span className={cx(bar, 'h-6 w-16')} />
          <span className={cx(bar, 'ml-auto h-6 w-24')} />
        </div>
      </div>
      <div className={cx(READER_COLUMN, 'pt-8 sm:pt-12')}>
        <span className={cx(bar, 'block h-3.5 w-28')} />
        <span className={cx(bar, 'mt-4 block h-8 w-[85%]')} />
        <span className={cx(bar, 'mt-2.5 block h-8 w-1/2')} />
        <span className={cx(bar, 'mt-5 block h-3.5 w-36')} />
        <div className="mt-10 space-y-3.5 border-t border-line pt-10">
          {lineWidths.map((width, index) => (
            <span key={index} className={cx(bar, 'block h-4', width)} />
          ))}
        </div>
      </div>
    </div>
  );
}
