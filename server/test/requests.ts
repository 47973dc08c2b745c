import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/database';

type Method = 'GET' | 'POST';

/** One call with a bearer token, for the suites that act as several users of several realms. */
export function bearerCall(
  app: FastifyInstance,
  token: string,
  method: Method,
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload });
}

/**
 * The body of a new request (issue 27) of a demo user (a customer, or the demo administrator by its user name)
 * on their first contract, in the category named `categoryName`.
 */
export async function newRequestBody(
  db: Db,
  username: string,
  categoryName: string,
  title = 'Lectura mal tomada',
) {
  const contract = await db
    .selectFrom('contracts')
    .innerJoin('supply_points', 'supply_points.id', 'contracts.supply_point_id')
    .innerJoin('accounts', (join) =>
      join.on((eb) =>
        eb.or([
          eb('accounts.holder_id', '=', eb.ref('contracts.holder_id')),
          eb.exists(
            eb
              .selectFrom('administrator_clients')
              .select('administrator_clients.holder_id')
              .whereRef('administrator_clients.administrator_id', '=', 'accounts.administrator_id')
              .whereRef('administrator_clients.holder_id', '=', 'contracts.holder_id'),
          ),
        ]),
      ),
    )
    .select(['contracts.code', 'contracts.line', 'supply_points.cups'])
    .where('accounts.username', '=', username)
    .orderBy('contracts.code')
    .executeTakeFirstOrThrow();
  const category = await db
    .selectFrom('issue_categories')
    .innerJoin('issue_subcategories', 'issue_subcategories.category_id', 'issue_categories.id')
    .select(['issue_categories.id as category', 'issue_subcategories.id as subcategory'])
    .where('issue_categories.name', '=', categoryName)
    .executeTakeFirstOrThrow();
  return {
    title,
    description: 'La lectura de octubre no es la real.',
    ...category,
    line: contract.line,
    cups: contract.cups,
    contractCode: contract.code,
  };
}

export interface NewRequestAnswer {
  issue: number;
  tracking_code: string;
  deadline: string;
}

/** Files a new request through `realm`'s API as the holder of `token`; its answer (fails unless 201). */
export async function fileRequest(
  t: { app: FastifyInstance; db: Db },
  token: string,
  request: { username: string; category: string; title?: string; realm?: 'cliente' | 'fincas' },
): Promise<NewRequestAnswer> {
  const body = await newRequestBody(t.db, request.username, request.category, request.title);
  const url = `/api/${request.realm ?? 'cliente'}/ov/issues/api/add`;
  const response = await bearerCall(t.app, token, 'POST', url, body);
  if (response.statusCode !== 201) throw new Error(`La solicitud no se creó: ${response.statusCode}`);
  return response.json<NewRequestAnswer>();
}

/** The id of the newest queued e-mail (0 with none): what a step queued is what comes after it. */
export async function lastMailId(db: Db): Promise<number> {
  return (await db.selectFrom('mail_queue').select('id').orderBy('id', 'desc').executeTakeFirst())?.id ?? 0;
}
