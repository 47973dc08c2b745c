import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';
import './page.css';

export const NOT_AVAILABLE_YET =
  'Esta sección todavía no está disponible en esta versión de la Oficina Virtual.';
export const BACK_HOME = 'Volver al inicio';

/** Stands in for a screen that a later version delivers; says so plainly. */
export function PagePlaceholder({ title }: { title: string }) {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {title}
      </h1>
      <p>{NOT_AVAILABLE_YET}</p>
      <p>
        <Link to={pathTo('home')}>{BACK_HOME}</Link>
      </p>
    </section>
  );
}
