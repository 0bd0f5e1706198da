import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/**
 * An organiser's page body as visitors see it (decision 0064): Markdown with raw HTML off and bare addresses made
 * links, then sanitised against a short allow-list, so that whatever was typed or pasted the page carries no script,
 * no handler and no link of another scheme. The page's title is its one h1: a "#" heading in the body is an h2.
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false });

const isExternal = (href: string) => /^https?:\/\//i.test(href);

const POLICY: sanitizeHtml.IOptions = {
  allowedTags: [
    ...['h2', 'h3', 'h4', 'h5', 'h6', 'p', 'br', 'ul', 'ol', 'li', 'a', 'em', 'strong', 's', 'code', 'pre', 'blockquote', 'hr'],
    ...['table', 'thead', 'tbody', 'tr', 'th', 'td', 'img'],
  ],
  allowedAttributes: { a: ['href', 'rel'], img: ['src', 'alt'], ol: ['start'], th: ['style'], td: ['style'] },
  allowedStyles: { th: { 'text-align': [/^(left|right|center)$/] }, td: { 'text-align': [/^(left|right|center)$/] } },
  // Relative addresses (/program, #dates) are kept: they have no scheme.
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    a: (tagName, attribs) => {
      const href = attribs.href;
      const kept: sanitizeHtml.Attributes = href === undefined ? {} : isExternal(href) ? { href, rel: 'noopener' } : { href };
      return { tagName, attribs: kept };
    },
  },
};

/** The sanitised HTML of a Markdown body. */
export function renderMarkdown(body: string): string {
  return sanitizeHtml(markdown.render(body), POLICY);
}
