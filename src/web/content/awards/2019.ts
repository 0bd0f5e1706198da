/** The 2019 awards page. Awardees are sample entries an organiser replaces. */
export const awards2019 = {
  year: 2019,
  title: 'IMSE Awards 2019',
  conferenceDates: '29-30 December 2019',
  nominationOpenUntil: '20 December 2019',
  categories: [
    'Best Researcher Award', 'Young Scientist Award', 'Outstanding Scientist Award', 'Excellence in Research Award',
    'Best Teacher Award', 'Lifetime Achievement Award', 'Distinguished Professor Award', 'Best Paper Award',
    'Best Innovator Award', 'Women Researcher Award', 'Best Faculty Award', 'Best Principal Award',
    'Best Director Award', 'Best Dean Award', 'Academic Excellence Award', 'Research Excellence Award in Engineering',
    'Research Excellence Award in Management', 'Research Excellence Award in Science', 'Best Ph.D. Thesis Award',
    'Best Young Researcher Award', 'Emerging Researcher Award', 'Best Entrepreneur Award', 'Innovative Technology Award',
    'Best Educational Institute Award', 'Best Start-up Award', 'Best Social Worker Award',
    'Outstanding Contribution to Education Award', 'Best Department Award', 'Best Research Supervisor Award',
    'Best Reviewer Award',
  ],
  rewards: [
    'Certificate of award in soft and hard copy',
    'Memento presented at the award ceremony',
    'Award listed on the conference website',
  ],
  nomination: [
    'Choose the award category that fits your profile.',
    'Email your CV and a one-page summary of your achievements with the category in the subject line.',
    'The awards committee reviews the nominations and informs the selected nominees by email.',
    'Selected nominees register for the award ceremony.',
  ],
  awardees: [
    { name: 'Awardee to be published (sample entry)', affiliation: 'A university in India', award: 'Best Researcher Award' },
    { name: 'Awardee to be published (sample entry)', affiliation: 'A university in Thailand', award: 'Young Scientist Award' },
    { name: 'Awardee to be published (sample entry)', affiliation: 'A research institute in India', award: 'Excellence in Research Award' },
    { name: 'Awardee to be published (sample entry)', affiliation: 'A college in India', award: 'Best Teacher Award' },
    { name: 'Awardee to be published (sample entry)', affiliation: 'A university in Malaysia', award: 'Women Researcher Award' },
  ],
};
