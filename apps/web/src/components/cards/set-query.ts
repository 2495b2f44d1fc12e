/**
 * The set a search names with `s:`, `e:`, `set:` or `edition:` (lowercase), or null: a negated term
 * (`-s:mid`) names no set to browse.
 */
export function setOfQuery(q: string): string | null {
  const match = /(?:^|[\s(])(?:s|e|set|edition)[:=]([a-z0-9]{2,8})(?=[\s)]|$)/i.exec(q);
  return match ? match[1]!.toLowerCase() : null;
}
