import { z } from '../zod';
import { PageLimit } from '../schemas/common';
import { CardCheckoutBody, CardCheckoutResponse, PaymentsConfigJson, PaymentsListResponse, PayuInitiateBody } from '../schemas/payment';
import { endpoints, fileAnswer } from './endpoint';

const FORM = 'application/x-www-form-urlencoded';
/** One page of payments; the cursor is the last payment's id as the previous page gave it. */
export const PaymentsPageQuery = z.object({
  limit: PageLimit,
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Bad cursor')
    .optional(),
});
export const CardReturnQuery = z.object({
  session_id: z.string({ message: 'Missing session_id' }).regex(/^cs_[A-Za-z0-9_]{1,200}$/, 'Bad session_id'),
});
/** The fields PayU posts back (only its known ones are read, each cut to a fixed length). */
const PayuCallbackForm = z.record(z.string(), z.string());
/** Stripe's event, read as the exact bytes it signed. */
const CardWebhookEvent = z.record(z.string(), z.unknown());
export const CardWebhookJson = z.object({ received: z.literal(true) });

const resultPage = fileAnswer('text/html', 'The payment result page');
const refusedPage = fileAnswer('text/html', 'The refusal, as a page for the payer');

/** Registration fees: PayU in rupees, Stripe Checkout in dollars, the providers' callbacks and the editor's list. */
export const PAYMENTS = endpoints('payments', {
  getPaymentsConfig: {
    method: 'GET',
    path: '/payments/config',
    summary: 'Which payment providers this server is set up for',
    response: PaymentsConfigJson,
  },
  startPayuPayment: {
    method: 'POST',
    path: '/payu/initiate',
    summary: 'Start a payment in rupees through PayU',
    description:
      "Answers an HTML page that posts the signed form to PayU's hosted checkout. At most 200 payments started from one address in an hour.",
    body: PayuInitiateBody,
    response: fileAnswer('text/html', 'The page that hands over to PayU'),
    errors: [413, 503],
  },
  startCardCheckout: {
    method: 'POST',
    path: '/card/checkout',
    summary: 'Start a card payment in dollars through Stripe Checkout',
    description:
      "Answers the address of Stripe's checkout page to send the payer to. At most 200 payments started from one address in an hour.",
    body: CardCheckoutBody,
    response: CardCheckoutResponse,
    errors: [413, 503],
  },
  receivePayuSuccess: {
    method: 'POST',
    path: '/payu/success',
    summary: 'Where PayU sends the payer back after a payment went through',
    description: "PayU posts the payer's browser here (application/x-www-form-urlencoded, checked by its hash); answers the result page.",
    consumes: [FORM],
    body: PayuCallbackForm,
    handlerReadsBody: true,
    response: resultPage,
    also: { 400: refusedPage, 429: refusedPage },
    errors: [503],
  },
  receivePayuFailure: {
    method: 'POST',
    path: '/payu/failure',
    summary: 'Where PayU sends the payer back after a payment failed',
    description: "PayU posts the payer's browser here (application/x-www-form-urlencoded, checked by its hash); answers the result page.",
    consumes: [FORM],
    body: PayuCallbackForm,
    handlerReadsBody: true,
    response: resultPage,
    also: { 400: refusedPage, 429: refusedPage },
    errors: [503],
  },
  receiveCardReturn: {
    method: 'GET',
    path: '/card/return',
    summary: 'Where Stripe sends the payer back after the checkout',
    query: CardReturnQuery,
    response: resultPage,
    also: { 400: refusedPage },
    errors: [503],
  },
  receiveCardWebhook: {
    method: 'POST',
    path: '/card/webhook',
    summary: "Stripe's webhook: a checkout's outcome",
    description: 'The raw JSON event, checked against the stripe-signature header.',
    body: CardWebhookEvent,
    handlerReadsBody: true,
    response: CardWebhookJson,
    errors: [413, 503],
  },
  listPayments: {
    method: 'GET',
    path: '/editor/payments',
    summary: 'Every payment, newest first',
    description: "With `limit`, one page, and the next page's cursor is in the x-next-cursor header.",
    query: PaymentsPageQuery,
    response: PaymentsListResponse,
  },
  exportPayments: {
    method: 'GET',
    path: '/editor/payments.csv',
    summary: 'Every payment as a CSV file',
    response: fileAnswer('text/csv', 'Every payment (CSV, UTF-8)'),
  },
});
