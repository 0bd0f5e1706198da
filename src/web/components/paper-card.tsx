import { Link } from 'react-router';
import type { PaperJson } from '../../core/schemas/paper';
import { formatDate } from '../lib/format';
import { PaperStateBadge, StatusBadge } from './status-badge';
import { buttonClass } from './ui/button';
import { Card } from './ui/card';

/**
 * One paper in a grid: title, id, track, tags, PDF link, status, date, and the actions of the screen. The status is the
 * paper's state in the reader's words (docs/product.md#statuses) unless the screen names another (a reviewer's own answer).
 */
export function PaperCard({ paper, status, to, actions }: { paper: PaperJson; status?: string; to?: string; actions?: React.ReactNode }) {
  return (
    <Card as="article" className="flex min-w-0 flex-col shadow-sm">
      <h2 className="text-lg font-semibold leading-snug text-brand-900">{paper.title}</h2>
      {paper.coAuthored ? (
        <p className="mt-1 w-fit rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-900">Co-authored</p>
      ) : null}
      <dl className="mt-3 space-y-1.5 text-sm text-slate-700">
        <div>
          <dt className="inline font-medium">Paper ID: </dt>
          <dd className="inline break-all font-mono text-xs">{paper._id}</dd>
        </div>
        {paper.track ? (
          <div>
            <dt className="inline font-medium">Track: </dt>
            <dd className="inline">{paper.track.name}</dd>
          </div>
        ) : null}
        <div>
          <dt className="inline font-medium">Tags: </dt>
          <dd className="inline">{paper.keywords.length ? paper.keywords.join(', ') : '—'}</dd>
        </div>
        <div>
          <dt className="inline font-medium">PDF: </dt>
          <dd className="inline">
            {paper.pdf ? (
              <a className="text-brand-700 underline" href={paper.pdf} target="_blank" rel="noopener noreferrer">
                Open PDF
              </a>
            ) : (
              'none'
            )}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">Status: </dt>
          <dd className="inline">{status === undefined ? <PaperStateBadge paper={paper} /> : <StatusBadge status={status} />}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Submitted: </dt>
          <dd className="inline">{formatDate(paper.submittedAt)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2 pt-1 sm:mt-auto">
        {to ? (
          <Link to={to} aria-label={`View More: ${paper.title}`} className={buttonClass({ size: 'sm' })}>
            View More
          </Link>
        ) : null}
        {actions}
      </div>
    </Card>
  );
}
