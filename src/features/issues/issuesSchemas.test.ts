import { ValidationError } from 'yup';
import { CUPS_NOT_OWNED } from './issuesMessages';
import { escapeQuotes, textAreaLength } from '@/shared/lib/textArea';
import { newIssueBody, newIssueSchema, type NewIssueValues } from './issuesSchemas';

const valid: NewIssueValues = {
  title: 'Consulta',
  category: '1',
  subcategory: '2',
  line: 'Gas',
  cups: 'ES0230000000000001AB',
  contractCode: '123',
  description: 'Texto',
};

async function errorsOf(values: NewIssueValues, userCups = [valid.cups]): Promise<string[]> {
  try {
    await newIssueSchema(userCups).validate(values, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as ValidationError).errors;
  }
}

describe('text-area counting rule', () => {
  it('counts length plus 5 per double quote plus 1 per line break', () => {
    expect(textAreaLength('')).toBe(0);
    expect(textAreaLength('abc')).toBe(3);
    expect(textAreaLength('a"b"')).toBe(4 + 10);
    expect(textAreaLength('a\nb\n')).toBe(4 + 2);
    expect(textAreaLength('"\n')).toBe(2 + 5 + 1);
  });

  it('the limits hold exactly at 200 and 1000', async () => {
    expect(await errorsOf({ ...valid, title: 'a'.repeat(200), description: 'a'.repeat(1000) })).toEqual([]);
    expect(await errorsOf({ ...valid, title: `${'a'.repeat(194)}"` })).toEqual([]);
    expect(await errorsOf({ ...valid, title: `${'a'.repeat(195)}"` })).toEqual([
      'El campo Asunto no debe ser mayor a 200 caracteres',
    ]);
    expect(await errorsOf({ ...valid, description: `${'a'.repeat(998)}\nb` })).toEqual([
      'El campo Descripción no debe ser mayor a 1000 caracteres',
    ]);
  });
});

describe('new request rules', () => {
  it('requires every field with the field’s name', async () => {
    const empty = Object.fromEntries(Object.keys(valid).map((key) => [key, ''])) as unknown as NewIssueValues;
    expect(await errorsOf(empty)).toEqual(
      expect.arrayContaining([
        'El campo Asunto es obligatorio',
        'El campo Categoría es obligatorio',
        'El campo Subcategoría es obligatorio',
        'El campo Línea es obligatorio',
        'El campo CUPS es obligatorio',
        'El campo Código de contrato es obligatorio',
        'El campo Descripción es obligatorio',
      ]),
    );
  });

  it('a blank subject counts as empty', async () => {
    expect(await errorsOf({ ...valid, title: '   ' })).toEqual(['El campo Asunto es obligatorio']);
  });

  it('the CUPS must be one of the user’s', async () => {
    expect(await errorsOf(valid, ['ES0000000000000000XX'])).toEqual([CUPS_NOT_OWNED]);
    expect(CUPS_NOT_OWNED).toBe('El CUPS seleccionado debe estar entre los CUPS del usuario');
  });
});

describe('the body sent', () => {
  it('escapes double quotes in title and description only', () => {
    expect(escapeQuotes('a "b" c')).toBe('a &quot;b&quot; c');
    expect(newIssueBody({ ...valid, title: '"x"', description: 'di "hola"', cups: 'A"B' })).toMatchObject({
      title: '&quot;x&quot;',
      description: 'di &quot;hola&quot;',
      cups: 'A"B',
    });
  });

  it('leaves empty fields out', () => {
    expect(newIssueBody({ ...valid, subcategory: '', contractCode: '' })).toEqual({
      title: 'Consulta',
      description: 'Texto',
      category: '1',
      line: 'Gas',
      cups: valid.cups,
    });
  });
});
