type Child = Node | string | null | undefined | false;

/**
 * An element with attributes and children, for the few islands that draw content from the API:
 * `h('p', { class: 'mt-1' }, 'text', h('strong', {}, 'more'))`. A `false` or `undefined` attribute is left out.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | boolean | undefined> = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === false || value === undefined) continue;
    el.setAttribute(name, value === true ? '' : value);
  }
  for (const child of children.flat()) if (child !== null && child !== undefined && child !== false) el.append(child);
  return el;
}
