import { formatMoney } from '../../../core/format';
import type { Config } from '../../config';
import type { Db } from '../../db/connect';
import { AppError } from '../../errors';
import type { Mailer } from '../../mail/send';
import type { CardProvider } from '../../payments/card';
import { categoryLabeller } from '../shared/category-labels';
import { readRegistrationOffice } from '../shared/registration-office';
import { createRegistration, type CreateRegistrationInput, type Registration } from '../registrations/create-registration';
import {
  CARD_NOT_CONFIGURED,
  CARD_TAKES_DOLLARS,
  PAYU_NOT_CONFIGURED,
  PAYU_TAKES_RUPEES,
  startRegistrationPayment,
  type RegistrationPaymentStart,
} from './initiate-payment';

type Provider = 'payu' | 'card' | 'bank';

/** Which ways to pay this server can start (decision 0077): a method that is not configured is never offered. */
export const configuredProviders = (config: Config, card: CardProvider | null): Record<Provider, boolean> => ({
  payu: Boolean(config.PAYU_KEY && config.PAYU_SALT),
  card: card !== null,
  bank: true,
});

/** What the "registration received" mail tells the payer to do, by the way they chose to pay. */
function nextStep(payment: RegistrationPaymentStart): string {
  switch (payment.kind) {
    case 'bank':
      return payment.instructions;
    case 'payu':
      return 'Complete the payment on the PayU page that opened. If it did not finish, press Pay on your registrations page to try again.';
    case 'card':
      return 'Complete the card payment on the page that opened. If it did not finish, press Pay on your registrations page to try again.';
    default:
      return 'Nothing: there is nothing to pay.';
  }
}

/**
 * Register and start paying in one transaction (decision 0077): a provider that is not configured, or cannot take
 * the currency, is refused before anything is written, and a payment start that fails takes the registration (and
 * its coupon use and seat) back with it. The "registration received" mail (amount, bank reference, what to do) is
 * queued in the same transaction; a registration with nothing to pay gets the receipt mail instead.
 */
export async function registerAndStartPayment(input: {
  db: Db;
  config: Config;
  card: CardProvider | null;
  mailer: Mailer;
  provider: Provider;
  contactEmail: string;
  registration: Omit<CreateRegistrationInput, 'db'>;
}): Promise<{ registration: Registration; payment: RegistrationPaymentStart }> {
  const { provider, config, card } = input;
  const { currency } = input.registration;
  if (provider === 'payu' && currency !== 'INR') throw new AppError('bad_request', PAYU_TAKES_RUPEES);
  if (provider === 'card' && currency !== 'USD') throw new AppError('bad_request', CARD_TAKES_DOLLARS);
  const configured = configuredProviders(config, card);
  if (provider === 'payu' && !configured.payu) throw new AppError('unavailable', PAYU_NOT_CONFIGURED);
  if (provider === 'card' && !configured.card) throw new AppError('unavailable', CARD_NOT_CONFIGURED);
  return input.db.transaction(async (tx) => {
    const registration = await createRegistration({ ...input.registration, db: tx });
    const payment = await startRegistrationPayment({ db: tx, config, card, registration, provider, contactEmail: input.contactEmail });
    if (registration.status === 'pending') {
      const [label, office] = await Promise.all([categoryLabeller(tx), readRegistrationOffice(tx)]);
      await input.mailer.send({
        tx,
        to: registration.email,
        template: 'registrationReceived',
        values: {
          name: registration.name,
          category: label(registration.category),
          amount: formatMoney(registration.amountMinor, registration.currency),
          registrationCode: registration.code,
          instructions: nextStep(payment),
          holdMinutes: String(office.seatHoldMinutes),
          accountUrl: `${config.publicUrl}/account/registrations`,
        },
      });
    }
    return { registration, payment };
  });
}
