import { droppedMeanwhile } from './migrate';

// The race itself: Kysely's catalogue query reads a table of a schema that a concurrent DROP has just removed,
// and pg_get_serial_sequence, which resolves the table by name, fails with 3F000 and that schema's name.

describe('droppedMeanwhile', () => {
  const missing = (schema: string) =>
    Object.assign(new Error(`schema "${schema}" does not exist`), { code: '3F000' });

  it('takes another schema gone during the catalogue read for a reason to look again', () => {
    expect(droppedMeanwhile(missing('t_other'), 't_ours')).toBe(true);
  });

  it('lets our own missing schema, and every other failure, fail the migration', () => {
    expect(droppedMeanwhile(missing('t_ours'), 't_ours')).toBe(false);
    expect(droppedMeanwhile(Object.assign(new Error('deadlock detected'), { code: '40P01' }), 't_ours')).toBe(
      false,
    );
  });
});
