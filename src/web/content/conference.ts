/**
 * The conference's facts, each in exactly one place. Dates are kept as the spec quotes them, even where
 * they disagree with each other: they are the organiser's to correct, here.
 * Contact values are samples (example.org) that an organiser replaces.
 */
export const conference = {
  shortName: 'IMSE 2025',
  title: '5th World Conference on Innovations in Management, Science and Engineering',
  heroDates: 'December 28-27 2023',
  submissionsPageDates: 'December 28-27, 2025',
  workshopDate: '30 December 2022',
  mode: 'HYBRID CONFERENCE',
  venue: {
    resort: 'Sample Beach Resort, Pattaya',
    city: 'Pattaya',
    country: 'Thailand',
    address: 'Sample Beach Resort, Beach Road, Pattaya, Chon Buri 20150, Thailand',
  },
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
  },
} as const;

export const chatLink = `https://wa.me/${conference.contact.phoneDigits}`;
