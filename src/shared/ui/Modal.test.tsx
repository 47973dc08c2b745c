import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from './Modal';

describe('Modal', () => {
  it('takes focus, blurs the page behind and closes with Escape or the close button', async () => {
    const onClose = jest.fn();
    render(
      <Modal title="Detalles del Contrato" onClose={onClose}>
        <p>Contenido</p>
      </Modal>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Detalles del Contrato' });
    expect(dialog).toHaveFocus();
    expect(document.body).toHaveClass('modal-open');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
