import { ELECTRICAL_TOPICS, MANAGEMENT_TOPICS, SCIENCE_TOPICS } from '../../core/track-topics';

export interface Track {
  id: string;
  number: number;
  title: string;
  summary: string;
  topics: string[];
}

export const callForPapersIntro = [
  'Authors are invited to submit original, unpublished research papers, review articles and case studies in the four tracks below. Every paper is peer reviewed; accepted and registered papers are presented at the conference, in person or online, and published in one of the publication options.',
  'The topics listed are indicative: papers on related subjects are welcome in the track closest to them.',
];

/** The call for papers page: four tracks, each with a long list of real topics. */
export const tracks: Track[] = [
  {
    id: 'track-1',
    number: 1,
    title: 'Science and Materials',
    summary: 'Physics, chemistry and the engineering of materials, from the nanoscale to structures.',
    topics: [...SCIENCE_TOPICS],
  },
  {
    id: 'track-2',
    number: 2,
    title: 'Computer Science and Applications',
    summary: 'Computing theory, systems and their applications across industry and society.',
    topics: [
      'Artificial intelligence and machine learning',
      'Deep learning and neural networks',
      'Natural language processing',
      'Computer vision and image processing',
      'Data science and big data analytics',
      'Cloud, edge and fog computing',
      'Internet of things',
      'Cybersecurity and cryptography',
      'Blockchain and distributed ledgers',
      'Software engineering and DevOps',
      'Human-computer interaction',
      'Mobile and ubiquitous computing',
      'Wireless and sensor networks',
      'Database systems and information retrieval',
      'Quantum computing',
      'Bioinformatics and health informatics',
      'E-learning technologies',
      'Robotics and autonomous systems',
    ],
  },
  {
    id: 'track-3',
    number: 3,
    title: 'Electrical and Electronics Engineering',
    summary: 'Power, electronics, communication and control, from devices to grids.',
    topics: [...ELECTRICAL_TOPICS],
  },
  {
    id: 'track-4',
    number: 4,
    title: 'Management and Social Science',
    summary: 'Business, economics, education and society in a changing, digital world.',
    topics: [...MANAGEMENT_TOPICS],
  },
];
