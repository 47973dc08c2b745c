import { Link } from 'react-router-dom';
import { pathTo } from '@/shared/config/routes';

import { BACK_HOME, NOT_FOUND_TEXT, NOT_FOUND_TITLE } from './layoutMessages';

export function NotFoundPage() {
  return (
    <section className="page" aria-labelledby="page-title">
      <h1 id="page-title" className="page__title">
        {NOT_FOUND_TITLE}
      </h1>
      <p>{NOT_FOUND_TEXT}</p>
      <p>
        <Link to={pathTo('home')}>{BACK_HOME}</Link>
      </p>
    </section>
  );
}
