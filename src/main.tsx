import 'bootstrap/dist/css/bootstrap.min.css';
import '@/styles/app.css';

// index.html's static shell paints first, without waiting for this script's chunks to be evaluated;
// the app (React, router, Firebase) starts right after that paint. index.html modulepreloads its chunk.
requestAnimationFrame(() => setTimeout(() => void import('@/app/start-app')));
