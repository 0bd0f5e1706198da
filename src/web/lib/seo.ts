import { conference } from '../content/conference';

/** Title, description, canonical link and Open Graph tags of one public page. */
export function pageMeta({ title, description, path }: { title: string; description: string; path: string }) {
  const url = conference.siteUrl + (path === '/' ? '/' : path);
  const fullTitle = path === '/' ? title : `${title} | ${conference.shortName}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: `${conference.siteUrl}/og-image.png` },
  ];
}

/**
 * "Pricing | IMSE 2025": a login-area page's title, with the conference's short name as now set (decision 0051):
 * the facts the shell arrived with, or their token on the prerendered /login, which the server fills in.
 */
export const appTitle = (page: string): string => `${page} | ${conference.shortName}`;
