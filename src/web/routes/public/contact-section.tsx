import { CONTACT_LIMITS } from '../../../core/schemas/contact-limits';
import { chatLink, conference, mailLink, phoneLink } from '../../content/conference';
import { Icon } from './icon';

/** The home page's contact section: contact info bar, contact form, address block and social links. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-brand-50 px-4 py-14">
      <div className="mx-auto max-w-7xl">
        <h2 id="contact-heading" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">Get In Touch</h2>
        <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded bg-accent-400" />

        <ul className="mt-8 grid gap-4 md:grid-cols-3" aria-label="Contact information">
          <InfoItem icon="phone" label="Call us"><a className="hover:underline" href={phoneLink}>{conference.contact.phone}</a></InfoItem>
          <InfoItem icon="mail" label="Email us"><a className="wrap-anywhere hover:underline" href={mailLink}><BreakableEmail /></a></InfoItem>
          <InfoItem icon="pin" label="Venue">{conference.venue.resort}, {conference.venue.country}</InfoItem>
        </ul>

        <div className="mt-8 grid gap-8 lg:grid-cols-[3fr_2fr]">
          <ContactForm />
          <div className="space-y-6">
            <address className="rounded-xl bg-white p-6 not-italic shadow-sm ring-1 ring-brand-100">
              <h3 className="text-lg font-bold text-brand-900">Contact address</h3>
              <p className="mt-3 text-slate-800">{conference.venue.address}</p>
              <p className="mt-3 text-slate-800"><span className="font-semibold">General Chair: </span>{conference.contact.generalChair}</p>
              <p className="mt-3 text-slate-800"><span className="font-semibold">Phone: </span><a className="text-brand-700 underline" href={phoneLink}>{conference.contact.phone}</a></p>
              <p className="mt-1 text-slate-800"><span className="font-semibold">Email: </span><a className="wrap-anywhere text-brand-700 underline" href={mailLink}>{conference.contact.email}</a></p>
            </address>
            <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
              <h3 className="text-lg font-bold text-brand-900">Follow and chat</h3>
              <ul className="mt-4 flex flex-wrap gap-3">
                <li><SocialLink href={conference.links.social} icon="social" label="Social page" /></li>
                <li><SocialLink href={chatLink} icon="chat" label="Chat with us" /></li>
                <li><SocialLink href={conference.links.journal} icon="globe" label="Journal website" /></li>
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

function InfoItem({ icon, label, children }: { icon: 'phone' | 'mail' | 'pin'; label: string; children: React.ReactNode }) {
  return (
    <li className="flex min-w-0 items-center gap-3 rounded-xl bg-brand-800 p-4 text-white sm:gap-4 sm:p-5">
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-900 sm:h-11 sm:w-11"><Icon name={icon} /></span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-widest text-accent-400">{label}</span>
        <span className="block font-semibold">{children}</span>
      </span>
    </li>
  );
}

/**
 * On a phone the card is tighter, so the address fits on one line at 390 px; on a still narrower screen it may wrap
 * after its @ (and anywhere if even that is too wide) rather than stick out.
 */
function BreakableEmail() {
  return <>{conference.contact.emailLocal}@<wbr />{conference.contact.emailDomain}</>;
}

function SocialLink({ href, icon, label }: { href: string; icon: 'social' | 'chat' | 'globe'; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-full border border-brand-100 px-4 py-2 text-sm font-semibold text-brand-800 hover:border-accent-400 hover:bg-brand-50">
      <Icon name={icon} />{label}<span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

const FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' },
  { name: 'subject', label: 'Subject', type: 'text', autoComplete: 'off' },
] as const;

/** The contact form (docs/product.md#public-pages): no field required; contact-section.island.ts sends it and shows the toast. */
function ContactForm() {
  const inputClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600';
  return (
    <form aria-labelledby="contact-form-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100" data-contact-form>
      <h3 id="contact-form-heading" className="text-lg font-bold text-brand-900">Send us a message</h3>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => (
          <div key={f.name}>
            <label htmlFor={`contact-${f.name}`} className="text-sm font-semibold text-slate-800">{f.label}</label>
            <input id={`contact-${f.name}`} name={f.name} type={f.type} autoComplete={f.autoComplete} maxLength={CONTACT_LIMITS[f.name]} className={inputClass} />
          </div>
        ))}
        <div className="sm:col-span-2">
          <label htmlFor="contact-message" className="text-sm font-semibold text-slate-800">Message</label>
          <textarea id="contact-message" name="message" rows={6} maxLength={CONTACT_LIMITS.message} className={inputClass} />
        </div>
      </div>
      <button type="submit"
        className="mt-5 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70">
        Send Message
      </button>
    </form>
  );
}
