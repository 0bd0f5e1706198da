import type { ConferenceFacts } from '../../../core/conference-facts';
import { categoryLabeller } from '../shared/category-labels';
import type { AttendeeFilters } from '../../../core/schemas/attendee';
import type { Db } from '../../db/connect';
import { renderBadgesPdf } from '../../documents/badges-pdf';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { findOrganiser } from '../shared/organiser';
import { findAttendees } from './list-attendees';

export const NO_BADGES = 'No registration matches these filters: there are no badges to print';

/** Badges for the registrations matching the filters, by name (paid ones unless a status is chosen): one PDF, with the current facts' dates and the uploaded logo. */
export async function printBadges(opts: {
  db: Db;
  filters: AttendeeFilters;
  conference: ConferenceFacts;
  store?: FileStore;
}): Promise<Uint8Array> {
  const filters = { ...opts.filters, status: opts.filters.status ?? ('paid' as const) };
  const rows = await findAttendees({ db: opts.db, filters });
  if (rows.length === 0) throw new AppError('not_found', NO_BADGES);
  const logo = opts.store ? (await findOrganiser({ db: opts.db, store: opts.store })).logo : null;
  const label = await categoryLabeller(opts.db);
  return renderBadgesPdf(
    rows.map((r) => ({ name: r.name, affiliation: r.affiliation, category: label(r.category), code: r.code })),
    { conference: opts.conference, logo },
  );
}
