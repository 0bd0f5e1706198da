import { useState } from 'react';
import { MESSAGES } from '../../../core/messages';
import { CONTACT_LIMITS } from '../../../core/schemas/contact-limits';
import { chatLink, conference, mailLink, phoneLink } from '../../content/conference';
import { publicMessageOf, sendContactMessage } from '../../api/public';
import { Icon } from './icon';

/** SPEC §2 toast timing. */
export const TOAST_MS = 3000;

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
/**
 * The toast library is fetched when the visitor starts on the form, not with the page: it keeps the home
 * page's JavaScript within budget. A toast raised before its Toaster mounts is shown once it does.
 */
const loadSonner = () => (sonner ??= import('sonner'));

/** SPEC §2 home (6): contact info bar, contact form, address block and social links. */
export function ContactSection() {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="bg-brand-50 px-4 py-14">
      <div className="mx-auto max-w-7xl">
        <h2 id="contact-heading" className="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">Get In Touch</h2>
        <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded bg-accent-400" />

        <ul className="mt-8 grid gap-4 md:grid-cols-3" aria-label="Contact information">
          <InfoItem icon="phone" label="Call us"><a className="hover:underline" href={phoneLink}>{conference.contact.phone}</a></InfoItem>
          <InfoItem icon="mail" label="Email us"><a className="break-words hover:underline" href={mailLink}>{conference.contact.email}</a></InfoItem>
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
              <p className="mt-1 text-slate-800"><span className="font-semibold">Email: </span><a className="break-words text-brand-700 underline" href={mailLink}>{conference.contact.email}</a></p>
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
    <li className="flex items-center gap-4 rounded-xl bg-brand-800 p-5 text-white">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-accent-400 text-brand-900"><Icon name={icon} /></span>
      <span className="min-w-0">
        <span className="block text-xs font-semibold uppercase tracking-widest text-accent-400">{label}</span>
        <span className="block font-semibold">{children}</span>
      </span>
    </li>
  );
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

/** SPEC §2 contact form: no field required; the toast shows the server's answer for 3 s. */
function ContactForm() {
  const [sending, setSending] = useState(false);
  const [toaster, setToaster] = useState<Sonner | null>(null);
  const prepare = () => { void loadSonner().then((m) => setToaster(() => m)).catch(() => { sonner = undefined; }); };

  async function onSubmit(e: React.FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    // An entirely empty form: SPEC's toast, and nothing is stored (issue 18 §5).
    const empty = !Object.values(data).some((v) => v.trim());
    setSending(!empty);
    const [result, { toast }] = await Promise.all([
      empty ? { ok: true as const, res: { message: MESSAGES.contactSent } } : sendContactMessage(data).then((res) => ({ ok: true as const, res }), (err: unknown) => ({ ok: false as const, err })),
      loadSonner().then((m) => { setToaster(() => m); return m; }),
    ]).finally(() => setSending(false));
    if (result.ok) {
      toast.success(result.res.message ?? MESSAGES.contactSent, { duration: TOAST_MS, className: 'contact-toast-success' });
      form.reset();
    } else {
      toast.error(publicMessageOf(result.err, 'Your message could not be sent. Please try again.'), { duration: 6000, className: 'contact-toast-error' });
    }
  }

  const inputClass = 'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5 text-slate-900 placeholder:text-slate-500 focus:border-brand-600';
  return (
    <form onSubmit={onSubmit} onFocus={toaster ? undefined : prepare} onPointerEnter={toaster ? undefined : prepare} aria-labelledby="contact-form-heading" className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-brand-100">
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
      <button type="submit" disabled={sending}
        className="mt-5 rounded-md bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800 disabled:opacity-70">
        {sending ? 'Sending…' : 'Send Message'}
      </button>
      {toaster ? <toaster.Toaster position="top-center" toastOptions={{ style: { fontSize: '1rem' } }} /> : null}
    </form>
  );
}
