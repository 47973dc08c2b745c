import { archiveFileName } from './download';

describe('archive file names (DECISIONS "Archive file names")', () => {
  it('names an archive by the answer’s Content-Type', () => {
    expect(archiveFileName('facturas Gas.rar', 'application/zip')).toBe('facturas Gas.zip');
    expect(archiveFileName('facturas Gas.rar', 'application/x-zip-compressed')).toBe('facturas Gas.zip');
    expect(archiveFileName('facturas Gas.zip', 'application/vnd.rar')).toBe('facturas Gas.rar');
    expect(archiveFileName('facturas Gas.zip', 'Application/X-RAR-Compressed; charset=binary')).toBe(
      'facturas Gas.rar',
    );
  });

  it('keeps the documented name for other types and other files', () => {
    expect(archiveFileName('facturas Gas.rar', 'application/octet-stream')).toBe('facturas Gas.rar');
    expect(archiveFileName('facturas Gas.rar', '')).toBe('facturas Gas.rar');
    expect(archiveFileName('facturas Gas.pdf', 'application/zip')).toBe('facturas Gas.pdf');
  });
});
