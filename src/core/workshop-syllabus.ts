/**
 * The words of the technical workshop's four first courses (decision 0045): a card's line, the syllabus section's
 * summary and its modules, by course id. The courses themselves (title, date, seats, fee) are the organiser's data
 * (workshop_courses); a course the organiser adds has no words here and shows its title, seats and fee.
 */
export interface CourseWords {
  short: string;
  summary: string;
  syllabus: readonly string[];
}

export const COURSE_WORDS: Readonly<Record<string, CourseWords>> = {
  'embedded-systems': {
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
  },
  'internet-of-things': {
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
  },
  'python-machine-learning': {
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
  },
  'digital-system-design': {
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
  },
};
