// The face of the package entry `@tidings/web/first-screen` (the server build of drawFirstScreen.tsx), for the API's
// start-up to typecheck against without compiling the web app: drawFirstScreen.tsx is typed by the same contract.
import type { FirstScreenRenderer } from '@tidings/shared/firstScreen';

export declare const drawFirstScreen: FirstScreenRenderer;
