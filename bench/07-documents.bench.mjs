// Document figures on the demo data: one invoice PDF (median of many), and the bulk archives (one PDF bundle,
// one ZIP of PDFs) of about 50, 100 and 200 invoices with the server's resident memory at each, which must
// stay flat as the count grows because both are streamed.
import { httpClient, logInThroughApi, median, peakRss, report, startServer } from './lib.mjs';
import { benchPort } from './ports.mjs';

const PORT = benchPort(import.meta.url);

function client(origin, token) {
  const get = httpClient(origin, { headers: { authorization: `Bearer ${token}` } });
  return async (url) => {
    const { status, body } = await get(`/api/cliente${url}`);
    if (status >= 400) throw new Error(`${url}: ${status} ${body.toString()}`);
    return { status, body, json: () => JSON.parse(body.toString()) };
  };
}

const count = (answer) => (answer.status === 204 ? 0 : answer.json().Fullbilling.total[0].count);

/**
 * The widest range of whole months up to today whose invoices do not pass `target`. An open end (endDate=0)
 * lets it reach back past one year, as bench 04 does: the demo customer bills about 120 invoices a year.
 */
async function rangeFor(get, target) {
  let best = { count: 0, query: '' };
  const now = new Date();
  for (let months = 1; months <= 36; months++) {
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months + 1, 1));
    const query = `startDate=${start.toISOString().slice(0, 10)}&endDate=0`;
    const matches = count(await get(`/ov/invoices/api/filterfullbilling?line=todo&${query}`));
    if (matches > target) break;
    best = { count: matches, query };
  }
  return best;
}

export async function run() {
  const server = await startServer({ port: PORT });
  try {
    const { access_token } = await logInThroughApi(server.origin, 'cliente', 'demo', 'Demo2024!');
    const get = client(server.origin, access_token);

    const latest = (await get('/ov/invoices/api/fullbilling?isDefaultQuery=true')).json().Invoice;
    const pdfs = latest.map((invoice) => invoice.Pdf);
    for (const url of pdfs) await get(url);
    const times = [];
    for (let i = 0; i < 60; i++) {
      const started = performance.now();
      await get(pdfs[i % pdfs.length]);
      times.push(performance.now() - started);
    }
    report(
      `PDF de una factura (las ${pdfs.length} últimas del cliente demo), mediana de 60`,
      median(times),
      'ms',
      40,
    );

    for (const target of [50, 100, 200]) {
      const { count: matches, query } = await rangeFor(get, target);
      // The first call warms the code up; then the median of three, with the server's peak RSS over them.
      const measure = async (kind) => {
        const url = `/ov/invoices/api/fullbilling/${kind}/Todo?${query}`;
        await get(url);
        const runs = [];
        for (let i = 0; i < 3; i++) runs.push(await peakRss(PORT, () => get(url)));
        return {
          ms: median(runs.map((run) => run.ms)),
          peakMb: Math.max(...runs.map((run) => run.peakMb)),
          growthMb: median(runs.map((run) => run.growthMb)),
          kb: runs[0].result.body.length / 1024,
        };
      };
      const pdf = await measure('allinPDF');
      const zip = await measure('allinRar');
      const limit = target === 200 ? 600 : undefined;
      report(`PDF único de ${matches} facturas (${pdf.kb.toFixed(0)} kB), mediana de 3`, pdf.ms, 'ms', limit);
      report(`ZIP de ${matches} facturas (${zip.kb.toFixed(0)} kB), mediana de 3`, zip.ms, 'ms', limit);
      report(
        `memoria del servidor con ${matches} facturas: RSS máximo PDF ${pdf.peakMb.toFixed(0)} MB, ZIP ${zip.peakMb.toFixed(0)} MB; añadida por llamada (mediana) PDF ${pdf.growthMb.toFixed(1)} MB, ZIP`,
        zip.growthMb,
        'MB',
      );
    }
  } finally {
    await server.stop();
  }
}
