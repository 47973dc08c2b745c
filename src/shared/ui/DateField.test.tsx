import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { DATE_FIELD_MESSAGES } from '@/shared/lib/dateMessages';
import { dateRangeProblems } from '@/shared/lib/dates';
import { DateFormikField } from './DateFormikField';

// Past dates, so that they stay before today whenever the tests run; the latest selectable day is 15 May 2026.
const MAX = '2026-05-15';
const MESSAGES = {
  from: { ...DATE_FIELD_MESSAGES, required: 'Desde vacío', tooEarly: 'Desde demasiado pronto' },
  to: { ...DATE_FIELD_MESSAGES, required: 'Hasta vacío', beforeFrom: 'Hasta antes de Desde' },
};

interface Range {
  from: string;
  to: string;
}

/** Desde and Hasta in a Formik form with the shared range rules, as the date screens build theirs. */
function RangeForm({
  onSubmit,
  initial = { from: '2026-05-09', to: '2026-05-10' },
}: {
  onSubmit: (values: Range) => void;
  initial?: Range;
}) {
  return (
    <Formik
      initialValues={initial}
      validate={({ from, to }: Range) => {
        const problems = dateRangeProblems(from, to, { months: 12 });
        return {
          ...(problems.from && { from: MESSAGES.from[problems.from] }),
          ...(problems.to && { to: MESSAGES.to[problems.to] }),
        };
      }}
      onSubmit={onSubmit}
    >
      <Form noValidate>
        <DateFormikField name="from" label="Desde" max={MAX} />
        <DateFormikField name="to" label="Hasta" max={MAX} />
        <button type="submit">Buscar</button>
      </Form>
    </Formik>
  );
}

function setup(initial?: Range) {
  const onSubmit = jest.fn();
  const user = userEvent.setup();
  render(<RangeForm onSubmit={onSubmit} initial={initial} />);
  return { user, onSubmit, from: screen.getByRole('textbox', { name: 'Desde' }) };
}

const toggle = (label: string) => screen.getByRole('button', { name: `Abrir calendario: ${label}` });
const day = (name: string) => screen.getByRole('button', { name });

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  await user.type(input, text);
  await user.tab();
}

describe('DateField', () => {
  it('keeps a date with a day below 10 when focused and left, and searches with it', async () => {
    const { user, onSubmit, from } = setup();
    expect(from).toHaveValue('09 mayo 2026');
    await user.click(from);
    await user.tab();
    expect(from).toHaveValue('09 mayo 2026');
    expect(from).toHaveAttribute('aria-invalid', 'false');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ from: '2026-05-09', to: '2026-05-10' });
  });

  it.each([
    ['9 mayo 2026', '09 mayo 2026'],
    ['09 mayo 2026', '09 mayo 2026'],
    ['03/02/2026', '03 febrero 2026'],
    ['3/2/2026', '03 febrero 2026'],
    ['01-03-2026', '01 marzo 2026'],
    ['2026-03-01', '01 marzo 2026'],
  ])('accepts %p on blur and shows it as %p', async (typed, shown) => {
    const { user, from } = setup();
    await retype(user, from, typed);
    expect(from).toHaveValue(shown);
    expect(from).toHaveAttribute('aria-invalid', 'false');
  });

  it('keeps text that is not a date as typed, marks it invalid and does not search', async () => {
    const { user, onSubmit, from } = setup();
    await retype(user, from, '31/04/2026');
    expect(from).toHaveValue('31/04/2026');
    await waitFor(() => expect(from).toHaveAttribute('aria-invalid', 'true'));
    expect(from).toHaveAccessibleDescription('Introduzca la fecha con el formato DD/MM/AAAA.');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(from).toHaveValue('31/04/2026');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows a date after today with its message, without changing it', async () => {
    const { user, onSubmit } = setup();
    const to = screen.getByRole('textbox', { name: 'Hasta' });
    await retype(user, to, '01/01/2999');
    expect(to).toHaveValue('01 enero 2999');
    await waitFor(() => expect(to).toHaveAccessibleDescription('La fecha no puede ser posterior a hoy.'));
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('commits a typed date on Enter, and the form searches with it', async () => {
    const { user, onSubmit, from } = setup();
    await user.clear(from);
    await user.type(from, '3/5/2026{Enter}');
    expect(from).toHaveValue('03 mayo 2026');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toEqual({ from: '2026-05-03', to: '2026-05-10' });
  });

  it('empties only when the user empties it', async () => {
    const { user, from } = setup();
    await user.clear(from);
    await user.tab();
    expect(from).toHaveValue('');
    await waitFor(() => expect(from).toHaveAccessibleDescription('Desde vacío'));
  });

  it.each([
    ['a click', async (user: ReturnType<typeof userEvent.setup>) => user.click(toggle('Desde'))],
    [
      'Enter',
      async (user: ReturnType<typeof userEvent.setup>) => (toggle('Desde').focus(), user.keyboard('{Enter}')),
    ],
    [
      'Space',
      async (user: ReturnType<typeof userEvent.setup>) => (toggle('Desde').focus(), user.keyboard(' ')),
    ],
  ])('opens the calendar with %s on the selected day', async (_, open) => {
    const { user } = setup();
    await open(user);
    expect(screen.getByRole('dialog', { name: 'Calendario: Desde' })).toBeInTheDocument();
    expect(day('9 de mayo de 2026')).toHaveFocus();
    expect(day('9 de mayo de 2026')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('columnheader')[0]).toHaveAttribute('abbr', 'lunes');
  });

  it('opens an empty field on the latest selectable day', async () => {
    const { user } = setup({ from: '', to: '2026-05-10' });
    await user.click(toggle('Desde'));
    expect(day('15 de mayo de 2026')).toHaveFocus();
  });

  it('moves by day, week, month, year and to the week ends from the keyboard', async () => {
    const { user } = setup();
    await user.click(toggle('Desde'));
    // 9 May 2026 is a Saturday.
    await user.keyboard('{ArrowLeft}');
    expect(day('8 de mayo de 2026')).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(day('10 de mayo de 2026')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(day('3 de mayo de 2026')).toHaveFocus();
    await user.keyboard('{Home}');
    expect(day('27 de abril de 2026')).toHaveFocus();
    await user.keyboard('{End}');
    expect(day('3 de mayo de 2026')).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(day('10 de mayo de 2026')).toHaveFocus();
    await user.keyboard('{PageUp}');
    expect(day('10 de abril de 2026')).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Mes' })).toHaveDisplayValue('abril');
    await user.keyboard('{PageDown}');
    expect(day('10 de mayo de 2026')).toHaveFocus();
    await user.keyboard('{Shift>}{PageUp}{/Shift}');
    expect(day('10 de mayo de 2025')).toHaveFocus();
    // Never past the latest selectable day.
    await user.keyboard('{Shift>}{PageDown}{/Shift}{ArrowDown}');
    expect(day('15 de mayo de 2026')).toHaveFocus();
    expect(day('16 de mayo de 2026')).toBeDisabled();
  });

  it('picks the focused day with Enter, closes and returns to the button', async () => {
    const { user, from } = setup();
    await user.click(toggle('Desde'));
    await user.keyboard('{ArrowLeft}{ArrowLeft}{Enter}');
    expect(from).toHaveValue('07 mayo 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle('Desde')).toHaveFocus();
  });

  it('closes with Escape from a day and from its button, returning focus to the button', async () => {
    const { user, from } = setup();
    await user.click(toggle('Desde'));
    await user.keyboard('{ArrowLeft}{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle('Desde')).toHaveFocus();
    expect(from).toHaveValue('09 mayo 2026');

    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    toggle('Desde').focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(toggle('Desde')).toHaveFocus();
  });

  it('keeps one calendar open at a time', async () => {
    const { user } = setup();
    await user.click(toggle('Desde'));
    await user.click(toggle('Hasta'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Calendario: Hasta' })).toBeInTheDocument();
    expect(toggle('Desde')).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes when the focus leaves the field, by Tab or by a click elsewhere', async () => {
    const { user } = setup();
    await user.click(toggle('Desde'));
    const dialog = screen.getByRole('dialog', { name: 'Calendario: Desde' });
    // A click on the calendar's background keeps it open.
    await user.click(dialog);
    expect(dialog).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Opened again, focus is on the selected day, its last stop: Tab leaves the calendar for Hasta.
    await user.click(toggle('Desde'));
    expect(day('9 de mayo de 2026')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('textbox', { name: 'Hasta' })).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(toggle('Desde'));
    await user.click(document.body);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
