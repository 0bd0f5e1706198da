import { chatLink, conference, mailLink } from '../../content/conference';

const linkClass = 'rounded underline-offset-4 hover:text-white hover:underline';
const NEW_TAB = <span className="sr-only"> (opens in a new tab)</span>;

/** The footer (docs/product.md#public-pages): About Us, Terms, Privacy Policy; Help: Contact us, Websites, Agreement; prices in US dollars. */
export function Footer() {
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2 lg:col-span-2">
          <img src="/logo-light.svg" alt="" width="148" height="44" className="h-11 w-auto" />
          <p className="mt-4 max-w-md text-sm leading-relaxed">
            {conference.title}. {conference.venue.resort}, {conference.venue.country} and online.
          </p>
          <p className="mt-3 text-sm">
            <a className={linkClass} href={mailLink}>
              {conference.contact.email}
            </a>
          </p>
          <ul className="mt-4 flex gap-4 text-sm">
            <li>
              <a className={linkClass} href={conference.links.social} target="_blank" rel="noopener noreferrer">
                Social page{NEW_TAB}
              </a>
            </li>
            <li>
              <a className={linkClass} href={chatLink} target="_blank" rel="noopener noreferrer">
                Chat with us{NEW_TAB}
              </a>
            </li>
          </ul>
        </div>
        <nav aria-labelledby="footer-info">
          <h2 id="footer-info" className="text-sm font-semibold uppercase tracking-wider text-accent-400">
            Information
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a className={linkClass} href="/#about">
                About Us
              </a>
            </li>
            <li>
              <a className={linkClass} href="/program">
                Programme
              </a>
            </li>
            <li>
              <a className={linkClass} href="/terms">
                Terms
              </a>
            </li>
            <li>
              <a className={linkClass} href="/privacy-policy">
                Privacy Policy
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="text-sm font-semibold uppercase tracking-wider text-accent-400">
            Help
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li>
              <a className={linkClass} href="/#contact">
                Contact us
              </a>
            </li>
            <li>
              <a className={linkClass} href={conference.links.journal} target="_blank" rel="noopener">
                Websites{NEW_TAB}
              </a>
            </li>
            <li>
              <a className={linkClass} href="/agreement">
                Agreement
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10 px-4 py-4 text-center text-xs text-slate-300">
        <p>All prices are in US dollars.</p>
        <p className="mt-1">
          © {conference.shortName} · {conference.title}
        </p>
      </div>
    </footer>
  );
}
