// Background jobs on the app's PostgreSQL with pg-boss: jobs
// are rows, so they survive restarts, and pg-boss hands each job to one worker even with several
// servers on one database (SELECT … FOR UPDATE SKIP LOCKED).
import { type Database, type DbOrTx, coverHistorySearch, listAutoSettleMerchantIds, jobQueueAdapterArgs, newestMoneyAlertId, pruneEvents } from "@kolo/db";
import { DomainError, REQUERY_FIRST_DELAY_MS, lagosDate } from "@kolo/domain";
import { type JobResult, type Job as PgBossJob, PgBoss, type Queue, fromDrizzle } from "pg-boss";
import { assignDedicatedAccount } from "../banking/dedicated-account";
import { sendMoneyAlerts } from "../notifications/alerts";
import { previousLagosDay, runReconciliation } from "../money/reconciliation";
import { settleMerchant } from "../money/settlement";
import { expireStaleTopUps } from "../money/topup-expiry";
import { SERVICE_UNAVAILABLE_MESSAGE } from "../public-error";
import type { Services } from "../services";
import { REQUERY_KINDS } from "./kinds";
import { type JobScheduler, type RequeryJob, type RequeryKind, runRequery } from "./requery";

/** Queue of requery steps (data: RequeryJob); one queued step per kind and reference. */
export const REQUERY_QUEUE = "kolo-requery";
/**
 * A requery step's worker beats every half of this; when the beats stop (its server died), the
 * next monitor pass fails the step and pg-boss retries it on any server (docs/money-integrity.md).
 */
export const REQUERY_HEARTBEAT_SECONDS = 10;
/** Requery steps a server's worker takes at once. */
const REQUERY_BATCH = 10;
/** How often pg-boss's supervisor and its monitor pass run (expiry and missed heartbeats), in seconds. */
const MONITOR_INTERVAL_SECONDS = 10;
/** Queue of the top-up expiry run, sent by a pg-boss schedule every minute. */
export const TOPUP_EXPIRY_QUEUE = "kolo-topup-expiry";
/** Queue of account-number assignments (data {userId}); one queued job per user. */
export const DEDICATED_ACCOUNT_QUEUE = "kolo-dedicated-account";
/** Retries of an account-number assignment: 30 s doubling, about two hours in all. */
const DEDICATED_ACCOUNT_RETRY_LIMIT = 8;
/**
 * Queue of the money-alert e-mails (notifications/alerts.ts): sent within a second or two of each
 * new alert (a completed transaction), which every server looks for each MONEY_ALERTS_LOOK_MS,
 * and by a pg-boss schedule every minute as the safety net for a look that failed.
 */
export const MONEY_ALERTS_QUEUE = "kolo-money-alerts";
/** New alerts within one such slot (s) share one alert run (pg-boss sendDebounced). */
const MONEY_ALERTS_DEBOUNCE_SECONDS = 1;
/** How often a server looks for new money alerts (ms): one read of the outbox's newest id. */
const MONEY_ALERTS_LOOK_MS = 1_000;
/** Queue of the hourly pruning of live events older than a day (packages/db/src/queries/events.ts). */
export const EVENTS_PRUNE_QUEUE = "kolo-events-prune";
/** How long live events are kept for a reconnecting stream's catch-up. */
export const EVENTS_KEPT_MS = 24 * 60 * 60 * 1000;
/**
 * Queue of the weekly move of History's search indexes to the start of the day it runs (UTC):
 * coverHistorySearch (packages/db/src/queries/history-search.ts), Mondays at 03:00 Lagos time.
 */
export const HISTORY_SEARCH_QUEUE = "kolo-history-search";
/** The search indexes' schedule: cron in the Africa/Lagos time zone (a quiet hour). */
export const HISTORY_SEARCH_SCHEDULE = { cron: "0 3 * * 1", tz: "Africa/Lagos" } as const;
/** Queue of the daily reconciliation, sent by a pg-boss schedule at 00:30 Lagos time for the day before (docs/money-integrity.md). */
export const RECONCILIATION_QUEUE = "kolo-reconciliation";
/** The daily reconciliation's schedule: cron in the Africa/Lagos time zone. */
export const RECONCILIATION_SCHEDULE = { cron: "30 0 * * *", tz: "Africa/Lagos" } as const;

/** Queue of the daily automatic settlement's start, sent by a pg-boss schedule at 17:00 Lagos time (docs/product.md "Settlement"). */
export const SETTLEMENT_QUEUE = "kolo-settlement";
/** The automatic settlement's schedule: cron in the Africa/Lagos time zone. */
export const SETTLEMENT_SCHEDULE = { cron: "0 17 * * *", tz: "Africa/Lagos" } as const;
/** Queue of one merchant's settlement of one Lagos day (data {merchantId, day}); singleton key `{merchantId}:{day}`. */
export const MERCHANT_SETTLEMENT_QUEUE = "kolo-merchant-settlement";

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
  /** Send the money-alert e-mails within seconds of each completed transaction, and every minute (default true). */
  moneyAlerts?: boolean;
  /** Keep the every-minute money-alert run as a safety net (default true); false leaves only the look for new alerts. */
  moneyAlertsSchedule?: boolean;
  /** Run the daily reconciliation schedule (default true). */
  reconciliation?: boolean;
  /** Run the daily automatic settlement schedule (default true). */
  settlement?: boolean;
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
  /** This server's look for new money alerts, every MONEY_ALERTS_LOOK_MS. */
  #alertLook: NodeJS.Timeout | undefined;
  /** The money alert run this server will ask pg-boss for at the end of the debounce slot. */
  #alertRequest: NodeJS.Timeout | undefined;

  constructor(options: JobsOptions) {
    this.#options = options;
    this.#boss = new PgBoss({
      connectionString: options.connectionString,
      max: options.poolMax ?? 3,
      application_name: "kolo-jobs",
      // The supervisor's monitor pass fails jobs whose worker stopped beating (a server killed
      // mid-job), so a dead server's requery is retried elsewhere within REQUERY_HEARTBEAT_SECONDS
      // + this (a pass needs both timers).
      superviseIntervalSeconds: MONITOR_INTERVAL_SECONDS,
      monitorIntervalSeconds: MONITOR_INTERVAL_SECONDS,
    });
  }

  get firstDelayMs() {
    return this.#options.firstDelayMs ?? REQUERY_FIRST_DELAY_MS;
  }

  /** Starts pg-boss (migrating its schema), the queues, the schedule and the workers. */
  async start(db: Database, services: Services): Promise<void> {
    const boss = this.#boss;
    this.#log = services.log;
    boss.on("error", (error: unknown) => services.log.warn({ err: error instanceof Error ? error.message : JSON.stringify(error) }, "Job runner error"));
    this.#started = boss.start();
    await this.#started;
    // stately: at most one queued (and one active) job per singletonKey, so a repeated requery() is a no-op.
    // A failed step (its server died) is retried after the first requery delay, backing off.
    await this.#queue(REQUERY_QUEUE, "stately", {
      retryLimit: 10,
      retryDelay: Math.max(1, Math.round(this.firstDelayMs / 1000)),
      retryBackoff: true,
      expireInSeconds: 120,
      heartbeatSeconds: REQUERY_HEARTBEAT_SECONDS,
    });
    if (this.#options.workers === false) return;
    const kinds = this.#options.kinds ?? REQUERY_KINDS;
    const polling = this.#options.pollingIntervalSeconds ?? 2;
    // Up to REQUERY_BATCH steps at once, fetched again at once while batches come back full (a
    // backlog after an outage drains at the provider's pace, not one step per poll).
    const step = async (job: PgBossJob<RequeryJob>): Promise<JobResult> => {
      try {
        const now = services.now?.() ?? new Date();
        const result = await runRequery({ db, services, now }, job.data, kinds, this.firstDelayMs);
        if (result.outcome === "retry") await this.#send({ ...job.data, attempt: job.data.attempt + 1 }, result.delayMs);
        return { id: job.id, status: "completed" };
      } catch (error) {
        // The database could not be reached: pg-boss retries this step (retryDelay, backing off).
        return { id: job.id, status: "failed", output: { message: String(error) } };
      }
    };
    await boss.work<RequeryJob>(
      REQUERY_QUEUE,
      { batchSize: REQUERY_BATCH, burstWhenBatchFull: true, perJobResults: true, pollingIntervalSeconds: polling },
      (jobs) => Promise.all(jobs.map(step)),
    );
    await this.#queue(DEDICATED_ACCOUNT_QUEUE, "stately", {
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
      await this.#queue(TOPUP_EXPIRY_QUEUE, "singleton", { retryLimit: 0, expireInSeconds: 300 });
      await boss.schedule(TOPUP_EXPIRY_QUEUE, "* * * * *");
      await boss.work(TOPUP_EXPIRY_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        await expireStaleTopUps(db, services.paymentGateway, services.log, { now: services.now?.() });
      });
    }
    if (this.#options.moneyAlerts ?? true) {
      // singleton: one run at a time across servers, so an alert is never e-mailed twice by two runs.
      await this.#queue(MONEY_ALERTS_QUEUE, "singleton", { retryLimit: 0, expireInSeconds: 300 });
      if (this.#options.moneyAlertsSchedule ?? true) await boss.schedule(MONEY_ALERTS_QUEUE, "* * * * *");
      const worker = await boss.work(MONEY_ALERTS_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        await sendMoneyAlerts(db, services);
      });
      // Each completed transaction's alert goes out within seconds of its commit: this server
      // looks every second for an alert newer than the newest it saw (the outbox sends no NOTIFY:
      // docs/decisions.md "Live events without NOTIFY"), and queues one run per second at most
      // (debounced: a new alert during a run queues the next one, so none waits for the
      // schedule). The debounce is kept here as well as in pg-boss: the first look of a slot that
      // finds one asks at once, the rest of the slot share one request at its end, so a busy
      // second costs pg-boss two inserts, not two per transfer (docs/performance.md "At scale").
      // A run reads every alert unsent when it starts, so an alert committed before the request
      // is in its run; after each look that found new alerts, the next look asks once more, for an
      // alert with a lower id committed meanwhile (a longer straggler: the schedule).
      let lastAsked = 0;
      const soon = () => {
        if (this.#alertRequest) return;
        const wait = Math.max(0, lastAsked + MONEY_ALERTS_DEBOUNCE_SECONDS * 1000 - Date.now());
        this.#alertRequest = setTimeout(() => {
          this.#alertRequest = undefined;
          lastAsked = Date.now();
          this.#boss
            .sendDebounced(MONEY_ALERTS_QUEUE, null, null, MONEY_ALERTS_DEBOUNCE_SECONDS)
            .then(() => this.#boss.notifyWorker(worker))
            .catch((error: unknown) => services.log.warn({ err: String(error) }, "Money alert run not queued: the schedule sends it"));
        }, wait);
        this.#alertRequest.unref();
      };
      let seen = 0;
      let trailing = false;
      let looking = false;
      const look = async () => {
        if (looking) return;
        looking = true;
        try {
          const newest = await newestMoneyAlertId(db);
          if (newest > seen || trailing) {
            trailing = newest > seen;
            seen = newest;
            soon();
          }
        } catch (error) {
          services.log.warn({ err: String(error) }, "Could not look for new money alerts: the schedule sends them");
        } finally {
          looking = false;
        }
      };
      this.#alertLook = setInterval(() => void look(), MONEY_ALERTS_LOOK_MS);
      this.#alertLook.unref();
    }
    await this.#queue(EVENTS_PRUNE_QUEUE, "singleton", { retryLimit: 0, expireInSeconds: 600 });
    await boss.schedule(EVENTS_PRUNE_QUEUE, "17 * * * *");
    await boss.work(EVENTS_PRUNE_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
      await pruneEvents(db, new Date((services.now?.() ?? new Date()).getTime() - EVENTS_KEPT_MS));
    });
    // Building two indexes over the whole table takes minutes at ten million records: one run at a time, an hour allowed.
    await this.#queue(HISTORY_SEARCH_QUEUE, "singleton", { retryLimit: 3, retryDelay: 600, expireInSeconds: 3_600 });
    await boss.schedule(HISTORY_SEARCH_QUEUE, HISTORY_SEARCH_SCHEDULE.cron, null, { tz: HISTORY_SEARCH_SCHEDULE.tz });
    await boss.work(HISTORY_SEARCH_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
      await coverHistorySearch(db, startOfUtcDay(services.now?.() ?? new Date()));
    });
    if (this.#options.reconciliation ?? true) {
      await this.#queue(RECONCILIATION_QUEUE, "singleton", { retryLimit: 3, retryDelay: 600, expireInSeconds: 3_600 });
      await boss.schedule(RECONCILIATION_QUEUE, RECONCILIATION_SCHEDULE.cron, null, { tz: RECONCILIATION_SCHEDULE.tz });
      await boss.work(RECONCILIATION_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        const now = services.now?.() ?? new Date();
        await runReconciliation(db, services, { day: previousLagosDay(now), now, triggeredBy: null });
      });
    }
    if (this.#options.settlement ?? true) {
      // The schedule's run sends one job per merchant and Lagos day (stately, singleton key
      // `{merchantId}:{day}`); each pays under the day's idempotency key, so never twice a day.
      await this.#queue(SETTLEMENT_QUEUE, "singleton", { retryLimit: 3, retryDelay: 300, expireInSeconds: 600 });
      await this.#queue(MERCHANT_SETTLEMENT_QUEUE, "stately", { retryLimit: 3, retryDelay: 300, retryBackoff: true, expireInSeconds: 300 });
      await boss.schedule(SETTLEMENT_QUEUE, SETTLEMENT_SCHEDULE.cron, null, { tz: SETTLEMENT_SCHEDULE.tz });
      await boss.work(SETTLEMENT_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async () => {
        const day = lagosDate(services.now?.() ?? new Date());
        for (const merchantId of await listAutoSettleMerchantIds(db)) {
          await boss.send(MERCHANT_SETTLEMENT_QUEUE, { merchantId, day }, { singletonKey: `${merchantId}:${day}` });
        }
      });
      await boss.work<{ merchantId: number; day: string }>(MERCHANT_SETTLEMENT_QUEUE, { batchSize: 1, pollingIntervalSeconds: polling }, async ([job]) => {
        if (!job) return;
        const now = services.now?.() ?? new Date();
        // A job that waited past its day (an outage) settles nothing: the next day's run does.
        if (lagosDate(now) !== job.data.day) return;
        await settleMerchant(db, services, job.data.merchantId, now);
      });
    }
  }

  /**
   * Creates queue `name` with `policy` and `options`, and applies `options` to a queue an older
   * release created (createQueue leaves an existing queue as it was; a policy never changes).
   */
  async #queue(name: string, policy: "stately" | "singleton", options: Omit<Queue, "name" | "policy">) {
    await this.#boss.createQueue(name, { policy, ...options });
    await this.#boss.updateQueue(name, options);
  }

  async #send(job: RequeryJob, delayMs: number, tx?: DbOrTx) {
    const options = { singletonKey: `${job.kind}:${job.reference}`, startAfter: new Date(Date.now() + delayMs) };
    if (!tx) {
      await this.#boss.send(REQUERY_QUEUE, job, options);
      return;
    }
    try {
      // pg-boss's own drizzle adapter: the insert runs on the transaction's connection.
      await this.#boss.send(REQUERY_QUEUE, job, { ...options, db: fromDrizzle(...jobQueueAdapterArgs(tx)) });
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
    clearInterval(this.#alertLook);
    this.#alertLook = undefined;
    clearTimeout(this.#alertRequest);
    this.#alertRequest = undefined;
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

/** The instant a UTC day starts: the search indexes' boundaries fall on it, so each names its day. */
function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
