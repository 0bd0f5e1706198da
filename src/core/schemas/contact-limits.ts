/** Longest accepted value of each contact form field. Apart from contact.ts so the browser gets them without zod. */
export const CONTACT_LIMITS = { name: 120, email: 254, phone: 30, subject: 200, message: 5000 } as const;
