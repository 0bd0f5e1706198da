import { z } from 'zod';

const field = (label: string, max: number) =>
  z.string({ message: `${label} must be text` }).trim().max(max, `${label} is too long (at most ${max} characters)`).default('');

/** The home page's contact form: no field is required (SPEC §5); each is limited in length. */
export const ContactBody = z.object({
  name: field('Name', 120),
  email: field('Email', 254).refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), 'Please enter a valid email address'),
  phone: field('Phone', 30),
  subject: field('Subject', 200),
  message: field('Message', 5000),
});
export type ContactBody = z.infer<typeof ContactBody>;
