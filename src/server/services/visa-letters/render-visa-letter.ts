import type { ConferenceFacts } from '../../../core/conference-facts';
import { VERIFY_PAGE_PREFIX } from '../../../core/routes';
import { renderVisaLetterPdf } from '../../documents/visa-letter-pdf';
import { AppError } from '../../errors';
import type { Db } from '../../db/connect';
import type { FileStore } from '../../storage/file-store';
import { findOrganiser } from '../shared/organiser';
import { letterRole, type LetterRecord } from './visa-letter-json';

/** The approved letter as a PDF; 409 while it waits or after it was refused. */
export async function renderOwnVisaLetter(opts: {
  db: Db;
  store: FileStore;
  record: LetterRecord;
  publicUrl: string;
  conference: ConferenceFacts;
}): Promise<Uint8Array> {
  const { letter } = opts.record;
  if (letter.status !== 'approved' || !letter.code || !letter.decidedAt) {
    throw new AppError(
      'conflict',
      letter.status === 'rejected'
        ? 'This request was not approved: there is no letter.'
        : 'The editors have not approved this letter yet.',
    );
  }
  return renderVisaLetterPdf({
    passportName: letter.passportName,
    nationality: letter.nationality,
    passportNumber: letter.passportNumber,
    arrivalDate: letter.arrivalDate,
    departureDate: letter.departureDate,
    role: letterRole(opts.record),
    code: letter.code,
    verifyUrl: `${opts.publicUrl}${VERIFY_PAGE_PREFIX}${letter.code}`,
    issuedAt: letter.decidedAt,
    organiser: await findOrganiser({ db: opts.db, store: opts.store }),
    conference: opts.conference,
  });
}
