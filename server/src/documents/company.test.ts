import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { disputeContactFrom } from './company';

describe('the dispute contact a bill prints', () => {
  it('names every dispute body of the runtime configuration, the list the claim screens show', () => {
    const file = path.join(__dirname, '../../../public/config.json');
    const text = disputeContactFrom(file);
    expect(text).toMatch(/^Si su reclamación no se resuelve en un mes/);
    expect(text).toContain(
      'Junta Arbitral de Consumo (Sistema Arbitral de Consumo) (https://www.consumo.gob.es/es/consumo/arbitraje-de-consumo)',
    );
    expect(text).toContain('https://www.miteco.gob.es/es/energia/atencion-al-consumidor.html');
  });

  it('follows an edited configuration, and says the default without one', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ov-dispute-'));
    const file = path.join(dir, 'config.json');
    writeFileSync(
      file,
      JSON.stringify({ disputeResolution: [{ name: 'Junta X', url: 'https://x.example' }] }),
    );
    expect(disputeContactFrom(file)).toMatch(/puede acudir a: Junta X \(https:\/\/x\.example\)\.$/);
    expect(disputeContactFrom(path.join(dir, 'none.json'))).toMatch(
      /Junta Arbitral de Consumo de su comunidad/,
    );
  });
});
