import { Type } from 'typebox';

import { signedInAccount } from '../auth/requireAuth';
import { serverNow, serverToday } from '../clock';
import { codeAndMessage } from '../contract/common';
import { grantedListAnswer, grantListAnswer, grantRequest } from '../contract/permissions';
import { maskedDocument } from '../data/accessRecords';
import {
  checkGrant,
  grantsOfAccount,
  grantState,
  grantsToAccount,
  insertGrant,
  revokeGrant,
} from '../data/grants';
import { visibleSupplies } from '../data/scope';
import { ApiError, errorBody, notFound } from '../http/errors';
import { queuePermissionMails } from '../notifications';
import type { RoutePlugin } from './context';

export const GRANT_REVOKED = 'Permiso revocado: desde ahora esa persona no puede consultar sus datos.';
export const GRANT_CREATED = 'Permiso dado. Le hemos enviado un correo con sus datos.';

const supplyOf = (supply: { code: string; cups: string; address: string; line: string }) => ({
  codigoContrato: supply.code,
  cups: supply.cups,
  direccion: supply.address,
  linea: supply.line,
});

/**
 * Permissions for someone you trust (issue 28): the holder (customer or administrator) lists, gives and
 * revokes them; the person named reads "Suministros autorizados". The reads themselves go through the
 * supplies' own calls (data/scope.ts findVisibleContract).
 */
export const permissionRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/ov/permisos/api/permisos',
    { schema: { response: { 200: grantListAnswer, '4xx': errorBody } } },
    async (request) => {
      const account = signedInAccount(request);
      const today = serverToday();
      const [grants, supplies] = await Promise.all([
        grantsOfAccount(db, account),
        visibleSupplies(db, account),
      ]);
      return {
        hoy: today,
        permisos: grants.map((grant) => ({
          id: grant.id,
          documento: maskedDocument(grant.grantee_document),
          todos: grant.all_supplies === 1,
          suministros: grant.supplies.map(supplyOf),
          desde: grant.starts_on,
          hasta: grant.ends_on,
          alcance: grant.scope,
          estado: grantState(grant, today),
          revocado: grant.revoked_at,
        })),
        suministros: supplies.map(supplyOf),
      };
    },
  );

  app.post(
    '/ov/permisos/api/permisos',
    { schema: { body: grantRequest, response: { 201: codeAndMessage, '4xx': errorBody } } },
    async (request, reply) => {
      const account = signedInAccount(request);
      const { documento, todos, contratos, desde, hasta, alcance } = request.body;
      const input = {
        document: documento,
        contracts: todos ? null : contratos,
        startsOn: desde,
        endsOn: hasta,
        scope: alcance,
      };
      const now = serverNow();
      const checked = await checkGrant(db, account, input, serverToday(), await visibleSupplies(db, account));
      if ('error' in checked) throw new ApiError(400, 400, checked.error);
      await db.transaction().execute(async (trx) => {
        const id = await insertGrant(trx, account, checked, input, now);
        await queuePermissionMails(db, trx, id, 'given', now);
      });
      return reply.status(201).send({ code: 201, message: GRANT_CREATED });
    },
  );

  app.post(
    '/ov/permisos/api/permisos/:id/revocar',
    {
      schema: {
        params: Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) }),
        response: { 200: codeAndMessage, '4xx': errorBody },
      },
    },
    async (request) => {
      const account = signedInAccount(request);
      const now = serverNow();
      const revoked = await db.transaction().execute(async (trx) => {
        if (!(await revokeGrant(trx, account, request.params.id, now, serverToday()))) return false;
        await queuePermissionMails(db, trx, request.params.id, 'revoked', now);
        return true;
      });
      // Not the account's, already revoked or past its end: nothing to revoke.
      if (!revoked) throw notFound();
      return { code: 200, message: GRANT_REVOKED };
    },
  );

  app.get(
    '/ov/permisos/api/autorizados',
    { schema: { response: { 200: grantedListAnswer, '4xx': errorBody } } },
    async (request) => {
      const grants = await grantsToAccount(db, signedInAccount(request), serverToday());
      return {
        autorizados: grants.map((grant) => ({
          id: grant.id,
          titular: grant.holderInitials,
          suministros: grant.supplies.map(supplyOf),
          desde: grant.starts_on,
          hasta: grant.ends_on,
          alcance: grant.scope,
        })),
      };
    },
  );
};
