import { formatMoney } from '../../core/format';
import { inCurrency } from '../../core/registration';
import { findWorkshopCourse } from '../../core/workshop-courses';
import { conference } from './conference';

/** A course card and its syllabus; the title, seats and fee come from core/workshop-courses.ts (written once). */
export interface Course {
  id: string;
  title: string;
  short: string;
  summary: string;
  syllabus: string[];
  seats: number;
  fee: string;
}

/** The page's words for a course, joined to the course's data in core. */
const course = (id: string, words: Pick<Course, 'short' | 'summary' | 'syllabus'>): Course => {
  const data = findWorkshopCourse(id);
  if (!data) throw new Error(`No workshop course ${id} in core/workshop-courses.ts`);
  return {
    id,
    title: data.title,
    seats: data.seats,
    ...words,
    fee: `${formatMoney(data.feeUsdMinor, 'USD')} (${formatMoney(inCurrency(data.feeUsdMinor, 'INR'), 'INR')})`,
  };
};

export const workshopIntro = `Hands-on technical workshops run alongside the conference on ${conference.workshopDate}, in person at the venue and online. Each course is taught by practising engineers with exercises participants complete during the session.`;

/** The technical workshop page: four courses, each with its syllabus. */
export const courses: Course[] = [
  course('embedded-systems', {
    short: 'Microcontrollers, peripherals and real-time firmware.',
    summary: 'From a bare microcontroller to a working device: programming, peripherals and real-time design.',
    syllabus: [
      'Microcontroller architecture: ARM Cortex-M and AVR',
      'Embedded C: registers, bit manipulation and memory',
      'GPIO, timers, interrupts and PWM',
      'Serial interfaces: UART, SPI and I2C',
      'Analogue inputs: ADC and sensors',
      'Real-time operating systems: tasks, queues and scheduling',
      'Debugging and low-power design',
      'Mini project: a sensor data logger',
    ],
  }),
  course('internet-of-things', {
    short: 'Sensors to cloud: protocols, platforms and security.',
    summary: 'Build a connected system end to end, from sensor node to cloud dashboard.',
    syllabus: [
      'IoT architecture and reference models',
      'Sensor nodes with ESP32 and Raspberry Pi',
      'Wireless links: Wi-Fi, BLE, Zigbee and LoRaWAN',
      'Messaging protocols: MQTT, CoAP and HTTP',
      'Cloud platforms, storage and dashboards',
      'Edge processing and data filtering',
      'IoT security: authentication, encryption and updates',
      'Mini project: a smart environment monitor',
    ],
  }),
  course('python-machine-learning', {
    short: 'Python, data handling and models with scikit-learn.',
    summary: 'Python for data work, then the core machine-learning methods and how to evaluate them.',
    syllabus: [
      'Python essentials: data types, functions and modules',
      'NumPy and pandas for data handling',
      'Data visualisation with Matplotlib',
      'Supervised learning: regression and classification',
      'Unsupervised learning: clustering and dimensionality reduction',
      'Model evaluation: cross-validation and metrics',
      'Introduction to neural networks',
      'Mini project: a prediction model on a real data set',
    ],
  }),
  course('digital-system-design', {
    short: 'Verilog, FPGAs, simulation and synthesis.',
    summary: 'Design, simulate and implement digital circuits on an FPGA with a hardware description language.',
    syllabus: [
      'Number systems, Boolean algebra and logic minimisation',
      'Combinational circuits: adders, multiplexers and decoders',
      'Sequential circuits: flip-flops, counters and registers',
      'Finite state machines',
      'Verilog HDL: modules, behavioural and structural modelling',
      'Simulation and testbenches',
      'FPGA synthesis, implementation and timing',
      'Mini project: a traffic-light controller on an FPGA',
    ],
  }),
];

export const workshopRewards = [
  'Certificate of participation for every participant, in soft and hard copy',
  'Certificate of merit for the best mini project in each course',
  'Course material and source code of the exercises to keep',
  'Recording of the online sessions for registered participants',
];

export const workshopRegistration = [
  'Choose one or more courses from the list above.',
  'Pay the workshop fee on the registration page (choose Technical Workshop Fees).',
  'Email the payment receipt with your name, institution and chosen courses to the conference email address.',
  'Receive a confirmation with the schedule and the joining details before the workshop day.',
];
