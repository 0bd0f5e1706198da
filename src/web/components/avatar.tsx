import { AVATAR_INITIALS_CLASS, AVATAR_PHOTO_CLASS } from './avatar-element';

export { initialsOf } from './avatar-element';

/** A photo when there is one, else the initials on a brand-coloured disc (sample entries have no photo). */
export function Avatar({ name, initials, photo, size = 96 }: { name: string; initials: string; photo?: string | null; size?: number }) {
  if (photo) {
    return (
      <img
        src={photo}
        alt={`Photo of ${name}`}
        width={size}
        height={size}
        loading="lazy"
        className={AVATAR_PHOTO_CLASS}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`${name}: no photo yet`}
      className={AVATAR_INITIALS_CLASS}
      style={{ width: size, height: size, fontSize: size / 3 }}
    >
      {initials}
    </span>
  );
}
