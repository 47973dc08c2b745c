import { hashPassword } from '../../auth/passwords';
import type { Db } from '../database';

/** The retailer's demo attention desk: one staff member of the 'atencion' realm (issue 27). */
export const DEMO_STAFF = {
  username: 'agente@energiademo.example',
  password: 'Agente2024!',
  givenName: 'Lucía',
  familyName: 'Navarro',
};

/** The demo staff account, when missing (a database made before the desk gains it on the next start). */
export async function seedStaff(db: Db): Promise<void> {
  const existing = await db
    .selectFrom('accounts')
    .select('id')
    .where('realm', '=', 'atencion')
    .where('username', '=', DEMO_STAFF.username)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('accounts')
    .values({
      realm: 'atencion',
      username: DEMO_STAFF.username,
      email: DEMO_STAFF.username,
      password_hash: await hashPassword(DEMO_STAFF.password),
      holder_id: null,
      administrator_id: null,
      telephone: null,
      given_name: DEMO_STAFF.givenName,
      family_name: DEMO_STAFF.familyName,
      last_name: '',
      validated: 1,
      created_at: new Date().toISOString(),
    })
    .execute();
}
