import type { Auth } from 'firebase-admin/auth';
import type { Database } from 'firebase-admin/database';
import express, { type Express, type RequestHandler } from 'express';
import {
  hideChallenge,
  listHiddenChallenges,
  unhideChallenge,
} from '../admin/admin-challenge-moderation-route';
import { listMembers } from '../admin/admin-member-list-route';
import { disableMember, enableMember } from '../admin/admin-member-moderation-route';
import { saveBanner, saveSiteSocialLinks } from '../admin/admin-website-route';
import { requireAdmin, requireMember, requireMemberCheckedAlongside } from './authenticate';
import { refuseOversizedBody } from './body-limit';
import { corsForOrigins } from './cors';
import { deleteChallenge } from '../challenges/challenge-delete-route';
import { generateChallenge } from '../challenges/generate-route';
import { setGroupAccess } from '../groups/group-access-route';
import { cheerMember } from '../groups/group-cheer-route';
import { memberOrVisitor, previewInvitation } from '../groups/group-invitation-route';
import { closeInvite, renewInvite } from '../groups/group-invite-route';
import { joinGroup } from '../groups/group-join-route';
import { leaveGroup, removeGroupMember } from '../groups/group-membership-route';
import { nudgeMember } from '../groups/group-nudge-route';
import { reportProof } from '../groups/group-report-route';
import { BODY_LIMIT_BYTES, errorHandler, HttpError, notFound } from './http-error';
import { instanceRoutedDatabase, type DatabaseInstances } from './instance-routed-database';
import { propagateIdentity } from '../members/identity-route';
import { builtInPlanner, type MealPlanProvider } from '../planner/meal-plan-provider';
import type { PhotoSources } from '@domain/members/member-identity';
import type { ProofStore } from '../proofs/proof-store';
import { submitMealProof } from '../proofs/proof-submit-route';
import { claimMealProof } from '../proofs/proof-claim-route';
import { approveProof, listFlaggedProofs, rejectProof } from '../admin/admin-proof-review-route';
import { streamProofPhoto } from '../admin/admin-proof-photo-route';
import { databaseThrottle, memoryThrottle, type RateLimit } from './rate-limit';
import { recomputeMember } from '../progress/recompute-route';
import { regenerateMeals } from '../challenges/regenerate-route';
import { swapOneMeal } from '../challenges/swap-route';
import { deleteWeight, editWeight, logWeight } from '../members/weight-log-route';
import type { PushSender } from '../reminders/push-delivery';
import {
  myRemindersRoute,
  removeDeviceRoute,
  resumeRemindersRoute,
  saveSettingsRoute,
  subscribeDeviceRoute,
  testReminderRoute,
} from '../reminders/reminders-route';

export interface AppOptions {
  /** The default instance; with `databaseInstances`, every ref goes to the instance that holds its path. */
  database: Database;
  databaseInstances?: DatabaseInstances;
  auth: Auth;
  allowedOrigins: readonly string[];
  /** Epoch ms; the challenge schedule and activity are computed against it. */
  clock?: () => number;
  planMeals?: MealPlanProvider;
  /** The project's bucket, where the recompute checks that each proof photo exists. */
  proofs: ProofStore;
  /** Where member photos may come from (the project's bucket, and Google's account photos). */
  photoSources: PhotoSources;
  /** Per member, shared by generate, regenerate and swap; kept in the database, as are the next two. */
  generateRateLimit?: RateLimit;
  recomputeRateLimit?: RateLimit;
  identityRateLimit?: RateLimit;
  weightLogRateLimit?: RateLimit;
  /** Per member, on recording proofs (each downloads and hashes a photo). */
  proofRateLimit?: RateLimit;
  /** Per member, shared by cheers and nudges on group boards. */
  cheerRateLimit?: RateLimit;
  /** Per member, shared by a group's access, invite, invitation, leave and remove routes (joins count as generate). */
  groupRateLimit?: RateLimit;
  /** Per visitor's address, on the invitation preview without an account (in memory: no database write). */
  visitorRateLimit?: RateLimit;
  /**
   * How the API reaches push services (meal reminders, nudge and cheer pushes): deployed, the project's
   * VAPID keys; under the emulators the dev pair and the local push service. Without it the reminder
   * routes answer 503 and nudges and cheers stay in-app.
   */
  push?: PushSender;
  /** Per member, shared by the /api/reminders routes. */
  reminderRateLimit?: RateLimit;
  log?: (message: string, error: unknown) => void;
}

export function createApp({
  database: defaultDatabase,
  databaseInstances,
  auth,
  allowedOrigins,
  clock = Date.now,
  planMeals = builtInPlanner,
  proofs,
  photoSources,
  generateRateLimit = { windowMs: 60_000, max: 10 },
  recomputeRateLimit = { windowMs: 60_000, max: 60 },
  identityRateLimit = { windowMs: 60_000, max: 20 },
  weightLogRateLimit = { windowMs: 60_000, max: 30 },
  proofRateLimit = { windowMs: 60_000, max: 20 },
  cheerRateLimit = { windowMs: 60_000, max: 60 },
  groupRateLimit = { windowMs: 60_000, max: 60 },
  visitorRateLimit = { windowMs: 60_000, max: 30 },
  push,
  reminderRateLimit = { windowMs: 60_000, max: 30 },
  log = (message, error) => console.error(message, error),
}: AppOptions): Express {
  // docs/scaling.md: the routes' every ref is taken through the instance seam.
  const database = instanceRoutedDatabase(defaultDatabase, databaseInstances);
  const app = express();
  app.disable('x-powered-by');
  // The function sits behind Google's front end, which adds the caller's address to X-Forwarded-For:
  // request.ip is that address (the visitor throttle's key), not one the caller wrote there.
  app.set('trust proxy', 1);
  app.use(corsForOrigins(allowedOrigins));
  app.use(refuseOversizedBody());
  app.use(express.json({ limit: BODY_LIMIT_BYTES }));

  // Each throttle runs on the token's uid before the revocation lookup (authenticate.ts).
  const throttled = (name: string, limit: RateLimit) =>
    requireMember(auth, databaseThrottle(database, name, limit, clock));
  const generateMember = throttled('generate', generateRateLimit);
  const dependencies = { database, clock, planMeals, proofs, photoSources };

  app.get('/api/health', (_request, response) => {
    response.json({ ok: true });
  });
  app.post('/api/generate', generateMember, generateChallenge(dependencies));
  app.post(
    '/api/challenges/:challengeId/regenerate',
    generateMember,
    regenerateMeals(dependencies),
  );
  app.post(
    '/api/challenges/:challengeId/days/:day/meals/:slot/swap',
    generateMember,
    swapOneMeal(dependencies),
  );
  app.post(
    '/api/challenges/:challengeId/days/:day/meals/:slot/proof',
    throttled('proof', proofRateLimit),
    submitMealProof(dependencies),
  );
  // Claims are small but written to the database: throttled as proofs are, on an allowance of their own.
  app.post(
    '/api/challenges/:challengeId/days/:day/meals/:slot/claim',
    throttled('proofClaim', proofRateLimit),
    claimMealProof(dependencies),
  );
  const cheers = throttled('cheer', cheerRateLimit);
  const withPush = { ...dependencies, push, log };
  app.post('/api/challenges/:challengeId/members/:uid/cheers', cheers, cheerMember(withPush));
  app.post('/api/challenges/:challengeId/members/:uid/nudges', cheers, nudgeMember(withPush));
  app.post(
    '/api/challenges/:challengeId/members/:uid/meals/:meal/reports',
    cheers,
    reportProof({ ...dependencies, log }),
  );
  const group = throttled('group', groupRateLimit);
  app.put('/api/challenges/:challengeId/access', group, setGroupAccess(dependencies));
  app.post('/api/challenges/:challengeId/invite', group, renewInvite(dependencies));
  app.delete('/api/challenges/:challengeId/invite', group, closeInvite(dependencies));
  // Visitors opening an invite see its preview too, throttled by address (docs/security.md, "Group challenges").
  const memberOrInvitedVisitor = memberOrVisitor(group, memoryThrottle(visitorRateLimit, clock));
  app.get(
    '/api/challenges/:challengeId/invitation',
    memberOrInvitedVisitor,
    previewInvitation(dependencies),
  );
  // Joins count as generate; the revocation lookup runs alongside the join's first reads (authenticate.ts).
  const joiningMember = requireMemberCheckedAlongside(
    auth,
    databaseThrottle(database, 'generate', generateRateLimit, clock),
  );
  app.post('/api/challenges/:challengeId/join', joiningMember, joinGroup(dependencies));
  app.post('/api/challenges/:challengeId/leave', group, leaveGroup(dependencies));
  app.delete('/api/challenges/:challengeId/members/:uid', group, removeGroupMember(dependencies));
  // A delete recomputes the owner's totals in the same request: it shares the recompute's allowance.
  const recomputing = throttled('recompute', recomputeRateLimit);
  app.delete('/api/challenges/:challengeId', recomputing, deleteChallenge(dependencies));
  app.post('/api/me/recompute', recomputing, recomputeMember(dependencies));
  app.post(
    '/api/me/identity',
    throttled('identity', identityRateLimit),
    propagateIdentity(dependencies),
  );
  const weightLog = requireMember(auth, memoryThrottle(weightLogRateLimit));
  app.post('/api/me/weights', weightLog, logWeight(dependencies));
  app.put('/api/me/weights/:date', weightLog, editWeight(dependencies));
  app.delete('/api/me/weights/:date', weightLog, deleteWeight(dependencies));

  // Meal reminders (functions/src/reminders/reminders-route.ts).
  mountReminders(app, throttled('reminders', reminderRateLimit), { database, clock, push, log });

  const admin = requireAdmin(auth, database);
  const moderation = { database, auth, clock, photoSources };
  app.get('/api/admin/members', admin, listMembers(moderation));
  app.post('/api/admin/members/:uid/disable', admin, disableMember(moderation));
  app.post('/api/admin/members/:uid/enable', admin, enableMember(moderation));
  app.get('/api/admin/challenges/hidden', admin, listHiddenChallenges(moderation));
  app.post('/api/admin/challenges/:challengeId/hide', admin, hideChallenge(moderation));
  app.post('/api/admin/challenges/:challengeId/unhide', admin, unhideChallenge(moderation));
  app.post('/api/admin/website/banner', admin, saveBanner(moderation));
  app.post('/api/admin/website/social-links', admin, saveSiteSocialLinks(moderation));
  const proofReview = { database, clock, proofs, photoSources, log };
  app.get('/api/admin/proofs', admin, listFlaggedProofs(proofReview));
  app.post('/api/admin/proofs/:key/approve', admin, approveProof(proofReview));
  app.post('/api/admin/proofs/:key/reject', admin, rejectProof(proofReview));
  app.get('/api/admin/proofs/:key/photo', admin, streamProofPhoto(proofReview, 'flagged'));
  app.get('/api/admin/proofs/:key/earlier-photo', admin, streamProofPhoto(proofReview, 'earlier'));

  app.use(notFound);
  app.use(errorHandler(log));
  return app;
}

/** The meal-reminder routes; without a push sender (no VAPID keys) they answer 503 and the rest of the API runs. */
function mountReminders(
  app: Express,
  reminders: RequestHandler,
  {
    push,
    ...rest
  }: {
    database: Database;
    clock: () => number;
    push?: PushSender;
    log: (message: string, error: unknown) => void;
  },
): void {
  if (!push) {
    app.use('/api/reminders', reminders, () => {
      throw new HttpError(503, 'unavailable', 'Meal reminders are not set up on this server');
    });
    return;
  }
  const mine = { ...rest, push };
  app.get('/api/reminders', reminders, myRemindersRoute(mine));
  app.post('/api/reminders/devices', reminders, subscribeDeviceRoute(mine));
  app.delete('/api/reminders/devices/:deviceId', reminders, removeDeviceRoute(mine));
  app.put('/api/reminders/settings', reminders, saveSettingsRoute(mine));
  app.post('/api/reminders/test', reminders, testReminderRoute(mine));
  app.post('/api/reminders/resume', reminders, resumeRemindersRoute(mine));
}
