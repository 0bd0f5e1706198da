/** The call for papers' own topic lists of the three tracks beyond computing (decision 0023); the public page shows them too. */

export const SCIENCE_TOPICS: readonly string[] = [
  'Nanomaterials and nanotechnology', 'Composite materials', 'Biomaterials and biomedical devices',
  'Polymer science and engineering', 'Metallurgy and materials processing', 'Thin films and coatings',
  'Corrosion and surface engineering', 'Ceramics and glasses', 'Smart and functional materials',
  'Materials for batteries and supercapacitors', 'Photovoltaic and solar materials', 'Computational materials science',
  'Materials characterisation techniques', 'Green chemistry and sustainable materials', 'Applied physics and optics',
  'Environmental science and pollution control', 'Additive manufacturing', 'Tribology and lubrication',
];

export const ELECTRICAL_TOPICS: readonly string[] = [
  'Power systems and smart grids', 'Renewable energy systems and grid integration', 'Power electronics and drives',
  'Electric vehicles and charging infrastructure', 'Control systems and automation', 'VLSI design and embedded systems',
  'Microelectronics and semiconductor devices', 'Signal processing', 'Communication systems, 5G and beyond',
  'Antennas, microwave and RF engineering', 'Instrumentation and measurement', 'Sensors, actuators and MEMS',
  'Digital system design with FPGAs', 'High-voltage engineering', 'Energy storage and battery management systems',
  'Biomedical electronics', 'Optoelectronics and photonics',
];

export const MANAGEMENT_TOPICS: readonly string[] = [
  'Strategic management', 'Marketing and consumer behaviour', 'Human resource management',
  'Finance, accounting and banking', 'Entrepreneurship and innovation management', 'Supply chain and operations management',
  'Business analytics and decision sciences', 'Corporate governance and business ethics', 'Tourism and hospitality management',
  'Economics and public policy', 'Education and pedagogy', 'Sustainable development and corporate social responsibility',
  'Organisational behaviour', 'International business and trade', 'Digital transformation and e-commerce',
  'Psychology and sociology', 'Law, governance and human rights',
];
