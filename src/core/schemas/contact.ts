import { z } from '../zod';
import { MESSAGES } from '../messages';
import { CONTACT_LIMITS } from './contact-limits';
import { noBidiControls } from './text';

export { CONTACT_LIMITS };

const field = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .refine(...noBidiControls(label))
    .default('');

/** The home page's contact form: no field is required (docs/product.md#validation-and-messages); each is limited in length. */
export const ContactBody = z.object(
  {
    name: field('Name', CONTACT_LIMITS.name),
    email: field('Email', CONTACT_LIMITS.email).refine(
      (v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
      'Please enter a valid email address',
    ),
    phone: field('Phone', CONTACT_LIMITS.phone),
    subject: field('Subject', CONTACT_LIMITS.subject),
    message: field('Message', CONTACT_LIMITS.message),
  },
  { message: 'Send the contact form as a JSON object' },
);
export type ContactBody = z.infer<typeof ContactBody>;

/** 201 answer: always the same text. */
export const ContactSentJson = z.object({ message: z.literal(MESSAGES.contactSent) });
export type ContactSentJson = z.infer<typeof ContactSentJson>;
