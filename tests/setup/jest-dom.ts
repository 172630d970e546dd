import '@testing-library/jest-dom/vitest';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; on a loaded 2-core CI machine a render that React schedules
// as a transition has taken longer (one random failure blocks a landing). A passing test waits no longer.
configure({ asyncUtilTimeout: 4000 });
