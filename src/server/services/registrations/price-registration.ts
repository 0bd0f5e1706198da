import { buffer } from 'node:stream/consumers';
import { and, eq, isNull } from 'drizzle-orm';
import type { Currency } from '../../../core/fees';
import { extraPageFeeMinor, inCurrency } from '../../../core/registration';
import type { PricesJson, QuoteJson } from '../../../core/schemas/registration';
import type { Db } from '../../db/connect';
import { cameraReady, papers } from '../../db/schema';
import { PAPER_NOT_YOURS } from '../../../core/messages';
import { AppError } from '../../errors';
import type { FileStore } from '../../storage/file-store';
import { pdfJobs } from '../../storage/pdf-jobs';
import { isPaperAuthor } from '../shared/paper-authorship';
import { findRegistrationCategory, listRegistrationCategories } from '../workshops/workshop-courses';
import { checkCoupon, couponDiscount } from './coupons';
import { findOpenEarlyBird, findOpenEarlyBirds } from './early-bird-prices';

type Reader = Pick<Db, 'select'>;

export interface PriceInput {
  db: Reader;
  category: string;
  currency: Currency;
  paperId?: string | null;
  couponCode?: string | null;
  now?: Date;
  /** Where the camera-ready PDF is read from, to count its pages; without it no extra pages are charged. */
  files?: FileStore | null;
  /**
   * Who would name the paper: the account and confirmed address registering. Without one (an anonymous quote) no
   * paper can be named.
   */
  registrant?: { userId: string | null; email: string } | null;
}

export interface Price {
  category: string;
  categoryLabel: string;
  currency: Currency;
  regularMinor: number;
  listMinor: number;
  earlyBird: boolean;
  earlyBirdUntil: string | null;
  extraPages: number;
  extraMinor: number;
  discountMinor: number;
  amountMinor: number;
  couponCode: string | null;
}

/** Page counts of camera-ready PDFs by storage key (a stored file never changes under its key). */
const pageCounts = new Map<string, number>();

/** The page count of the paper's camera-ready PDF, or null when it has none (or it cannot be read). */
async function cameraReadyPages(db: Reader, files: FileStore, paperId: string): Promise<number | null> {
  const [row] = await db.select({ key: cameraReady.storageKey }).from(cameraReady).where(eq(cameraReady.paperId, paperId));
  if (!row) return null;
  const known = pageCounts.get(row.key);
  if (known !== undefined) return known;
  const result = await pdfJobs.run({ read: () => buffer(files.get(row.key)), strip: false, maxWaitMs: 10_000, timeLimitMs: 15_000 });
  if (!result.ok) return null;
  if (pageCounts.size > 10_000) pageCounts.clear();
  pageCounts.set(row.key, result.pages);
  return result.pages;
}

/**
 * What a registration costs (decision 0043), computed by the server only, in integers: the fee row's price
 * (the early-bird price while its window is open), less the coupon's discount on that price, plus the
 * extra-page fee of docs/product.md#fees-and-fixed-figures for a publication category naming an accepted paper whose camera-ready PDF has
 * more than 10 pages. Rupees are dollars × 74 except the extra-page fee, which has its own rupee rate.
 * Checks the coupon without counting a use (createRegistration takes the use).
 */
export async function priceRegistration(input: PriceInput): Promise<Price> {
  const { db } = input;
  const now = input.now ?? new Date();
  // A workshop course is priced at the edition's fee for it (decision 0045), a fee row at the fee table's.
  const category = await findRegistrationCategory(db, input.category);
  if (!category) throw new AppError('bad_request', 'Choose a registration category from the fee table');
  const { currency } = input;
  const regularMinor = inCurrency(category.usdMinor, currency);
  const window = await findOpenEarlyBird({ db, category: category.key, now });
  const earlyBird = window !== null && window.usdMinor < category.usdMinor;
  const listMinor = earlyBird ? inCurrency(window.usdMinor, currency) : regularMinor;

  let extraPages = 0;
  let extraMinor = 0;
  if (input.paperId) {
    // Decision 0056: the decision the authors were told, and only for its authors; one answer for every other case
    // (unknown, undecided, rejected, not released, someone else's), so the call tells nobody else anything.
    const { registrant } = input;
    const [paper] = registrant
      ? await db
          .select({ id: papers.id })
          .from(papers)
          .where(
            and(
              eq(papers.id, input.paperId),
              eq(papers.notifiedDecision, 'Accepted'),
              isNull(papers.withdrawnAt),
              isPaperAuthor({ paperId: papers.id, userId: registrant.userId, email: registrant.email }),
            ),
          )
      : [];
    if (!paper) throw new AppError('bad_request', PAPER_NOT_YOURS(input.paperId));
    if (category.publication && input.files) {
      const pages = await cameraReadyPages(db, input.files, input.paperId);
      if (pages !== null) ({ extraPages, minor: extraMinor } = extraPageFeeMinor({ pages, publication: category.publication, currency }));
    }
  }

  let discountMinor = 0;
  let couponCode: string | null = null;
  if (input.couponCode) {
    const coupon = await checkCoupon({ db, code: input.couponCode, category: category.key, now });
    couponCode = coupon.code;
    discountMinor = couponDiscount({ coupon, listMinor, currency });
  }
  return {
    category: category.key,
    categoryLabel: category.label,
    currency,
    regularMinor,
    listMinor,
    earlyBird,
    earlyBirdUntil: earlyBird ? window.until.toISOString() : null,
    extraPages,
    extraMinor,
    discountMinor,
    couponCode,
    amountMinor: listMinor + extraMinor - discountMinor,
  };
}

export const toQuoteJson = (p: Price): QuoteJson => ({ ...p });

/** Every category with its price now, in US cents and rupee paise, and the early-bird window's end. */
export async function listPrices({ db, now = new Date() }: { db: Reader; now?: Date }): Promise<PricesJson> {
  const [open, categories] = await Promise.all([findOpenEarlyBirds({ db, now }), listRegistrationCategories(db)]);
  return {
    prices: categories.map((c) => {
      const w = open.get(c.key);
      const usdMinor = w && w.usdMinor < c.usdMinor ? w.usdMinor : c.usdMinor;
      return {
        category: c.key,
        label: c.label,
        group: c.group,
        usdMinor,
        inrMinor: inCurrency(usdMinor, 'INR'),
        regularUsdMinor: c.usdMinor,
        regularInrMinor: inCurrency(c.usdMinor, 'INR'),
        earlyBirdUntil: usdMinor < c.usdMinor && w ? w.until.toISOString() : null,
      };
    }),
  };
}
