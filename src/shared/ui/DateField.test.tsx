import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { DateField } from './DateField';

function Harness({ onChange }: { onChange: (iso: string) => void }) {
  const [value, setValue] = useState('2026-03-10');
  return (
    <DateField
      id="desde"
      label="Desde"
      value={value}
      min="2004-01-01"
      max="2026-03-15"
      onChange={(iso) => {
        setValue(iso);
        onChange(iso);
      }}
    />
  );
}

describe('DateField', () => {
  it('shows the date with the Spanish month name and accepts typed dates', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Desde');
    expect(input).toHaveValue('10 marzo 2026');
    await userEvent.clear(input);
    await userEvent.type(input, '02/01/2026');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-01-02');
    expect(input).toHaveValue('02 enero 2026');
  });

  it('never goes past the latest date, typed or picked', async () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByLabelText('Desde');
    await userEvent.clear(input);
    await userEvent.type(input, '01/01/2030');
    await userEvent.tab();
    expect(onChange).toHaveBeenLastCalledWith('2026-03-15');

    await userEvent.click(screen.getByRole('button', { name: 'Abrir calendario: Desde' }));
    expect(screen.getByRole('button', { name: '16 de marzo de 2026' })).toBeDisabled();
    expect(screen.getAllByRole('columnheader')[0]).toHaveAttribute('abbr', 'lunes');
    await userEvent.click(screen.getByRole('button', { name: '3 de marzo de 2026' }));
    expect(onChange).toHaveBeenLastCalledWith('2026-03-03');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('moves between days with the arrow keys and closes with Escape', async () => {
    render(<Harness onChange={jest.fn()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Abrir calendario: Desde' }));
    screen.getByRole('button', { name: '10 de marzo de 2026' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('button', { name: '9 de marzo de 2026' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abrir calendario: Desde' })).toHaveFocus();
  });
});
