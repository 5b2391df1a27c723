export { REQUERY_KINDS } from "./kinds";
export { type JobScheduler, type RequeryContext, type RequeryJob, type RequeryKind, type RequeryResult, runRequery } from "./requery";
export {
  DEDICATED_ACCOUNT_QUEUE,
  EVENTS_KEPT_MS,
  Jobs,
  type JobsOptions,
  recordingScheduler,
  RECONCILIATION_QUEUE,
  RECONCILIATION_SCHEDULE,
  MERCHANT_SETTLEMENT_QUEUE,
  SETTLEMENT_QUEUE,
  SETTLEMENT_SCHEDULE,
  REQUERY_HEARTBEAT_SECONDS,
  REQUERY_QUEUE,
  TOPUP_EXPIRY_QUEUE,
} from "./worker";
