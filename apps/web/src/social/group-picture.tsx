import { initialsOf } from '@companion/ui';

/** A playgroup's picture, or its initials on a coloured square. */
export function GroupPicture({
  name,
  src,
  large = false,
}: {
  name: string;
  src: string | null;
  large?: boolean;
}) {
  const className = large ? 'web-group__picture web-group__picture--lg' : 'web-group__picture';
  return src ? (
    <img className={className} src={src} alt="" width={large ? 80 : 56} height={large ? 80 : 56} />
  ) : (
    <span className={className} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
