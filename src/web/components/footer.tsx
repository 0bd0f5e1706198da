import { Link } from 'react-router';
import { conference } from '../content/conference';

export function Footer() {
  return (
    <footer className="bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{conference.shortName}</p>
          <p className="mt-2 text-sm">{conference.title}</p>
        </div>
        <nav aria-label="Footer">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent-400">Information</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="underline-offset-4 hover:underline" to="/#about">About Us</Link></li>
            <li><Link className="underline-offset-4 hover:underline" to="/terms">Terms</Link></li>
            <li><Link className="underline-offset-4 hover:underline" to="/privacy-policy">Privacy Policy</Link></li>
          </ul>
        </nav>
        <nav aria-label="Help">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-accent-400">Help</h2>
          <ul className="mt-3 space-y-2 text-sm">
            <li><Link className="underline-offset-4 hover:underline" to="/#contact">Contact us</Link></li>
            <li><a className="underline-offset-4 hover:underline" href={conference.links.journal} target="_blank" rel="noopener noreferrer">Websites</a></li>
            <li><Link className="underline-offset-4 hover:underline" to="/agreement">Agreement</Link></li>
          </ul>
        </nav>
      </div>
      <p className="border-t border-white/10 px-4 py-4 text-center text-xs text-slate-300">
        All prices are in US dollars. © {conference.shortName}
      </p>
    </footer>
  );
}
