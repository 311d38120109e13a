// Each demo tenant's forms: the admin's intake questionnaire (the tenant's intake form) and a session-prep
// form, in the trade of the tenant's demo business (sets/demo-forms.ts). client@ submitted the intake and has
// the prep form waiting for their next meeting; basic@ has the intake still to fill, so both the answers and the
// "form waiting" card can be seen. The demo coach's meeting types name the prep form, so booking one sends it. A tenant that has its intake form already is left alone: seeding twice
// changes nothing.
import type { Kysely } from 'kysely';
import { answersSchema } from '../../../contracts/forms.js';
import type { Answers } from '../../../contracts/forms.js';
import type { Database } from '../db/database.js';
import type { DemoForm } from './sets/demo-forms.js';
import type { DemoSet } from './sets/demo-set.js';

interface FormsSeed {
  tenantId: number;
  coachUserId: number;
  /** client@ (who submitted the intake) and basic@ (who has it to fill). */
  clientId: number;
  basicId: number;
  at: Date;
  set: DemoSet;
}

async function insertForm(db: Kysely<Database>, seed: FormsSeed, form: DemoForm, intake: boolean) {
  const { id } = await db
    .insertInto('forms')
    .values({
      tenant_id: seed.tenantId,
      owner_id: null,
      title: form.title,
      intake,
      created_at: seed.at,
      updated_at: seed.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const version = await db
    .insertInto('form_versions')
    .values({
      tenant_id: seed.tenantId,
      form_id: id,
      version: 1,
      layout: JSON.stringify(form.layout),
      answers_schema: JSON.stringify(answersSchema(form.layout)),
      created_at: seed.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { form_id: id, version_id: version.id };
}

/** client@'s intake answers: every required question of the set's intake, in its own choices. */
function intakeAnswers(set: DemoSet): Answers {
  const answers: Answers = {};
  for (const q of set.forms.intake.layout.sections.flatMap((s) => s.questions)) {
    if (q.kind === 'number') answers[q.id] = 4;
    else if (q.kind === 'yes_no') answers[q.id] = true;
    else if (q.kind === 'single_choice') answers[q.id] = q.options![0]!;
    else if (q.kind === 'multiple_choice') answers[q.id] = q.options!.slice(0, 2);
    else if (q.kind === 'scale') answers[q.id] = 7;
  }
  answers.goal = `Grow ${set.company.name} without working every weekend.`;
  return answers;
}

export async function seedForms(db: Kysely<Database>, seed: FormsSeed): Promise<void> {
  const already = await db
    .selectFrom('forms')
    .select('id')
    .where('tenant_id', '=', seed.tenantId)
    .where('intake', '=', true)
    .executeTakeFirst();
  if (already) return;
  const intake = await insertForm(db, seed, seed.set.forms.intake, true);
  const prep = await insertForm(db, seed, seed.set.forms.prep, false);
  // The demo coach's meeting types send it when booked, so a booking on the local stack shows a prep form.
  const coach = db.selectFrom('coaches').select('id').where('user_id', '=', seed.coachUserId);
  await db
    .updateTable('meeting_types')
    .set({ prep_form_id: prep.form_id })
    .where('tenant_id', '=', seed.tenantId)
    .where('coach_id', '=', coach)
    .execute();
  const sent = { tenant_id: seed.tenantId, sent_by: seed.coachUserId, sent_at: seed.at };
  const next = await db
    .selectFrom('meetings')
    .select(['id', 'starts_at'])
    .where('tenant_id', '=', seed.tenantId)
    .where('client_id', '=', seed.clientId)
    .where('starts_at', '>', seed.at)
    .orderBy('starts_at')
    .executeTakeFirst();
  await db
    .insertInto('form_sends')
    .values([
      {
        ...sent,
        ...intake,
        client_id: seed.clientId,
        status: 'submitted',
        answers: JSON.stringify(intakeAnswers(seed.set)),
        saved_at: seed.at,
        submitted_at: seed.at,
      },
      { ...sent, ...intake, client_id: seed.basicId },
      {
        ...sent,
        ...prep,
        client_id: seed.clientId,
        meeting_id: next?.id ?? null,
        due_on: next ? next.starts_at.toISOString().slice(0, 10) : null,
      },
    ])
    .execute();
}
