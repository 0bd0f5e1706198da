import QRCode from 'qrcode';

/** A QR code as its modules: dark(row, col) for 0 ≤ row, col < size (no quiet zone). */
export interface QrMatrix {
  size: number;
  dark: (row: number, col: number) => boolean;
}

/** The QR code of a text (error correction M: readable with a crease or a smudge on a printed page). */
export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: modules.size, dark: (row, col) => Boolean(modules.get(row, col)) };
}

/** The dark modules as horizontal runs (row, first column, length): fewer rectangles to draw than one per module. */
export function qrRuns(m: QrMatrix): { row: number; col: number; length: number }[] {
  const runs: { row: number; col: number; length: number }[] = [];
  for (let row = 0; row < m.size; row++) {
    let col = 0;
    while (col < m.size) {
      if (!m.dark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.dark(row, col)) col++;
      runs.push({ row, col: start, length: col - start });
    }
  }
  return runs;
}

/** The matrix as RGBA pixels with a 4-module quiet zone, `scale` pixels a module (for reading it back with jsQR). */
export function qrPixels(m: QrMatrix, scale = 4): { data: Uint8ClampedArray; width: number; height: number } {
  const side = (m.size + 8) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = Math.floor(y / scale) - 4;
      const col = Math.floor(x / scale) - 4;
      if (row >= 0 && col >= 0 && row < m.size && col < m.size && m.dark(row, col)) {
        const i = (y * side + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width: side, height: side };
}
