import { imageSource } from '@/lib/safe-urls';

interface MemberAvatarProps {
  name: string;
  photoURL?: string | null;
  size?: number;
  /** Decorative when the name is printed right beside it. */
  decorative?: boolean;
  className?: string;
}

/** A member's round photo, or their initial when there is no safe photo. */
export function MemberAvatar({
  name,
  photoURL,
  size = 40,
  decorative = true,
  className = '',
}: MemberAvatarProps) {
  const source = imageSource(photoURL);
  const alt = decorative ? '' : `Photo of ${name}`;
  const style = { width: size, height: size };
  if (source) {
    return (
      <img
        src={source}
        alt={alt}
        width={size}
        height={size}
        // Lazily and at low priority, with no render of its own to wait: the page's main image and text get the
        // bandwidth first (small avatars are decoration).
        loading="lazy"
        fetchPriority={size < 64 ? 'low' : 'auto'}
        className={`rounded-circle object-fit-cover flex-shrink-0 ${className}`}
        style={style}
      />
    );
  }
  return (
    <span
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : alt}
      aria-hidden={decorative || undefined}
      className={`rounded-circle bg-success text-white d-inline-flex align-items-center justify-content-center fw-bold flex-shrink-0 ${className}`}
      style={{ ...style, fontSize: size * 0.42 }}
    >
      {(name.trim()[0] ?? '?').toUpperCase()}
    </span>
  );
}
