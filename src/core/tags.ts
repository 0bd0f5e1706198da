/** The 50 topics (docs/product.md#the-data), identical for reviewer signup and paper submission, in their original order. */
export const TAGS = [
  'AI', 'Machine Learning', 'Deep Learning', 'NLP', 'Data Science', 'IoT', 'Cybersecurity', 'Blockchain',
  'Cloud Computing', 'Big Data', 'Computer Vision', 'Robotics', 'Embedded Systems', 'Software Engineering',
  'Web Development', 'Mobile Computing', 'Image Processing', 'Neural Networks', 'Fuzzy Logic',
  'Quantum Computing', 'Bioinformatics', 'AR/VR', 'Digital Signal Processing', 'Wireless Networks',
  '5G Technology', 'Data Mining', 'Natural Language Generation', 'Ethical AI', 'Edge Computing',
  'Autonomous Vehicles', 'Smart Cities', 'Sustainable Computing', 'Reinforcement Learning', 'GPU Computing',
  'Operating Systems', 'Compiler Design', 'Cyber Law', 'HCI', 'Game Development', 'Distributed Systems',
  'E-Learning', 'Information Retrieval', 'Database Systems', 'Data Structures', 'Algorithms',
  'Pattern Recognition', 'Knowledge Representation', 'Semantic Web', 'Virtual Reality', 'Speech Recognition',
] as const;

export type Tag = (typeof TAGS)[number];

const TAG_SET: ReadonlySet<string> = new Set(TAGS);

export function isTag(value: string): value is Tag {
  return TAG_SET.has(value);
}
