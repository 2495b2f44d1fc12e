/** "Ambitious Farmhand // Seasoned Cathar" → "Ambitious Farmhand". */
export function frontFace(name: string): string {
  const i = name.indexOf(' // ');
  return i < 0 ? name : name.slice(0, i);
}
