import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getDatabase } from 'firebase-admin/database';
import { getStorage } from 'firebase-admin/storage';
import { onRequest } from 'firebase-functions/v2/https';
import { createApp } from './app';
import { mealPlannerFromEnvironment } from './gemini-meal-planner';
import { bucketProofStore } from './proof-store';

const projectId = process.env.GCLOUD_PROJECT ?? 'demo-challangex';

function allowedOrigins(): string[] {
  const configured = process.env.ALLOWED_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (configured?.length) return configured;
  return [
    `https://${projectId}.web.app`,
    `https://${projectId}.firebaseapp.com`,
    'http://localhost:5173',
    'http://127.0.0.1:5173',
    'http://localhost:4173',
    'http://127.0.0.1:4173',
    'http://localhost:5000',
    'http://127.0.0.1:5000',
  ];
}

const firebaseApp = initializeApp({
  projectId,
  databaseURL: process.env.DATABASE_URL ?? `https://${projectId}-default-rtdb.firebaseio.com`,
  storageBucket: process.env.STORAGE_BUCKET ?? `${projectId}.appspot.com`,
});

const app = createApp({
  database: getDatabase(firebaseApp),
  auth: getAuth(firebaseApp),
  allowedOrigins: allowedOrigins(),
  planMeals: mealPlannerFromEnvironment(),
  proofs: bucketProofStore(getStorage(firebaseApp).bucket()),
});

export const api = onRequest({ region: 'us-central1' }, app);
