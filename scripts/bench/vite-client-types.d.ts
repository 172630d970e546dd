// The feed bench runs the app's own feed query (src/features/feed), whose imports reach code written for Vite.
/// <reference types="vite/client" />
