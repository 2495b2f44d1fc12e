/**
 * Whether a file read as UTF-8 is text: no NUL character, and (in its first 64 KB) almost no
 * character the decoder had to replace. Exports are UTF-8 or ASCII text; pictures, spreadsheets and
 * archives are neither.
 */
export function isText(text: string): boolean {
  if (text.includes('\u0000')) return false;
  const head = text.slice(0, 65_536);
  let replaced = 0;
  for (let i = 0; i < head.length; i++) if (head.charCodeAt(i) === 0xfffd) replaced++;
  return replaced <= Math.max(2, head.length / 1000);
}
