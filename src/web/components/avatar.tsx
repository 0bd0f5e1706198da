/** A photo when there is one, else the initials on a brand-coloured disc (sample entries have no photo). */
export function Avatar({ name, initials, photo, size = 96 }: { name: string; initials: string; photo?: string | null; size?: number }) {
  if (photo) {
    return <img src={photo} alt={`Photo of ${name}`} width={size} height={size} loading="lazy" className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  return (
    <span
      role="img"
      aria-label={`${name}: no photo yet`}
      className="flex shrink-0 items-center justify-center rounded-full bg-brand-800 font-bold tracking-wide text-accent-400 ring-4 ring-brand-100"
      style={{ width: size, height: size, fontSize: size / 3 }}
    >
      {initials}
    </span>
  );
}

export function initialsOf(name: string): string {
  const words = name.replace(/\(.*?\)/g, '').trim().split(/\s+/).filter(Boolean);
  return (words.length > 1 ? (words[0]?.[0] ?? '') + (words[words.length - 1]?.[0] ?? '') : (words[0] ?? '?').slice(0, 2)).toUpperCase();
}
