import './avatar.css';
import * as RadixAvatar from '@radix-ui/react-avatar';
import { clsx } from 'clsx';

export interface AvatarProps {
  /** Person's display name: the image's alt text and the source of the initials. */
  name: string;
  src?: string | null;
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl';
  className?: string;
}

/** First letters of the first and last words ("Jace Beleren" → "JB"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1] ?? '') : '';
  const letters = [...first].slice(0, 1).concat([...last].slice(0, 1));
  return letters.join('').toLocaleUpperCase() || '?';
}

/** A hue derived from the name so fallbacks differ between people but stay stable. */
function hueOf(name: string): number {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 360;
  return hash;
}

/** A round picture of a person, falling back to their initials while loading or when the image fails. */
export function Avatar({ name, src, size = 'md', className }: AvatarProps) {
  return (
    <RadixAvatar.Root className={clsx('cui-avatar', className)} data-size={size}>
      {src ? <RadixAvatar.Image className="cui-avatar__image" src={src} alt={name} /> : null}
      <RadixAvatar.Fallback
        className="cui-avatar__fallback"
        {...(src ? { delayMs: 400 } : {})}
        style={{ '--cui-avatar-hue': hueOf(name) } as React.CSSProperties}
      >
        <span aria-hidden="true">{initialsOf(name)}</span>
        <span className="cui-visually-hidden">{name}</span>
      </RadixAvatar.Fallback>
    </RadixAvatar.Root>
  );
}
