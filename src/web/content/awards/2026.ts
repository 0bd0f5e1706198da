import { CURRENT_AWARDS_YEAR, YEARLY_AWARD_NAMES, nominationDeadlineText } from '../../../core/awards-programme';
import { chatLink, conference } from '../conference';

/** The current year's awards page (decision 0044): like the 2025 page, from data, with nominations online. */
export const awards2026 = {
  year: CURRENT_AWARDS_YEAR,
  title: `IMSE Awards ${CURRENT_AWARDS_YEAR}`,
  awards: [...YEARLY_AWARD_NAMES] as string[],
  deadline: nominationDeadlineText(CURRENT_AWARDS_YEAR),
  nominateHref: '/account/nominations',
};

/** The nomination procedure, online: the CV is uploaded with the form instead of mailed. */
export function onlineNominationProcedure(year: number): { text: string; link?: { href: string; label: string; external?: boolean } }[] {
  return [
    {
      text: 'Nominate yourself or a colleague online, with the nominee’s CV as a PDF and the award category.',
      link: { href: awards2026.nominateHref, label: 'Nominate online' },
    },
    { text: 'A panel of experts reviews and scores every nomination.' },
    { text: 'Selected nominees are notified by email within the week, with their award id.' },
    { text: `Nominations close and selected nominees register for the award ceremony by ${nominationDeadlineText(year)}.` },
    {
      text: `For any question, write to ${conference.contact.email} or contact us by messaging app.`,
      link: { href: chatLink, label: 'Chat with us', external: true },
    },
  ];
}
