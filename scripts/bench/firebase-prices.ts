/**
 * Firebase's list prices (Blaze plan, USD, us-central1) that the member-day bench turns into a monthly
 * bill. Written down with the date they were taken, as docs/performance.md states them: the machine has
 * no internet, so they are not fetched. No-cost quotas are left out: they matter only below ~10 GB of
 * database downloads a month, far under the sizes costed here.
 */
import type { MemberDayCost } from './member-day-cost';

export const PRICES_AS_OF =
  '2026-11 (firebase.google.com/pricing, cloud.google.com/storage/pricing and cloud.google.com/functions/pricing as published in 2025)';

export const firebasePrices = {
  /** Realtime Database: downloaded bytes, protocol overhead included. */
  databaseDownloadPerGb: 1,
  /** Cloud Storage (Standard, regional): stored, per GB-month. */
  storageStoredPerGbMonth: 0.026,
  /** Cloud Storage egress to the internet. */
  storageDownloadPerGb: 0.12,
  /** Class A (uploads) and class B (downloads) operations, per 10,000. */
  storageUploadOpsPer10k: 0.05,
  storageDownloadOpsPer10k: 0.004,
  /** Cloud Functions (2nd gen): invocations per million, and compute. */
  functionInvocationsPerMillion: 0.4,
  functionVcpuSecond: 0.000024,
  functionGibSecond: 0.0000025,
} as const;

/** What one invocation is billed for: the API's default 256 MiB, 1 vCPU, rounded up to 100 ms (an assumption). */
export const BILLED_INVOCATION = { seconds: 0.1, vcpu: 1, gib: 0.25 } as const;

const GB = 1e9;
const DAYS_PER_MONTH = 30;

export interface MonthlyBill {
  dailyMembers: number;
  database: number;
  storageTransfer: number;
  /** The month's new photos kept for a month (the stock grows each month by this much). */
  storageStored: number;
  functions: number;
  total: number;
}

export function monthlyBill(cost: MemberDayCost, dailyMembers: number): MonthlyBill {
  const days = dailyMembers * DAYS_PER_MONTH;
  const p = firebasePrices;
  const database = ((cost.databaseDownloadBytes * days) / GB) * p.databaseDownloadPerGb;
  const storageTransfer =
    ((cost.storageDownloadBytes * days) / GB) * p.storageDownloadPerGb +
    ((cost.storageUploads * days) / 10_000) * p.storageUploadOpsPer10k +
    ((cost.storageDownloads * days) / 10_000) * p.storageDownloadOpsPer10k;
  const storageStored = ((cost.storageUploadBytes * days) / GB) * p.storageStoredPerGbMonth;
  const invocations = cost.functionInvocations * days;
  const functions =
    (invocations / 1e6) * p.functionInvocationsPerMillion +
    invocations *
      BILLED_INVOCATION.seconds *
      (BILLED_INVOCATION.vcpu * p.functionVcpuSecond + BILLED_INVOCATION.gib * p.functionGibSecond);
  return {
    dailyMembers,
    database,
    storageTransfer,
    storageStored,
    functions,
    total: database + storageTransfer + storageStored + functions,
  };
}
