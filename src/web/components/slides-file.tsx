import type { PaperSlidesJson } from '../../core/schemas/proceedings';
import { formatDateTime, formatSize } from '../lib/format';

/** A paper's slides as one line (decision 0066): the file's link, its size and when it was uploaded, then `after`. */
export function SlidesFile({ slides, after = '' }: { slides: PaperSlidesJson; after?: string }) {
  return (
    <p className="text-slate-800">
      <a href={slides.url} className="font-semibold text-brand-700 underline">
        {slides.fileName}
      </a>{' '}
      ({formatSize(slides.size)}), uploaded{' '}
      <time dateTime={slides.uploadedAt} className="font-semibold">
        {formatDateTime(slides.uploadedAt)}
      </time>
      {after}
    </p>
  );
}
