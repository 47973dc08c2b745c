import type { FastifyReply } from 'fastify';

// What the event loop needs to send a document drawn elsewhere: kept apart from pdf.ts, whose pdfkit (with
// fontkit, about 5 MB of heap) only the document threads load (issue 30).

/** Content-Disposition with an ASCII fallback and the UTF-8 name (file names carry spaces and accents). */
export function attachment(fileName: string): string {
  const ascii = fileName
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/"/g, '');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function sendPdfBytes(reply: FastifyReply, body: Buffer, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachment(fileName))
    .send(body);
}
