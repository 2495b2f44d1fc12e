/**
 * Reads a QR code from an image or a camera frame: the browser's BarcodeDetector when it has one,
 * else jsQR (pure JavaScript, loaded on demand).
 */
interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
declare global {
  interface Window {
    BarcodeDetector?: new (options: { formats: string[] }) => Detector;
  }
}

export async function decodeQr(
  source: HTMLVideoElement | HTMLImageElement | ImageBitmap,
): Promise<string | null> {
  if (typeof window !== 'undefined' && window.BarcodeDetector) {
    try {
      const found = await new window.BarcodeDetector({ formats: ['qr_code'] }).detect(source);
      if (found[0]?.rawValue) return found[0].rawValue;
    } catch {
      // fall through to jsQR
    }
  }
  const width = 'videoWidth' in source ? source.videoWidth : source.width;
  const height = 'videoHeight' in source ? source.videoHeight : source.height;
  if (!width || !height) return null;
  const canvas = document.createElement('canvas');
  const scale = Math.min(1, 1024 / Math.max(width, height));
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, canvas.width, canvas.height);
  const data = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const { default: jsQR } = await import('jsqr');
  return jsQR(data.data, data.width, data.height)?.data ?? null;
}

/** The friend code inside a scanned value: an add-friend link (`…/friends/add?code=X`) or a bare code. */
export function codeFromScan(value: string): string | null {
  const trimmed = value.trim();
  try {
    const url = new URL(trimmed);
    const code = url.searchParams.get('code');
    if (code && /^[2-9A-HJKMNP-Z]{4,12}$/i.test(code)) return code.toUpperCase();
    return null;
  } catch {
    return /^[2-9A-HJKMNP-Z]{4,12}$/i.test(trimmed) ? trimmed.toUpperCase() : null;
  }
}
