declare module 'async-exit-hook' {
  /** Registers a hook run at process exit; `unhookEvent` removes the library's handler for one event. */
  const exitHook: ((hook: (done?: () => void) => void) => void) & { unhookEvent(event: string): void };
  export default exitHook;
}
