/** Avatar's look, shared by its markup (avatar.tsx) and the islands that draw one in the browser. */
export const AVATAR_PHOTO_CLASS = 'shrink-0 rounded-full object-cover';
export const AVATAR_INITIALS_CLASS =
  'flex shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold tracking-wide text-accent-400 ring-4 ring-brand-100';

export function initialsOf(name: string): string {
  const words = name
    .replace(/\(.*?\)/g, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return (words.length > 1 ? (words[0]?.[0] ?? '') + (words[words.length - 1]?.[0] ?? '') : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}

/** Avatar drawn in the browser: the photo when there is one, else the initials on a brand-coloured disc. */
export function avatarElement({
  name,
  initials,
  photo,
  size,
}: {
  name: string;
  initials: string;
  photo?: string | null;
  size: number;
}): HTMLElement {
  if (photo) {
    const img = document.createElement('img');
    Object.assign(img, { src: photo, alt: `Photo of ${name}`, width: size, height: size, loading: 'lazy', className: AVATAR_PHOTO_CLASS });
    Object.assign(img.style, { width: `${size}px`, height: `${size}px` });
    return img;
  }
  const disc = document.createElement('span');
  disc.setAttribute('role', 'img');
  disc.setAttribute('aria-label', `${name}: no photo yet`);
  disc.className = AVATAR_INITIALS_CLASS;
  Object.assign(disc.style, { width: `${size}px`, height: `${size}px`, fontSize: `${size / 3}px` });
  disc.textContent = initials;
  return disc;
}
