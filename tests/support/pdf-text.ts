/** A PDF as Mozilla's pdf.js reads it back (not the library that wrote it): its text, page count and first page's size in points. */
export async function readPdf(bytes: Uint8Array): Promise<{ text: string; pages: number; size: number[] }> {
  const head = new TextDecoder().decode(bytes.subarray(0, 5));
  if (head !== '%PDF-') throw new Error(`Not a PDF: it starts with ${JSON.stringify(head)}`);
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  // pdf.js may take over the buffer it is given: read a copy.
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i += 1) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  const [, , w, h] = (await doc.getPage(1)).view;
  return { text: parts.join('\n').replace(/\s+/g, ' '), pages: doc.numPages, size: [Math.round(w!), Math.round(h!)] };
}

/** The PDF's text, every run of white space as one space. */
export const pdfText = async (bytes: Uint8Array): Promise<string> => (await readPdf(bytes)).text;
