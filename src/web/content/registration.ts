import { PAGES_COVERED, PLAGIARISM_LIMIT_PERCENT } from '../../core/fees';
import { publicationTimelines } from './conference';

export const registrationIntro =
  'Registration fees are in US dollars; payers in India may pay the equivalent in Indian rupees. Register after your paper is accepted, then pay online below.';

/** What the registration fee includes. */
export const feeIncludes = [
  'Admission to all sessions, keynote lectures and the opening and closing ceremonies',
  'Presentation of one paper, in person or online',
  'Publication of the paper in the chosen option, subject to review and acceptance',
  `Publication of ${PAGES_COVERED} pages; extra pages are charged per page, as in the fee tables above`,
  'Certificate of presentation, in soft and hard copy',
  'Conference kit, lunch and refreshments on the conference day (in-person delegates)',
];

export const registrationNotes = [
  'The registration fee is non-refundable.',
  `Plagiarism must be at most ${PLAGIARISM_LIMIT_PERCENT} %; papers above this limit are not published.`,
  'At least one author of each accepted paper must register to ensure publication.',
  ...publicationTimelines.map((t) => `Publication after the conference in ${t.index} takes ${t.time}.`),
  'Accompanying persons may attend all sessions but do not present a paper.',
];
