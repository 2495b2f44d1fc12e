/** Currency symbols and the ISO codes they stand for. "$" is taken to be US dollars. */
const SYMBOLS: ReadonlyArray<readonly [string, string]> = [
  ['US$', 'USD'],
  ['C$', 'CAD'],
  ['CA$', 'CAD'],
  ['A$', 'AUD'],
  ['AU$', 'AUD'],
  ['$', 'USD'],
  ['€', 'EUR'],
  ['£', 'GBP'],
  ['¥', 'JPY'],
  ['₩', 'KRW'],
  ['CHF', 'CHF'],
];

const SYMBOL_BY_CODE: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };

export interface Price {
  amount: number;
  /** ISO code when the text names a currency (symbol or code), else null. */
  currency: string | null;
}

const ISO_CODE = /\b([A-Z]{3})\b/;
const PLAIN_NUMBER = /^\d+(?:\.\d+)?$/;

/**
 * Reads a price: "0.20", "$0.20", "0,20 €", "€1.234,56", "1,234.56 USD", "12 EUR".
 * Returns `undefined` when the text is not a price (and `null` for an empty cell).
 */
export function parsePrice(text: string): Price | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (PLAIN_NUMBER.test(trimmed)) return { amount: Number(trimmed), currency: null };

  let rest = trimmed;
  let currency: string | null = null;
  for (const [symbol, code] of SYMBOLS) {
    if (rest.includes(symbol)) {
      currency = code;
      rest = rest.replace(symbol, '');
      break;
    }
  }
  if (currency === null) {
    const match = ISO_CODE.exec(rest.toUpperCase());
    if (match?.[1] !== undefined) {
      currency = match[1];
      rest = rest.slice(0, match.index) + rest.slice(match.index + 3);
    }
  }
  rest = rest.replace(/\s+/g, '');
  const negative = rest.startsWith('-');
  if (negative) rest = rest.slice(1);
  const amount = parseDecimal(rest);
  if (amount === undefined) return undefined;
  return { amount: negative ? -amount : amount, currency };
}

/** "1,234.56" / "1.234,56" / "0,20" / "1 234,56" → number; the last separator is the decimal one. */
function parseDecimal(text: string): number | undefined {
  if (!/^[\d.,']+$/.test(text) || !/\d/.test(text)) return undefined;
  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let normalized: string;
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const thousands = decimal === '.' ? ',' : '.';
    normalized = text.split(thousands).join('').replace(decimal, '.');
  } else if (lastComma >= 0) {
    // "1,234" and "1,234,567" are thousands; "0,20" and "12,5" are decimals.
    normalized = /^\d{1,3}(?:,\d{3})+$/.test(text) ? text.split(',').join('') : text.replace(',', '.');
  } else {
    normalized = /^\d{1,3}(?:\.\d{3}){2,}$/.test(text) ? text.split('.').join('') : text;
  }
  normalized = normalized.split("'").join('');
  if (!/^\d*\.?\d+$|^\d+\.$/.test(normalized)) return undefined;
  const value = Number(normalized);
  return Number.isFinite(value) ? value : undefined;
}

/** Writes an amount with two decimals when it has at most two ("0.2" → "0.20"), else as-is. */
export function formatAmount(amount: number): string {
  const cents = amount * 100;
  return Math.abs(Math.round(cents) - cents) < 1e-6 ? amount.toFixed(2) : String(amount);
}

/** Writes a price with its currency: "$0.20", "€1.50", "12.00 CHF", or a plain amount without one. */
export function formatPriceWithCurrency(amount: number, currency: string | null): string {
  if (currency === null) return formatAmount(amount);
  const symbol = SYMBOL_BY_CODE[currency];
  return symbol === undefined ? `${formatAmount(amount)} ${currency}` : symbol + formatAmount(amount);
}
