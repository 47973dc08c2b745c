import { render, screen } from '@testing-library/react';
import { FieldFrame } from './FieldFrame';

const field = (props: { error?: string; errorLine?: boolean }) =>
  render(
    <FieldFrame id="filter" label="CUPS" error={props.error} errorLine={props.errorLine}>
      <input id="filter" />
    </FieldFrame>,
  );

describe('FieldFrame', () => {
  it('keeps a line for the error of a field with rules, empty until there is one', () => {
    const { container } = field({});
    expect(screen.getByRole('textbox', { name: 'CUPS' })).toBeInTheDocument();
    expect(container.querySelector('#filter-error')).toHaveTextContent('');
  });

  it('keeps no error line for a search filter, which has no rules', () => {
    const { container } = field({ errorLine: false });
    expect(screen.getByRole('textbox', { name: 'CUPS' })).toBeInTheDocument();
    expect(container.querySelector('.field__error')).toBeNull();
  });

  it('still shows an error given to a field without an error line', () => {
    const { container } = field({ errorLine: false, error: 'Introduzca un CUPS válido.' });
    expect(container.querySelector('#filter-error')).toHaveTextContent('Introduzca un CUPS válido.');
  });
});
