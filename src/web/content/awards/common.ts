import { chatLink, conference } from '../conference';

/** One line on each award; the Young Scientist rule is in docs/product.md#fees-and-fixed-figures. */
export const AWARD_DESCRIPTIONS: Record<string, string> = {
  'Best Researcher Award': 'For a researcher whose recent publications, projects and citations show sustained, high-quality research.',
  'Young Scientist Award': 'For a researcher aged at most 35, or a PhD, MPhil or Masters student, with promising research contributions.',
  'Outstanding Scientist Award': 'For a scientist whose work has made an outstanding contribution to their field.',
  'Excellence in Research Award': 'For an excellent body of research with measurable impact on science or society.',
  'Best Teacher Award': 'For a teacher whose teaching, mentoring and student results stand out.',
  'Lifetime Achievement Award': 'For a career of distinguished service to research, teaching or industry.',
  'Distinguished Professor Award': 'For a professor recognised for leadership in research and academic administration.',
  'Best Paper Award': 'For the best paper presented at the conference, chosen by the session chairs.',
  'Best Innovator Award': 'For an innovation, patent or product that solves a real problem.',
  'Women Researcher Award': 'For a woman researcher whose work and leadership inspire others.',
  'Best Faculty Award': 'For a faculty member excelling in teaching, research and service to the institution.',
  'Best Principal Award': 'For a principal who has raised the academic standards of their institution.',
  'Best Director Award': 'For a director whose leadership has advanced their institution or organisation.',
  'Best Dean Award': 'For a dean who has strengthened research and teaching in their faculty.',
  'Academic Excellence Award': 'For consistent excellence in academic work and results.',
  'Research Excellence Award in Engineering': 'For excellent research in any branch of engineering.',
  'Research Excellence Award in Management': 'For excellent research in management, commerce or economics.',
  'Research Excellence Award in Science': 'For excellent research in the physical, chemical or life sciences.',
  'Best Ph.D. Thesis Award': 'For a doctoral thesis of outstanding originality and quality, completed in the last three years.',
  'Best Young Researcher Award': 'For an early-career researcher with strong publications in the last five years.',
  'Emerging Researcher Award': 'For a researcher starting out whose first results show clear promise.',
  'Best Entrepreneur Award': 'For an entrepreneur who has built a successful venture from research or innovation.',
  'Innovative Technology Award': 'For a technology with a demonstrated benefit to industry or society.',
  'Best Educational Institute Award': 'For an institution with excellent teaching, research and student outcomes.',
  'Best Start-up Award': 'For a young company with an innovative product and clear growth.',
  'Best Social Worker Award': 'For a person whose work has improved the lives of a community.',
  'Outstanding Contribution to Education Award': 'For a lasting contribution to education, curricula or access to learning.',
  'Best Department Award': 'For an academic department with outstanding teaching and research.',
  'Best Research Supervisor Award': 'For a supervisor who has guided research students to successful results.',
  'Best Reviewer Award': 'For a reviewer whose reviews are thorough, timely and constructive.',
  'Best Industry Professional Award': 'For a professional whose work links industry and academia.',
  'Green Innovation Award': 'For an innovation that reduces environmental impact or saves energy.',
  'Research Leadership Award': 'For a leader who has built a strong research group or centre.',
};

/** The affiliation line of the yearly awards pages. */
export const AWARDS_AFFILIATION =
  'Organised by an enterprise registered under the Ministry of Micro, Small and Medium Enterprises (MSME), Government of India';

/** The rewards of the yearly awards. */
export const AWARD_REWARDS = [
  'Certificate in soft and hard copy, with a memento',
  'Online citation report',
  'Recognition on the conference’s social media',
  'Citation on research databases',
];

/** The registration deadline is 20 December of the award year (docs/product.md#fees-and-fixed-figures). */
export const registrationDeadline = (year: number) => `20 December ${year}`;

/** The nomination procedure of the yearly awards. */
export function nominationProcedure(year: number): { text: string; link?: { href: string; label: string } }[] {
  return [
    { text: `Email your CV, with the award category you are applying for, to ${conference.contact.email}.` },
    { text: 'A panel of experts reviews every nomination.' },
    { text: 'Selected nominees are notified by email within the week.' },
    { text: `Selected nominees register for the award ceremony by ${registrationDeadline(year)}.` },
    { text: 'For any question, contact us by messaging app.', link: { href: chatLink, label: 'Chat with us' } },
  ];
}

export const invitation = (year: number) =>
  `Nominations are invited from researchers, academicians, students and industry professionals for the ${year} awards, presented at the ${conference.title}. Nominate yourself or a colleague in one of the categories below.`;
