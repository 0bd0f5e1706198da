import QRCode from 'qrcode';
import { useMemo } from 'react';

/**
 * A QR code of `text` as an SVG (error correction M, a 4-module quiet zone), drawn in the browser from the same
 * library the server's badges and e-ticket use (src/server/documents/qr.ts), so the desk's scanner reads the same code.
 */
export function QrCode({ text, size = 176, label }: { text: string; size?: number; label: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    return { d, side: modules.size + 8 };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${path.side} ${path.side}`}
      shapeRendering="crispEdges"
      className="rounded bg-white"
    >
      <rect width={path.side} height={path.side} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
