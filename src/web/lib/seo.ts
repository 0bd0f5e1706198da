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
