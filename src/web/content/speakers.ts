/**
 * The keynote page: seven speakers. No real speaker is named yet, so each is a clearly marked sample entry with an
 * initials avatar; the organiser replaces name, title, affiliation, biography and adds a photo.
 */
export interface Speaker {
  /** Also the speaker's row in keynote_speakers, which migration 0013 seeds from this list (decision 0026). */
  id: string;
  name: string;
  /** Position or title. */
  title: string;
  affiliation: string;
  /** Shown in the avatar when there is no photo. */
  initials: string;
  photo?: string;
  biography: string[];
}

const sample = (n: number, field: string, initials: string, focus: string): Speaker => ({
  id: `5eed${String(n).padStart(20, '0')}`,
  name: 'Keynote speaker to be announced',
  title: `Keynote ${n}: ${field}`,
  affiliation: 'Affiliation to be announced (sample entry)',
  initials,
  biography: [
    `This is a sample entry. The keynote speaker for ${field.toLowerCase()} will be announced here, with a photo and a full biography, once confirmed by the steering committee.`,
    `The keynote will address ${focus}, followed by questions from delegates in the hall and online.`,
  ],
});

export const speakers: Speaker[] = [
  sample(1, 'Advanced Materials', 'AM', 'recent advances in functional and sustainable materials'),
  sample(2, 'Artificial Intelligence', 'AI', 'how machine learning is changing research and industry'),
  sample(3, 'Smart Energy Systems', 'SE', 'renewable energy, storage and the smart grid'),
  sample(4, 'Electronics and Communication', 'EC', 'embedded electronics and next-generation communication'),
  sample(5, 'Innovation Management', 'IM', 'managing innovation and entrepreneurship in emerging economies'),
  sample(6, 'Sustainable Development', 'SD', 'science and engineering for the sustainable development goals'),
  sample(7, 'Education and Society', 'ES', 'digital transformation of higher education and society'),
];

export const keynoteIntro =
  'Leading researchers and practitioners open each day of the conference with a keynote lecture. Select Read More for a speaker\u2019s biography.';
