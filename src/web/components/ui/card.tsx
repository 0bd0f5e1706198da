import type { HTMLAttributes } from 'react';

/** The card's classes, for a <form> (which keeps its own typed events) or a Link. */
export const cardClass = (extra = '') => `rounded-xl border border-slate-200 bg-white p-4 sm:p-5 ${extra}`.trim();

/** The white, bordered box screens group things in. `as` keeps the right landmark (section, li, article). */
export function Card({
  as: Tag = 'section',
  className,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'section' | 'div' | 'li' | 'article' }) {
  return <Tag className={cardClass(className)} {...rest} />;
}
