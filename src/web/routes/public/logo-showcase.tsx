import { logoRows } from '../../content/home';

/**
 * The home page's publishers and partners: two rows of four logos that animate in once when scrolled into view. The prerendered
 * HTML shows them (no script, no animation); logo-showcase.island.ts hides them only if still off screen.
 */
export function LogoShowcase() {
  return (
    <div className="space-y-6" data-reveal="static">
      {logoRows.map((row, r) => (
        <ul key={r} className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {row.map((logo, i) => (
            <li key={logo.src}>
              <p className="mb-2 text-center text-xs font-semibold uppercase tracking-widest text-slate-700">{logo.role}</p>
              <img src={logo.src} alt={logo.alt} width={320} height={120} loading="lazy" decoding="async" className="logo-reveal h-auto w-full"
                style={{ transitionDelay: `${(r * 4 + i) * 90}ms` }} />
            </li>
          ))}
        </ul>
      ))}
    </div>
  );
}
