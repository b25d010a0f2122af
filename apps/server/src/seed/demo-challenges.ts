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
 * One demo challenge per store (docs/architecture.md A7), in Spanish and English (A6.15), written through
 * the same service as the API: the first store's trivia about the program is active and open (so
 * /challenge has something to answer), with five demo employees' answers (three all right) for the
 * participants tab; the other stores' are inactive drafts. Nobody is notified and nothing is awarded: the demo accounts' notifications and
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
      titleEn: 'Points program trivia',
      description: 'Responde tres preguntas sobre cómo funciona el programa. Los tres primeros en acertar todas ganan 200 puntos cada uno.',
      descriptionEn:
        'Answer three questions about how the program works. The first three people to get them all right win 200 points each.',
      type: 'multiple_choice',
      startsAt: at(-DAY),
      endsAt: at(30 * DAY),
      winners: 3,
      pointsPerWinner: 200,
      questions: [
        {
          text: '¿Qué día vencen los puntos que no se canjearon?',
          textEn: 'On what day do unredeemed points expire?',
          options: [
            { text: '16 de octubre', textEn: 'October 16', isCorrect: true },
            { text: '31 de diciembre', textEn: 'December 31', isCorrect: false },
            { text: 'Nunca vencen', textEn: 'They never expire', isCorrect: false },
          ],
        },
        {
          text: '¿En cuántos días se asignan los puntos después de una actividad?',
          textEn: 'Within how many days of an activity are points credited?',
          options: [
            { text: '30 días', textEn: '30 days', isCorrect: false },
            { text: '10 días', textEn: '10 days', isCorrect: true },
          ],
        },
        {
          text: '¿Cuántos días tienes para elegir tu premio después del enlace final de canje?',
          textEn: 'How many days do you have to choose your reward once you get the final redemption link?',
          options: [
            { text: '10 días', textEn: '10 days', isCorrect: true },
            { text: '2 días', textEn: '2 days', isCorrect: false },
            { text: '60 días', textEn: '60 days', isCorrect: false },
          ],
        },
      ],
    },
    {
      storeId: second,
      title: 'Ideas para una oficina más sana',
      titleEn: 'Ideas for a healthier office',
      description: 'Cuéntanos una idea para cuidar la salud en la oficina. El equipo elegirá las dos mejores.',
      descriptionEn: 'Share an idea for looking after our health at the office. The team will pick the best two.',
      type: 'open',
      startsAt: at(DAY),
      endsAt: at(15 * DAY),
      winners: 2,
      pointsPerWinner: 300,
      questions: [{ text: '¿Qué propones y por qué?', textEn: 'What do you suggest, and why?', options: [] }],
    },
    {
      storeId: third,
      title: 'Reto de bienestar',
      titleEn: 'Well-being challenge',
      description: 'Pon a prueba lo que sabes sobre hábitos saludables y gana puntos.',
      descriptionEn: 'Put what you know about healthy habits to the test and earn points.',
      type: 'multiple_choice',
      startsAt: at(2 * DAY),
      endsAt: at(20 * DAY),
      winners: 5,
      pointsPerWinner: 100,
      questions: [
        {
          text: '¿Cuántos minutos de actividad física a la semana recomienda la OMS para un adulto?',
          textEn: 'How many minutes of physical activity a week does the WHO recommend for an adult?',
          options: [
            { text: '150 minutos', textEn: '150 minutes', isCorrect: true },
            { text: '30 minutos', textEn: '30 minutes', isCorrect: false },
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
