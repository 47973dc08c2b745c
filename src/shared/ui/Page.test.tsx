import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FOCUS_TITLE, Page } from './Page';

function renderPageArrivingWith(state: unknown, focusedBefore?: HTMLElement) {
  focusedBefore?.focus();
  render(
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
      <Page className="home" title="Inicio">
        <p>contenido</p>
      </Page>
    </MemoryRouter>,
  );
  return screen.getByRole('heading', { level: 1, name: 'Inicio' });
}

describe('Page title focus after a form that led here', () => {
  afterEach(() => document.body.replaceChildren());

  it('takes the focus when nobody holds it', () => {
    expect(renderPageArrivingWith(FOCUS_TITLE)).toHaveFocus();
  });

  it('leaves the focus where the user put it while the screen was loading (the phone menu)', () => {
    const menuLink = document.createElement('a');
    menuLink.href = '/admin';
    menuLink.textContent = 'Mi cuenta';
    document.body.append(menuLink);
    renderPageArrivingWith(FOCUS_TITLE, menuLink);
    expect(menuLink).toHaveFocus();
  });

  it('moves nothing on an ordinary navigation', () => {
    expect(renderPageArrivingWith(null)).not.toHaveFocus();
  });
});
