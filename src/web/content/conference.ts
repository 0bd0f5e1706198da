import { CONFERENCE_DATES, CONFERENCE_TITLE, CONFERENCE_VENUE } from '../../core/conference';

/**
 * The conference's facts, each in exactly one place. Dates are kept as the spec quotes them, even where
 * they disagree with each other: they are the organiser's to correct, here.
 * Contact values are samples (example.org) that an organiser replaces.
 */
export const conference = {
  shortName: 'IMSE 2025',
  title: CONFERENCE_TITLE,
  heroDates: 'December 28-27 2023',
  /** The hero dates read as ISO dates, for search engines (schema.org Event): keep in step with heroDates. */
  heroDatesIso: CONFERENCE_DATES,
  submissionsPageDates: 'December 28-27, 2025',
  workshopDate: '30 December 2022',
  mode: 'HYBRID CONFERENCE',
  venue: CONFERENCE_VENUE,
  expectedParticipants: 'more than 500',
  siteUrl: 'https://conference.example.org',
  contact: {
    phone: '+66 00 000 0000',
    /** Digits only, for the chat link. */
    phoneDigits: '66000000000',
    email: 'info@conference.example.org',
    generalChair: 'General Chair (sample entry), Department of Engineering, a Thai university',
  },
  links: {
    journal: 'https://journal.example.org',
    social: 'https://social.example.org/imse-conference',
    /** The paper template authors download (a placeholder the organiser replaces). */
    paperTemplate: '/templates/imse-paper-template.rtf',
  },
} as const;

export const chatLink = `https://wa.me/${conference.contact.phoneDigits}`;
export const mailLink = `mailto:${conference.contact.email}`;
export const phoneLink = `tel:+${conference.contact.phoneDigits}`;

/** SPEC §9, as quoted (stale: the organiser corrects them here). */
export const importantDates = [
  { label: 'Final paper submission', date: '31 October 2023' },
  { label: 'Acceptance notification', date: '15 November 2023' },
  { label: 'CRC and registration', date: '30 November 2023' },
] as const;

/** SPEC §9: the two publication options shown on the home and submissions pages. */
export const publicationOptions = [
  {
    id: 'option-1',
    label: 'Option 1',
    title: 'Scopus-indexed book chapter',
    status: 'Awaiting approval',
    detail: 'Selected, registered and presented papers are published as chapters of an edited book submitted for Scopus indexing.',
    indexedIn: [] as string[],
  },
  {
    id: 'option-2',
    label: 'Option 2',
    title: 'Non-Scopus indexed journals',
    status: undefined,
    detail: 'International Journal of Innovations in Management, Science and Engineering.',
    indexedIn: ['Crossref', 'Google Scholar', 'Research Gate'],
  },
] as const;

/** SPEC §9: publication after the conference, at most. */
export const publicationTimelines = [
  { index: 'SCOPUS', time: 'at most 6 months' },
  { index: 'SCI', time: 'at most 9 months' },
  { index: 'non-SCOPUS', time: '3-6 months' },
] as const;

export const PRESENTATION_MINUTES = '8-10';
