import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { DateFormikField } from './DateFormikField';
import { ERROR_SUMMARY_TITLE } from './formMessages';
import { Notification } from './Notification';
import { SummarizedForm } from './SummarizedForm';
import { TextField } from './TextField';

const NAME_REQUIRED = 'Introduzca su nombre.';
const DATE_REQUIRED = 'Introduzca una fecha.';

interface Values {
  name: string;
  when: string;
}

const validate = (values: Values) => ({
  ...(values.name.trim() ? {} : { name: NAME_REQUIRED }),
  ...(values.when ? {} : { when: DATE_REQUIRED }),
});

function TestForm({ onSubmit = () => undefined }: { onSubmit?: () => void }) {
  return (
    <Formik<Values>
      initialValues={{ name: '', when: '' }}
      validate={validate}
      validateOnChange={false}
      onSubmit={onSubmit}
    >
      <SummarizedForm noValidate aria-label="Prueba">
        <TextField name="name" label="Nombre" />
        <DateFormikField name="when" id="prueba-fecha" label="Fecha" />
        <button type="submit">Enviar</button>
      </SummarizedForm>
    </Formik>
  );
}

const summary = () => screen.queryByRole('group', { name: ERROR_SUMMARY_TITLE });

describe('SummarizedForm and its error summary', () => {
  it('shows nothing before a submit, even when a field already shows its error', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.click(screen.getByLabelText('Nombre'));
    await user.tab();
    expect(await screen.findByText(NAME_REQUIRED)).toBeInTheDocument();
    expect(summary()).toBeNull();
  });

  it('after a failed submit lists each error as a link to its field, in field order, and takes the focus', async () => {
    const user = userEvent.setup();
    render(<TestForm />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));

    const box = await waitFor(() => {
      const found = summary();
      expect(found).toHaveFocus();
      return found as HTMLElement;
    });
    const links = within(box).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [NAME_REQUIRED, '#field-name'],
      [DATE_REQUIRED, '#prueba-fecha'],
    ]);
    expect(within(box).getByRole('list', { name: ERROR_SUMMARY_TITLE })).toBeInTheDocument();
    // The fields keep their own messages: the summary is extra.
    expect(document.getElementById('field-name-error')).toHaveTextContent(NAME_REQUIRED);

    await user.click(links[1]);
    expect(screen.getByRole('textbox', { name: 'Fecha' })).toHaveFocus();
    act(() => links[0].focus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveFocus();
  });

  it('follows the errors as they are fixed, takes the focus again on the next failed submit and goes when none are left', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    render(<TestForm onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(summary()).toHaveFocus());

    await user.type(screen.getByRole('textbox', { name: 'Nombre' }), 'Ana');
    await user.tab();
    await waitFor(() => expect(within(summary() as HTMLElement).getAllByRole('link')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(summary()).toHaveFocus());

    await user.type(screen.getByRole('textbox', { name: 'Fecha' }), '01/02/2024');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(summary()).toBeNull());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});

describe('Notification with a focus key', () => {
  it('takes the focus for each new outcome, and never without a key', () => {
    const first = { text: 'Enviado.' };
    const { rerender } = render(<Notification kind="success">Sin foco</Notification>);
    expect(screen.getByRole('status')).not.toHaveFocus();

    rerender(
      <Notification kind="success" focusKey={first}>
        Enviado.
      </Notification>,
    );
    expect(screen.getByRole('status')).toHaveFocus();

    screen.getByRole('status').blur();
    rerender(
      <Notification kind="success" focusKey={first}>
        Enviado.
      </Notification>,
    );
    expect(screen.getByRole('status')).not.toHaveFocus();

    rerender(
      <Notification kind="success" focusKey={{ text: 'Enviado.' }}>
        Enviado.
      </Notification>,
    );
    expect(screen.getByRole('status')).toHaveFocus();
  });
});
