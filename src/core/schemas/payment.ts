import { z } from 'zod';
import { Email } from './common';

export const PayuInitiateBody = z.object({
  name: z.string({ message: 'Name is required' }).trim().min(1, 'Name is required').max(120, 'Name is too long'),
  email: Email,
  phone: z.string().trim().regex(/^\d{6,15}$/, 'Phone must be 6 to 15 digits').default('9999999999'),
  amount: z.coerce.number({ message: 'Amount must be a number' }).gt(0, 'Amount must be more than 0').max(100000, 'Amount must be at most 100,000'),
  productinfo: z.string().trim().max(100, 'Product info is too long').default('').transform((v) => v || 'Conference Registration'),
});
export type PayuInitiateBody = z.infer<typeof PayuInitiateBody>;
