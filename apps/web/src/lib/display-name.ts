import type { UserSummary } from '@companion/sdk/contract';

/** How a user is called on screen: username, else first name (and last name), else a fallback. */
export function displayName(
  user: Pick<UserSummary, 'username' | 'firstname' | 'lastname'> | null | undefined,
) {
  if (!user) return '?';
  return user.username || [user.firstname, user.lastname].filter(Boolean).join(' ') || '?';
}
