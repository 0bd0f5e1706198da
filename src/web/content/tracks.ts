export interface Track { id: string; number: number; title: string; summary: string; topics: string[] }

export const callForPapersIntro = [
  'Authors are invited to submit original, unpublished research papers, review articles and case studies in the four tracks below. Every paper is peer reviewed; accepted and registered papers are presented at the conference, in person or online, and published in one of the publication options.',
  'The topics listed are indicative: papers on related subjects are welcome in the track closest to them.',
];

/** SPEC §2 call for papers: four tracks, each with a long list of real topics. */
export const tracks: Track[] = [
  {
    id: 'track-1', number: 1, title: 'Science and Materials',
    summary: 'Physics, chemistry and the engineering of materials, from the nanoscale to structures.',
    topics: [
      'Nanomaterials and nanotechnology', 'Composite materials', 'Biomaterials and biomedical devices',
      'Polymer science and engineering', 'Metallurgy and materials processing', 'Thin films and coatings',
      'Corrosion and surface engineering', 'Ceramics and glasses', 'Smart and functional materials',
      'Materials for batteries and supercapacitors', 'Photovoltaic and solar materials', 'Computational materials science',
      'Materials characterisation techniques', 'Green chemistry and sustainable materials', 'Applied physics and optics',
      'Environmental science and pollution control', 'Additive manufacturing', 'Tribology and lubrication',
    ],
  },
  {
    id: 'track-2', number: 2, title: 'Computer Science and Applications',
    summary: 'Computing theory, systems and their applications across industry and society.',
    topics: [
      'Artificial intelligence and machine learning', 'Deep learning and neural networks', 'Natural language processing',
      'Computer vision and image processing', 'Data science and big data analytics', 'Cloud, edge and fog computing',
      'Internet of things', 'Cybersecurity and cryptography', 'Blockchain and distributed ledgers',
      'Software engineering and DevOps', 'Human-computer interaction', 'Mobile and ubiquitous computing',
      'Wireless and sensor networks', 'Database systems and information retrieval', 'Quantum computing',
      'Bioinformatics and health informatics', 'E-learning technologies', 'Robotics and autonomous systems',
    ],
  },
  {
    id: 'track-3', number: 3, title: 'Electrical and Electronics Engineering',
    summary: 'Power, electronics, communication and control, from devices to grids.',
    topics: [
      'Power systems and smart grids', 'Renewable energy systems and grid integration', 'Power electronics and drives',
      'Electric vehicles and charging infrastructure', 'Control systems and automation', 'VLSI design and embedded systems',
      'Microelectronics and semiconductor devices', 'Signal processing', 'Communication systems, 5G and beyond',
      'Antennas, microwave and RF engineering', 'Instrumentation and measurement', 'Sensors, actuators and MEMS',
      'Digital system design with FPGAs', 'High-voltage engineering', 'Energy storage and battery management systems',
      'Biomedical electronics', 'Optoelectronics and photonics',
    ],
  },
  {
    id: 'track-4', number: 4, title: 'Management and Social Science',
    summary: 'Business, economics, education and society in a changing, digital world.',
    topics: [
      'Strategic management', 'Marketing and consumer behaviour', 'Human resource management',
      'Finance, accounting and banking', 'Entrepreneurship and innovation management', 'Supply chain and operations management',
      'Business analytics and decision sciences', 'Corporate governance and business ethics', 'Tourism and hospitality management',
      'Economics and public policy', 'Education and pedagogy', 'Sustainable development and corporate social responsibility',
      'Organisational behaviour', 'International business and trade', 'Digital transformation and e-commerce',
      'Psychology and sociology', 'Law, governance and human rights',
    ],
  },
];
