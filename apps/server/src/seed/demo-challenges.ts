import { and, asc, eq, inArray } from 'drizzle-orm';
import type { ChallengeCreate } from '@rewards/shared/challenges';
import type { Db } from '../db/client.ts';
import * as s from '../db/schema/index.ts';
import { submitAnswers } from '../modules/challenges/challenge-answers.service.ts';
import { createChallenge } from '../modules/challenges/challenges.service.ts';
import { demoEmployees } from './demo-loads.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * One demo challenge per store (docs/architecture.md A7), written through the same service as the API: the first
 * store's trivia about the program is active and open (so /challenge has something to answer), with
 * five demo employees' answers (three all right) for the participants tab; the other stores' are
 * inactive drafts. Nobody is notified and nothing is awarded: the demo accounts' notifications and
 * points stay as the journeys expect them.
 */
export async function seedDemoChallenges(db: Db, now: Date): Promise<void> {
  const stores = await db.select({ id: s.stores.id }).from(s.stores).orderBy(asc(s.stores.id));
  if (stores.length < 3) return;
  const [first, second, third] = stores.map((st) => st.id) as [number, number, number];
  const [admin] = await db.select({ id: s.users.id }).from(s.users).where(eq(s.users.email, 'super@rewards.test'));
  if (!admin) return;
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

  const drafts: ChallengeCreate[] = [
    {
      storeId: first,
      title: 'Trivia del programa de puntos',
      description: 'Responde tres preguntas sobre cómo funciona el programa. Los tres primeros en acertar todas ganan 200 puntos cada uno.',
      type: 'multiple_choice',
      startsAt: at(-DAY),
      endsAt: at(30 * DAY),
      winners: 3,
      pointsPerWinner: 200,
      questions: [
        {
          text: '¿Qué día vencen los puntos que no se canjearon?',
          options: [
            { text: '16 de octubre', isCorrect: true },
            { text: '31 de diciembre', isCorrect: false },
            { text: 'Nunca vencen', isCorrect: false },
          ],
        },
        {
          text: '¿En cuántos días se asignan los puntos después de una actividad?',
          options: [
            { text: '30 días', isCorrect: false },
            { text: '10 días', isCorrect: true },
          ],
        },
        {
          text: '¿Cuántos días tienes para elegir tu premio después del enlace final de canje?',
          options: [
            { text: '10 días', isCorrect: true },
            { text: '2 días', isCorrect: false },
            { text: '60 días', isCorrect: false },
          ],
        },
      ],
    },
    {
      storeId: second,
      title: 'Ideas para una oficina más sana',
      description: 'Cuéntanos una idea para cuidar la salud en la oficina. El equipo elegirá las dos mejores.',
      type: 'open',
      startsAt: at(DAY),
      endsAt: at(15 * DAY),
      winners: 2,
      pointsPerWinner: 300,
      questions: [{ text: '¿Qué propones y por qué?', options: [] }],
    },
    {
      storeId: third,
      title: 'Reto de bienestar',
      description: 'Pon a prueba lo que sabes sobre hábitos saludables y gana puntos.',
      type: 'multiple_choice',
      startsAt: at(2 * DAY),
      endsAt: at(20 * DAY),
      winners: 5,
      pointsPerWinner: 100,
      questions: [
        {
          text: '¿Cuántos minutos de actividad física a la semana recomienda la OMS para un adulto?',
          options: [
            { text: '150 minutos', isCorrect: true },
            { text: '30 minutos', isCorrect: false },
          ],
        },
      ],
    },
  ];
  const created = [];
  for (const draft of drafts) created.push(await createChallenge(db, { ...draft, actorId: admin.id, now }));

  // The first store's trivia is open; five demo employees answered it (the 1st, 3rd and 4th all right).
  const trivia = created[0]!;
  await db.update(s.challenges).set({ isActive: true }).where(eq(s.challenges.id, trivia.id));
  const employees = await db
    .select({ id: s.users.id, email: s.users.email, storeId: s.users.storeId })
    .from(s.users)
    .where(
      and(
        inArray(
          s.users.email,
          demoEmployees()
            .slice(50, 55)
            .map((e) => e.email),
        ),
        eq(s.users.storeId, first),
      ),
    )
    .orderBy(asc(s.users.email));
  const right = [true, false, true, true, false];
  for (const [i, e] of employees.entries()) {
    await submitAnswers(db, {
      userId: e.id,
      storeId: e.storeId,
      now: new Date(now.getTime() - (20 - i) * HOUR),
      input: {
        challengeId: trivia.id,
        values: trivia.questions.map((q) => ({ questionId: q.id, optionId: q.options.find((o) => o.isCorrect === right[i])!.id })),
      },
    });
  }
}
