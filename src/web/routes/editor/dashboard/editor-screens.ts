import { FIRST_STEP_PHASES } from '../../../../core/schemas/first-steps';

/** A heading of the dashboard's screens: the phases of an edition, then what the editor uses every day. */
export type ScreenGroup = (typeof FIRST_STEP_PHASES)[number] | 'Every day';

/**
 * The editor's screens under the phase they serve (docs/product.md#the-editors-first-steps), each [route, button text];
 * the texts are the ones the dashboard always had.
 */
export const SCREEN_GROUPS: Array<{ heading: ScreenGroup; links: Array<[string, string]> }> = [
  {
    heading: 'Before submissions',
    links: [
      ['/editor/conference', 'Conference'],
      ['/editor/tracks', 'Tracks'],
      ['/editor/review-form', 'Review form'],
      ['/editor/settings', 'Settings'],
      ['/editor/mail-templates', 'Mail templates'],
      ['/editor/pricing', 'Pricing'],
      ['/editor/workshops', 'Workshops'],
    ],
  },
  {
    heading: 'Reviewing',
    links: [
      ['/editor/assign', 'Automatic assignment'],
      ['/editor/reviewers', 'Reviewers'],
      ['/editor/missing-reviews', 'Missing reviews'],
    ],
  },
  { heading: 'Decisions', links: [['/editor/decisions', 'Decisions']] },
  {
    heading: 'Programme & proceedings',
    links: [
      ['/editor/program', 'Programme'],
      ['/keynote-admin', 'Keynote admin'],
      ['/editor/site', 'Site: pages, news, committee & sponsors'],
    ],
  },
  {
    heading: 'Registration & the event',
    links: [
      ['/editor/registrations/new', 'Register someone'],
      ['/editor/attendees', 'Attendees'],
      ['/editor/check-in', 'Check-in'],
      ['/editor/visa-letters', 'Visa letters'],
      ['/editor/payments', 'Payments'],
      ['/award-panel', 'Award panel'],
    ],
  },
  {
    heading: 'Every day',
    links: [
      ['/editor/messages', 'Messages'],
      ['/editor/bulk-mail', 'Mail to a group'],
      ['/editor/audit', 'Audit log'],
      ['/editor/retention', 'Data retention'],
      ['/editor/security', 'Security'],
      ['/editor/exports', 'Exports'],
      // The series (decision 0060): every edition, and opening the next once this one is over.
      ['/editor/editions', 'Editions'],
    ],
  },
];

/** What a track chair may use of the screens above (the server refuses them the rest: decision 0023). */
export const CHAIR_MAY = new Set([
  '/editor/decisions',
  '/editor/assign',
  '/editor/missing-reviews',
  '/editor/exports',
  '/editor/bulk-mail',
]);

/** The groups a caller sees: a chair's only the screens they may use, and no empty heading. */
export const screenGroupsFor = (chair: boolean) =>
  SCREEN_GROUPS.map((g) => ({ ...g, links: chair ? g.links.filter(([to]) => CHAIR_MAY.has(to)) : g.links })).filter(
    (g) => g.links.length > 0,
  );
