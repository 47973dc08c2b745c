// pdf-parse ships the Mozilla pdf.js builds it wraps; its v2.0.550 build is CommonJS, runs on Node 20 and in
// jest, and its text items carry their positions, which the layout check needs. Only what pdfText.ts reads.
declare module 'pdf-parse/lib/pdf.js/v2.0.550/build/pdf.js' {
  export function getDocument(source: { data: Uint8Array }): Promise<{
    numPages: number;
    getPage(n: number): Promise<{
      getTextContent(): Promise<{
        items: { str: string; width: number; height: number; transform: number[] }[];
      }>;
    }>;
  }>;
}
