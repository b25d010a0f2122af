import { ConfigError, loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { prepareDatabase } from './seed/prepare.ts';
import { movableClock, systemClock } from './lib/clock.ts';
import { runPointExpiry } from './modules/points/expiry.service.ts';
import { resetAllowances } from './modules/peer/allowance.service.ts';
import { runApprovalReminders } from './modules/awards/approvals.service.ts';
import { reloadBudgets } from './modules/awards/budgets.service.ts';
import { approvalMailLinks } from './modules/awards/links.service.ts';
import { runCelebrations } from './modules/celebrations/job.service.ts';
import { startAuditSealer } from './modules/audit/audit.service.ts';
import { smtpTransport, startMailWorker } from './modules/mail/mail-worker.ts';
import { startTeamsWorker, teamsTransportFromConfig } from './modules/teams/teams-worker.ts';
import { httpSender, startWebhookWorker } from './modules/webhooks/webhook-worker.ts';
import { testClockPlugin } from './plugins/test-clock.ts';

/**
 * The settings, or the reason they are refused, printed alone: an uncaught error would show Node's stack and
 * the source line of the `throw` beside the message.
 */
function settings() {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
}

const config = settings();
const database = await openDatabase(config.database).catch((err: Error) => {
  console.error(err.message);
  process.exit(1);
});
const prepared = await prepareDatabase(database.db, config);
if (prepared.seeded) console.log('Empty database: demo data loaded.');
if (prepared.bootstrapped) console.log(`${prepared.bootstrapped} is the first super administrator (BOOTSTRAP_SUPER_ADMIN_EMAIL).`);
// The browser journeys move the clock (TEST_CLOCK_ROUTES, never in production: config.ts); else the system's.
const testClock = config.testClockRoutes ? movableClock() : null;
const clock = testClock ?? systemClock;
const app = await buildApp({ config, database, db: database.db, clock });

// Scheduled jobs run on the database: every instance may try, one does the work (job_runs).
const JOB_INTERVAL_MS = 10 * 60_000;
const runJobs = () =>
  Promise.all([
    runPointExpiry(database.db, clock.now(), config.calendar)
      .then((r) => r.ran && app.log.info(r, 'points expired for the program year'))
      .catch((err) => app.log.error({ err }, 'point expiry failed')),
    // Giving allowances move to the new period once, whichever instance runs first (rs_allowance_reset);
    // a person whose period went stale between runs is reset when they next read or give (A6.16).
    resetAllowances(database.db, { now: clock.now(), calendar: config.calendar })
      .then((n) => n > 0 && app.log.info({ allowances: n }, 'giving allowances reset for the new period'))
      .catch((err) => app.log.error({ err }, 'giving allowance reset failed')),
    // Budgets move to their new period once (rs_budget_reload), and waiting approvals are reminded and
    // escalated once (rs_approval_reminders), whichever instance runs first (A6.19).
    reloadBudgets(database.db, { now: clock.now(), calendar: config.calendar })
      .then((n) => n > 0 && app.log.info({ budgets: n }, 'budgets moved to the new period'))
      .catch((err) => app.log.error({ err }, 'budget reload failed')),
    runApprovalReminders(database.db, clock.now())
      .then((r) => (r.reminded || r.escalated) && app.log.info(r, 'approvals reminded and escalated'))
      .catch((err) => app.log.error({ err }, 'approval reminders failed')),
  ]);
const jobs = setInterval(runJobs, JOB_INTERVAL_MS);
jobs.unref();
void runJobs();

// Celebrations, managers' heads-ups and expiry reminders (docs/architecture.md A6.17): at start (a server that
// was down at someone's hour catches up the same local day) and every CELEBRATION_INTERVAL_SECONDS, on every
// instance; the database's keys make each happen once. The new public celebrations go to the live feed once
// committed. One run at a time per instance.
let celebrating = false;
async function celebrate() {
  if (celebrating) return;
  celebrating = true;
  try {
    const r = await runCelebrations(database.db, { now: clock.now(), calendar: config.calendar });
    for (const recognitionId of r.feed)
      app.realtime.announceFeed({ kind: 'celebration', recognitionId, private: false, audience: [], stores: [] });
    if (r.celebrations || r.headsUps || r.reminders)
      app.log.info(
        { celebrations: r.celebrations, credited: r.credited, headsUps: r.headsUps, reminders: r.reminders },
        'celebrations job',
      );
  } catch (err) {
    app.log.error({ err }, 'celebrations job failed');
  } finally {
    celebrating = false;
  }
}
const celebrations = setInterval(() => void celebrate(), config.celebrationIntervalMs);
celebrations.unref();
void celebrate();

// The e-mail outbox is delivered only when SMTP_URL is set; without it the outbox keeps every message
// (administrators read it at /admin/mail). Every instance may run it: claims skip each other's rows, and a
// message cut off mid-send by a dead instance is marked failed, never sent twice (decision 0033).
const mailWorker = config.smtpUrl
  ? startMailWorker({
      db: database.db,
      clock,
      transport: smtpTransport(config.smtpUrl),
      from: config.mailFrom,
      publicUrl: config.publicUrl,
      // Approval requests carry signed approve and deny links (A6.19).
      approvalLinks: (step) => approvalMailLinks({ secret: config.session.secret, publicUrl: config.publicUrl, now: clock.now() }, step),
      // Without Teams configured, the copies of users who prefer Teams go by e-mail (decision 0030).
      channels: config.teams ? ['email'] : ['email', 'teams'],
      intervalMs: config.mailIntervalMs,
      leaseMs: config.mailLeaseMs,
      onResult: (r) => app.log.info(r, 'e-mail outbox pass'),
      onError: (err) => app.log.error({ err }, 'e-mail outbox pass failed'),
    })
  : null;

// Teams activity feed notifications, only when TEAMS_TENANT_ID, TEAMS_CLIENT_ID and TEAMS_CLIENT_SECRET are set.
const teamsWorker = config.teams
  ? startTeamsWorker({
      db: database.db,
      clock,
      transport: teamsTransportFromConfig(config.teams),
      publicUrl: config.publicUrl,
      onResult: (r) => app.log.info(r, 'Teams outbox pass'),
      onError: (err) => app.log.error({ err }, 'Teams outbox pass failed'),
    })
  : null;

// The audit log's sealer (docs/architecture.md A6.19): every instance every few seconds; its advisory lock
// lets one chain at a time, and the others skip the pass.
const auditSealer = startAuditSealer({ db: database.db, onError: (err) => app.log.error({ err }, 'audit sealer failed') });
// Webhooks (docs/architecture.md A6.19): every instance delivers; claims skip each other's rows and a subject's
// deliveries go one at a time, in order. The worker also removes what is older than 30 days.
const webhookWorker = startWebhookWorker({
  db: database.db,
  // The real time even when the journeys move the server clock: receivers check the signed timestamp against theirs.
  clock: systemClock,
  send: httpSender({ production: config.production }),
  onResult: (r) => app.log.info(r, 'webhooks pass'),
  onError: (err) => app.log.error({ err }, 'webhooks pass failed'),
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  clearInterval(jobs);
  clearInterval(celebrations);
  await Promise.all([mailWorker?.stop(), teamsWorker?.stop(), auditSealer.stop(), webhookWorker.stop()]);
  await app.close();
  await app.drained(10_000);
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

if (testClock) {
  await app.register(testClockPlugin, {
    db: database.db,
    clock: testClock,
    runJobs: async (now) => ({
      budgets: await reloadBudgets(database.db, { now, calendar: config.calendar }),
      ...(await runApprovalReminders(database.db, now)),
    }),
  });
  app.log.warn('TEST_CLOCK_ROUTES: the server clock can be moved (POST /api/test/clock); for browser journeys only');
}

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Rewards Store on ${config.publicUrl} (${database.kind}${config.oidc.bundled ? ', bundled sign-in at /idp' : ''})`);
} catch (err) {
  app.log.error(err);
  await database.close();
  process.exit(1);
}
