// Background jobs on the app's PostgreSQL with pg-boss: jobs
// are rows, so they survive restarts, and pg-boss hands each job to one worker even with several
// servers on one database (SELECT … FOR UPDATE SKIP LOCKED).
import { type Database, type DbOrTx, pruneEvents } from "@kolo/db";
import { DomainError, REQUERY_FIRST_DELAY_MS } from "@kolo/domain";
import { sql } from "drizzle-orm";
import { PgBoss, fromDrizzle } from "pg-boss";
import { assignDedicatedAccount } from "../banking/dedicated-account";
import { sendMoneyAlerts } from "../notifications/alerts";
import { previousLagosDay, runReconciliation } from "../money/reconciliation";
import { expireStaleTopUps } from "../money/topup-expiry";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../trpc";
import type { Services } from "../services";
import { REQUERY_KINDS } from "./kinds";
import { type JobScheduler, type RequeryJob, type RequeryKind, runRequery } from "./requery";

/** Queue of requery steps (data: RequeryJob); one queued step per kind and reference. */
export const REQUERY_QUEUE = "kolo-requery";
/** Queue of the top-up expiry run, sent by a pg-boss schedule every minute. */
export const TOPUP_EXPIRY_QUEUE = "kolo-topup-expiry";
/** Queue of account-number assignments (data {userId}); one queued job per user. */
export const DEDICATED_ACCOUNT_QUEUE = "kolo-dedicated-account";
/** Retries of an account-number assignment: 30 s doubling, about two hours in all. */
const DEDICATED_ACCOUNT_RETRY_LIMIT = 8;
/** Queue of the money-alert e-mails, sent by a pg-boss schedule every minute (notifications/alerts.ts). */
export const MONEY_ALERTS_QUEUE = "kolo-money-alerts";
/** Queue of the hourly pruning of live events older than a day (packages/db/src/queries/events.ts). */
export const EVENTS_PRUNE_QUEUE = "kolo-events-prune";
/** How long live events are kept for a reconnecting stream's catch-up. */
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
/** Queue of the daily reconciliation, sent by a pg-boss schedule at 00:30 Lagos time for the day before (docs/money-integrity.md). */
export const RECONCILIATION_QUEUE = "kolo-reconciliation";
/** The daily reconciliation's schedule: cron in the Africa/Lagos time zone. */
export const RECONCILIATION_SCHEDULE = { cron: "30 0 * * *", tz: "Africa/Lagos" } as const;

export interface JobsOptions {
  /** PostgreSQL URL; pg-boss keeps its tables in the schema `pgboss` and its own small pool. */
  connectionString: string;
  /** Delay of the first requery (ms); default REQUERY_FIRST_DELAY_MS (30 s). REQUERY_FIRST_DELAY_MS env. */
  firstDelayMs?: number;
  /** How often an idle worker looks for due jobs (s, at least 0.5); default 2. */
  pollingIntervalSeconds?: number;
  /** Requery kinds; default REQUERY_KINDS. */
  kinds?: readonly RequeryKind[];
  /** Run the every-minute top-up expiry (default true). */
  topUpExpiry?: boolean;
  /** Send the money-alert e-mails every minute (default true). */
  moneyAlerts?: boolean;
  /** Run the daily reconciliation schedule (default true). */
  reconciliation?: boolean;
  /** Run workers here (default true); false = this process only sends jobs (tests of a restart). */
  workers?: boolean;
  /** pg-boss pool size (default 3). */
  poolMax?: number;
}

/**
 * The job runner: `requery` (JobScheduler) sends jobs; `start(db, services)` creates the queues,
 * the top-up expiry schedule and the workers; `stop()` waits for running jobs. Build it before the
 * services (they hold it as `jobs`), start it before the server listens.
 */
export class Jobs implements JobScheduler {
  readonly #boss: PgBoss;
  readonly #options: JobsOptions;
  #started: Promise<unknown> | undefined;
  #log: Services["log"] | undefined;

  constructor(options: JobsOptions) {
    this.#options = options;
    this.#boss = new PgBoss({ connectionString: options.connectionString, max: options.poolMax ?? 3, application_name: "kolo-jobs" });
  }

  get firstDelayMs() {
    return this.#options.firstDelayMs ?? REQUERY_FIRST_DELAY_MS;
  }

  /** Starts pg-boss (migrating its schema), the queues, the schedule and the workers. */
  async start(db: Database, services: Services): Promise<void> {
    const boss = this.#boss;
    this.#log = services.log;
    boss.on("error", (error) => services.log.warn({ err: String(error) }, "Job runner error"));
    this.#started = boss.start();
    await this.#started;
    // stately: at most one queued (and one active) job per singletonKey, so a repeated requery() is a no-op.
    await boss.createQueue(REQUERY_QUEUE, { policy: "stately", retryLimit: 10, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 });
    if (this.#options.workers === false) return;
    const kinds = this.#options.kinds ?? REQUERY_KINDS;
    const polling = this.#options.pollingIntervalSeconds ?? 2;
    await boss.work<RequeryJob>(REQUERY_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
      if (!job) return;
      const now = services.now?.() ?? new Date();
      const result = await runRequery({ db, services, now }, job.data, kinds, this.firstDelayMs);
      if (result.outcome === "retry") {
        const next: RequeryJob = { ...job.data, attempt: job.data.attempt + 1 };
        await this.#send(next, result.delayMs);
      }
    });
    await boss.createQueue(DEDICATED_ACCOUNT_QUEUE, {
      policy: "stately",
      retryLimit: DEDICATED_ACCOUNT_RETRY_LIMIT,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await boss.work<{ userId: number }>(DEDICATED_ACCOUNT_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
      if (!job) return;
      // A throw fails the job and pg-boss retries it; the last try marks the row 'failed'.
      await assignDedicatedAccount(db, services, job.data.userId, { final: job.retryCount >= DEDICATED_ACCOUNT_RETRY_LIMIT });
    });
    if (this.#options.topUpExpiry ?? true) {
      await boss.createQueue(TOPUP_EXPIRY_QUEUE, { policy: "singleton", retryLimit: 0, expireInSeconds: 300 });
      await boss.schedule(TOPUP_EXPIRY_QUEUE, "* * * * *");
      await boss.work(TOPUP_EXPIRY_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        await expireStaleTopUps(db, services.paymentGateway, services.log, { now: services.now?.() });
      });
    }
    if (this.#options.moneyAlerts ?? true) {
      // singleton: one run at a time across servers, so an alert is never e-mailed twice by two runs.
      await boss.createQueue(MONEY_ALERTS_QUEUE, { policy: "singleton", retryLimit: 0, expireInSeconds: 300 });
      await boss.schedule(MONEY_ALERTS_QUEUE, "* * * * *");
      await boss.work(MONEY_ALERTS_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        await sendMoneyAlerts(db, services);
      });
    }
    await boss.createQueue(EVENTS_PRUNE_QUEUE, { policy: "singleton", retryLimit: 0, expireInSeconds: 600 });
    await boss.schedule(EVENTS_PRUNE_QUEUE, "17 * * * *");
    await boss.work(EVENTS_PRUNE_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
      await pruneEvents(db, new Date((services.now?.() ?? new Date()).getTime() - EVENTS_KEPT_MS));
    });
    if (this.#options.reconciliation ?? true) {
      await boss.createQueue(RECONCILIATION_QUEUE, { policy: "singleton", retryLimit: 3, retryDelay: 600, expireInSeconds: 3_600 });
      await boss.schedule(RECONCILIATION_QUEUE, RECONCILIATION_SCHEDULE.cron, null, { tz: RECONCILIATION_SCHEDULE.tz });
      await boss.work(RECONCILIATION_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        const now = services.now?.() ?? new Date();
        await runReconciliation(db, services, { day: previousLagosDay(now), now, triggeredBy: null });
      });
    }
  }

  async #send(job: RequeryJob, delayMs: number, tx?: DbOrTx) {
    const options = { singletonKey: `${job.kind}:${job.reference}`, startAfter: new Date(Date.now() + delayMs) };
    if (!tx) {
      await this.#boss.send(REQUERY_QUEUE, job, options);
      return;
    }
    try {
      // pg-boss's own drizzle adapter: the insert runs on the transaction's connection.
      await this.#boss.send(REQUERY_QUEUE, job, { ...options, db: fromDrizzle(tx, sql) });
    } catch (error) {
      // The caller's transaction (and the hold in it) rolls back; the client is told to try again.
      this.#log?.warn({ kind: job.kind, reference: job.reference, err: String(error) }, "Requery job could not be written: the hold is rolled back");
      throw new DomainError("SERVICE_UNAVAILABLE", SERVICE_UNAVAILABLE_MESSAGE);
    }
  }

  /** Schedules the first requery of `reference` (JobScheduler), through `options.tx` when given. Needs start() to have run. */
  async requery(kind: string, reference: string, options: { tx?: DbOrTx } = {}): Promise<void> {
    if (!this.#started) throw new Error("Jobs.requery before start()");
    await this.#started;
    await this.#send({ kind, reference, attempt: 0, startedAt: new Date().toISOString() }, this.firstDelayMs, options.tx);
  }

  /** Sends the account-number assignment job of `userId` (JobScheduler). Needs start() to have run. */
  async assignDedicatedAccount(userId: number): Promise<void> {
    if (!this.#started) throw new Error("Jobs.assignDedicatedAccount before start()");
    await this.#started;
    await this.#boss.send(DEDICATED_ACCOUNT_QUEUE, { userId }, { singletonKey: String(userId) });
  }

  /** Requery jobs of `kind` for `reference` waiting to run (tests and admin views). */
  async queued(kind: string, reference: string): Promise<number> {
    const jobs = await this.#boss.findJobs<RequeryJob>(REQUERY_QUEUE, { key: `${kind}:${reference}`, queued: true });
    return jobs.length;
  }

  /** The schedules pg-boss holds (name, cron, tz): tests check the reconciliation's. */
  async schedules() {
    return this.#boss.getSchedules();
  }

  /** Stops the workers (waiting for running jobs) and closes pg-boss's pool. */
  async stop(): Promise<void> {
    if (!this.#started) return;
    await this.#boss.stop({ graceful: true, timeout: 10_000 });
  }
}

/**
 * A scheduler that only records what it was asked (router tests without a job runner): the
 * requeries are in `requested`, the account-number assignments in `dedicatedAccounts`. Tests of the requery itself use runRequery or a started Jobs.
 */
export function recordingScheduler(): JobScheduler & { requested: { kind: string; reference: string }[]; dedicatedAccounts: number[] } {
  const requested: { kind: string; reference: string }[] = [];
  const dedicatedAccounts: number[] = [];
  return {
    requested,
    dedicatedAccounts,
    requery: (kind, reference) => {
      requested.push({ kind, reference });
      return Promise.resolve();
    },
    assignDedicatedAccount: (userId) => {
      dedicatedAccounts.push(userId);
      return Promise.resolve();
    },
  };
}
