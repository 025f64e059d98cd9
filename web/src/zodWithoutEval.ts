// zod compiles object schemas with `new Function` when it may, and finds out by trying: under the app's policy
// (no 'unsafe-eval') the try is refused and reported as a Content Security Policy violation. Its interpreter is
// just as correct, so the app asks for it outright. Imported first by main.tsx, before any schema runs.
import { z } from 'zod';

z.config({ jitless: true });
