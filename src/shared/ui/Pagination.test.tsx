import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from './Pagination';

describe('Pagination', () => {
  it('disables and marks the current page and reports the chosen one', async () => {
    const onChange = jest.fn();
    render(<Pagination page={5} totalPages={12} onChange={onChange} label="Páginas de prueba" arrows />);
    const pager = screen.getByRole('navigation', { name: 'Páginas de prueba' });
    expect(pager).toHaveTextContent('Anterior1…456…12Siguiente');
    expect(screen.getByRole('button', { name: 'Página 5' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Página 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Página 12' }));
    await userEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(onChange.mock.calls).toEqual([[12], [6]]);
  });

  it('is not shown for a single page', () => {
    render(<Pagination page={1} totalPages={1} onChange={jest.fn()} label="Páginas" />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
