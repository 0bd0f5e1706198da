import { PLAGIARISM_LIMIT_PERCENT } from '../../core/fees';
import { PRESENTATION_MINUTES } from './conference';

export const submissionSteps = [
  'Prepare the paper with the conference template (up to 10 pages).',
  `Check that plagiarism is at most ${PLAGIARISM_LIMIT_PERCENT} %.`,
  'Log in as an author and submit the paper as a PDF with its title, abstract and topics.',
  'Follow the review on your dashboard; after acceptance, register and send the camera-ready copy (CRC).',
];

export const onlinePresentation = [
  `Delegates who cannot travel present online. Each presentation lasts ${PRESENTATION_MINUTES} minutes, followed by questions from the session chair and the audience.`,
  'Send the slides to the conference email address two days before the conference; joining details for the online sessions are emailed to registered authors.',
];
