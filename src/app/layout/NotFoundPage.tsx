import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';

export const NOT_FOUND_TEXT = 'La página que busca no existe o ha cambiado de dirección.';

export function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        Página no encontrada
      </h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>
        <Link to={pathTo('home')}>Volver al inicio</Link>
      </p>
    </section>
  );
}
