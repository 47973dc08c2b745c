import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * Libraries the event loop never runs: the document threads draw the PDFs and spreadsheets (PDFKit, fontkit,
 * qrcode, ExcelJS), and archiver, nodemailer and pg are loaded by their first use. Loaded at start they held
 * about 17 MB of the server's heap for nothing (issue 30, server/docs/wire-and-memory.md).
 */
const DOCUMENT_AND_LATE_LIBRARIES = [
  'exceljs',
  'pdfkit',
  'fontkit',
  'qrcode',
  'archiver',
  'nodemailer',
  'pg',
];

it('starting the server loads none of the document libraries, nor archiver, nodemailer or pg', async () => {
  // A process of its own, as the server starts (jest keeps its own module registry): every module the server's
  // code loads before its first request, by package.
  const script = `require('./server/src/app.ts');
const packages = Object.keys(require.cache).map((file) => /node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(file)?.[1]);
process.stdout.write(JSON.stringify([...new Set(packages.filter(Boolean))]));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '-e', script]);
  const loaded = JSON.parse(stdout) as string[];
  // The check sees the server's packages at all: Fastify is loaded.
  expect(loaded).toContain('fastify');
  expect(loaded.filter((name) => DOCUMENT_AND_LATE_LIBRARIES.includes(name))).toEqual([]);
});
